// Directory sign-in (spec Authentication 7–8, Events): the directory checks the password; the first login
// provisions the user (names and e-mail from the mapped attributes, verified, member of the company);
// audit entries `User created` (ldap_auto_provision) and `User logged in` (ldap).
import { recordAudit } from "@/lib/audit/record-audit";
import { createUser } from "@/lib/companies/provision";
import { db } from "@/lib/db/client";
import type { Prisma, User } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { authenticateDirectoryUser, type DirectoryUser } from "./ldap";
import { directoryConfig, findLoginCompany } from "./ldap-settings";
import { LoginError } from "./login-error";
import { assertNotThrottled, clearLoginFailures, recordLoginFailure, throttleKeys } from "./login-throttle";

export interface SignedIn {
  userId: number;
  companyId: number;
}

export interface LdapLoginInput {
  /** Host the login page was served on (custom domain) and/or the `/login/ldap/<client_id>` id. */
  host: string | null;
  clientId: string | null;
  username: string;
  password: string;
  ip: string | null;
}

const PROVIDER = "ldap";

async function findOrProvision(tx: Prisma.TransactionClient, companyId: number, dir: DirectoryUser, login: string, ip: string | null): Promise<User> {
  const subject = dir.dn.toLowerCase();
  const identity = await tx.externalIdentity.findUnique({
    where: { companyId_provider_subject: { companyId, provider: PROVIDER, subject } },
    include: { user: true },
  });
  if (identity) {
    await tx.externalIdentity.update({ where: { id: identity.id }, data: { lastLoginAt: new Date() } });
    // The directory stays the source of the names; an empty attribute does not wipe a name.
    return tx.user.update({
      where: { id: identity.userId },
      data: { firstName: dir.firstName || identity.user.firstName, lastName: dir.lastName || identity.user.lastName },
    });
  }
  if (!dir.email) throw new LoginError("account_conflict", `directory entry ${dir.dn} has no e-mail attribute`);
  let user = await tx.user.findUnique({ where: { email: dir.email } });
  if (user) {
    // Linking an existing account is only safe inside the same company: another company's directory must
    // not be able to claim a user by writing their address into a `mail` attribute.
    const member = await tx.membership.findUnique({ where: { companyId_userId: { companyId, userId: user.id } } });
    if (!member) throw new LoginError("account_conflict", `e-mail ${dir.email} belongs to a user outside company ${companyId}`);
  } else {
    const taken = await tx.user.findUnique({ where: { username: dir.email } });
    user = await createUser(
      {
        email: dir.email,
        username: taken ? `${dir.email}#ldap-${companyId}` : dir.email,
        firstName: dir.firstName,
        lastName: dir.lastName,
        emailVerified: true,
        companyId,
        companyRole: "member",
      },
      tx,
    );
    await recordAudit(
      { companyId, userId: user.id, action: "User created", method: "ldap_auto_provision", metadata: { dn: dir.dn, login }, ip: ip ?? undefined },
      tx,
    );
  }
  await tx.externalIdentity.create({ data: { userId: user.id, companyId, provider: PROVIDER, subject, lastLoginAt: new Date() } });
  return user;
}

export async function ldapLogin(input: LdapLoginInput): Promise<SignedIn> {
  if (!env().IS_LDAP_ON) throw new LoginError("directory_disabled");
  // The page's client id wins over the host: /login/ldap/<client_id> names its company explicitly.
  const company = input.clientId ? await findLoginCompany(null, input.clientId) : await findLoginCompany(input.host, null);
  const settings = company ? await db().ldapSettings.findUnique({ where: { companyId: company.id } }) : null;
  if (!company || !settings) throw new LoginError("directory_not_configured");
  const login = input.username.trim();
  const keys = throttleKeys(`ldap:${company.id}`, login, input.ip);
  await assertNotThrottled(keys);

  let dir: DirectoryUser;
  try {
    dir = await authenticateDirectoryUser(directoryConfig(settings), login, input.password);
  } catch (err) {
    if (err instanceof LoginError && err.code === "invalid_credentials") await recordLoginFailure(keys);
    if (err instanceof LoginError) {
      log.info("ldap login refused", { companyId: company.id, code: err.code, reason: err.reason });
      throw err;
    }
    log.error("ldap login failed", { companyId: company.id, err });
    throw new LoginError("directory_unavailable", (err as Error).message);
  }

  const user = await db().$transaction(async (tx) => {
    const u = await findOrProvision(tx, company.id, dir, login, input.ip);
    const member = await tx.membership.findUnique({ where: { companyId_userId: { companyId: company.id, userId: u.id } } });
    if (!u.isActive || !member?.isActive) throw new LoginError("invalid_credentials", "user deactivated or removed from the company");
    await recordAudit(
      { companyId: company.id, userId: u.id, action: "User logged in", method: "ldap", metadata: { dn: dir.dn, login }, ip: input.ip ?? undefined },
      tx,
    );
    return u;
  });
  await clearLoginFailures(keys);
  return { userId: user.id, companyId: company.id };
}
