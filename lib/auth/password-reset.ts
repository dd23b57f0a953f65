// "Forgot password": a reset link e-mailed to the account's address (single use, PASSWORD_RESET_TTL_MINUTES,
// SHA-256 stored). The answer never says whether the address has an account: it is the same text either way,
// and the mail is sent after the answer (an SMTP round-trip would otherwise time the difference). Requests are
// limited per client address and per e-mail address. Setting the new password signs out every session.
import { recordAudit } from "@/lib/audit/record-audit";
import type { TPasswordResetRequested } from "@/lib/contracts/account";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { hashToken, linkDeliveryMode, linkTo, newLinkToken, replaceLinkToken, sendLinkMail } from "./link-mail";
import { clearLoginFailures, throttleKeys } from "./login-throttle";
import { hashPassword } from "./passwords";
import { revokeSessions } from "./user-sessions";

export const RESET_PATH = "/reset-password";
const WINDOW_MS = 15 * 60_000;
/** Per 15 minutes: a person retrying is fine; a script walking addresses or flooding one mailbox is not. */
const MAX_PER_IP = 10;
const MAX_PER_ADDRESS = 3;

async function hit(key: string, now: Date): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const rows = await db().$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
    RETURNING count`;
  return Number(rows[0].count);
}

async function assertWithinLimits(email: string, ip: string, now: Date): Promise<void> {
  const [byIp, byAddress] = [await hit(`pwreset:ip:${ip}`, now), await hit(`pwreset:email:${email}`, now)];
  if (byIp > MAX_PER_IP || byAddress > MAX_PER_ADDRESS) {
    const retry = Math.ceil((WINDOW_MS - (now.getTime() % WINDOW_MS)) / 1000);
    throw new AppError("too_many_requests", `Too many password reset requests; retry in ${retry} s.`, { retryAfterSeconds: retry });
  }
}

const ANSWER = "If an account uses this address, a link to choose a new password is on its way. It expires soon; check your inbox.";

/** Issues the token and sends the link; runs after the answer has gone out. */
async function issueReset(userId: number, companyId: number, email: string, ip: string, origin: string): Promise<void> {
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(Date.now() + env().PASSWORD_RESET_TTL_MINUTES * 60_000);
  await replaceLinkToken(userId, async (tx) => {
    await tx.passwordResetToken.deleteMany({ where: { userId, usedAt: null } });
    await tx.passwordResetToken.create({ data: { userId, tokenHash, expiresAt } });
  });
  await recordAudit({ companyId, userId, action: "Password reset requested", ip });
  await sendLinkMail({
    to: email,
    subject: "Choose a new DocIntel password",
    intro:
      "Someone (hopefully you) asked to reset your DocIntel password. Open this link to choose a new one; if it was not you, ignore this e-mail:",
    link: linkTo(origin, RESET_PATH, token),
    expiresAt,
    purpose: "password reset",
  });
}

export async function requestPasswordReset(emailInput: string, ip: string, origin: string): Promise<TPasswordResetRequested> {
  const email = emailInput.trim().toLowerCase();
  await assertWithinLimits(email, ip, new Date());
  // The same two queries whether or not the address exists (an include would skip the second for none).
  const user = await db().user.findUnique({ where: { email } });
  const membership = await db().membership.findFirst({ where: { userId: user?.id ?? -1, isActive: true }, orderBy: { createdAt: "asc" } });
  // Only accounts that sign in with a password here: directory users reset theirs in the directory. The work
  // for a real account happens after the answer, so the answer takes as long for any address.
  if (user?.isActive && user.passwordHash && membership) {
    const companyId = membership.companyId;
    // setImmediate: the answer is on its way before any of this work (query compilation included) starts.
    setImmediate(() => {
      issueReset(user.id, companyId, user.email, ip, origin).catch((err) => log.error("password reset link failed", { err, userId: user.id }));
    });
  }
  return { detail: ANSWER, delivery: linkDeliveryMode() };
}

export async function confirmPasswordReset(token: string, newPassword: string): Promise<{ email: string }> {
  const passwordHash = await hashPassword(newPassword);
  const email = await db().$transaction(async (tx) => {
    const row = await tx.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
    const used = row
      ? await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } }, data: { usedAt: new Date() } })
      : { count: 0 };
    if (!row || used.count !== 1 || !row.user.isActive) {
      throw new AppError("bad_request", "This password reset link is invalid, already used or expired. Ask for a new one.");
    }
    // The link reached the mailbox, so the address is verified; any session an intruder holds ends here.
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash, emailVerified: true } });
    await tx.passwordResetToken.deleteMany({ where: { userId: row.userId, usedAt: null } });
    await revokeSessions(row.userId, {}, tx);
    await recordAudit({ userId: row.userId, action: "Password reset", method: "email_link" }, tx);
    return row.user.email;
  });
  // Failed sign-ins before the reset no longer hold the account back.
  await clearLoginFailures(throttleKeys("password", email, null));
  return { email };
}
