// E-mail + password sign-in. Every refusal looks the same from outside (unknown address, wrong password,
// deactivated user, no company), costs the same argon2 work, and counts towards the failure throttle.
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import type { SignedIn } from "./ldap-login";
import { findLoginCompany } from "./ldap-settings";
import { LoginError } from "./login-error";
import { assertNotThrottled, clearLoginFailures, recordLoginFailure, throttleKeys } from "./login-throttle";
import { hashPassword, needsRehash, PASSWORD_MAX_LENGTH, verifyPassword } from "./passwords";

export interface PasswordLoginInput {
  email: string;
  password: string;
  /** Host the login page was served on: a company custom domain picks that membership. */
  host: string | null;
  ip: string | null;
}

export async function passwordLogin(input: PasswordLoginInput): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  if (!email || !input.password || input.password.length > PASSWORD_MAX_LENGTH)
    throw new LoginError("invalid_credentials", "empty or oversized input");
  const keys = throttleKeys("password", email, input.ip);
  await assertNotThrottled(keys);

  const user = await db().user.findUnique({
    where: { email },
    // A membership deactivated by a company admin does not count: with none left, the sign-in is refused.
    include: { memberships: { where: { isActive: true }, orderBy: { createdAt: "asc" } } },
  });
  const matches = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !matches || !user.isActive || user.memberships.length === 0) {
    await recordLoginFailure(keys);
    if (user) {
      await recordAudit({
        companyId: user.memberships[0]?.companyId ?? null,
        userId: user.id,
        action: "Login failed",
        method: "password",
        metadata: { reason: !matches ? "wrong_password" : !user.isActive ? "inactive" : "no_company" },
        ip: input.ip ?? undefined,
      });
    }
    throw new LoginError("invalid_credentials");
  }

  const onDomain = await findLoginCompany(input.host, null);
  const membership = user.memberships.find((m) => m.companyId === onDomain?.id) ?? user.memberships[0];
  if (needsRehash(user.passwordHash!)) {
    await db().user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(input.password) } });
  }
  await clearLoginFailures(keys);
  await recordAudit({
    companyId: membership.companyId,
    userId: user.id,
    action: "User logged in",
    method: "password",
    ip: input.ip ?? undefined,
  });
  return { userId: user.id, companyId: membership.companyId };
}
