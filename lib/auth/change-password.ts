// Self-service on the signed-in account: change the password (the current one is required, and wrong
// guesses count towards the sign-in throttle) and sign out of the other console sessions.
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError, fieldError } from "@/lib/errors";
import { LoginError } from "./login-error";
import { assertNotThrottled, recordLoginFailure, throttleKeys } from "./login-throttle";
import { hashPassword, verifyPassword } from "./passwords";
import type { Principal } from "./principal";
import { revokeSessions } from "./user-sessions";

export async function changePassword(p: Principal, current: string, next: string, ip: string): Promise<{ signed_out_sessions: number }> {
  const user = await db().user.findUniqueOrThrow({ where: { id: p.user.id } });
  if (!user.passwordHash) {
    throw new AppError("bad_request", "Your account signs in through the company directory; change your password there.");
  }
  const keys = throttleKeys("password", user.email, ip);
  try {
    await assertNotThrottled(keys);
  } catch (err) {
    if (err instanceof LoginError) throw new AppError("too_many_requests", "Too many wrong passwords. Wait a few minutes before trying again.");
    throw err;
  }
  if (!(await verifyPassword(current, user.passwordHash))) {
    await recordLoginFailure(keys);
    throw fieldError("current_password", "This is not your current password.");
  }
  if (current === next) throw fieldError("new_password", "The new password must differ from the current one.");
  const passwordHash = await hashPassword(next);
  return db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    const ended = await revokeSessions(user.id, { keep: p.sessionId ?? null }, tx);
    await recordAudit({ principal: p, action: "Password changed", metadata: { signed_out_sessions: ended } }, tx);
    return { signed_out_sessions: ended };
  });
}

export async function signOutOtherSessions(p: Principal): Promise<{ signed_out_sessions: number }> {
  const ended = await revokeSessions(p.user.id, { keep: p.sessionId ?? null });
  await recordAudit({ principal: p, action: "Signed out of other sessions", metadata: { signed_out_sessions: ended } });
  return { signed_out_sessions: ended };
}
