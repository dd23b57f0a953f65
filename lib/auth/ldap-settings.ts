// A company's LDAP directory settings (spec Authentication 7): company admins read and replace them; the
// bind password is sealed with AES-256-GCM (key from SECRET_KEY) and never leaves the server. The login
// URLs reuse the company's own identifiers: client_id is the company slug, login_domain its custom domain,
// so GET /api/v3/auth/check-company finds the company for both.

import { recordAudit } from "@/lib/audit/record-audit";
import type { Principal } from "@/lib/auth/principal";
import type { TLdapSettings, TLdapSettingsPut, TLdapTest, TLdapTestResult } from "@/lib/contracts/auth";
import { db } from "@/lib/db/client";
import type { Company, LdapSettings, Prisma } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { AppError, fieldError, notFound } from "@/lib/errors";
import type { DirectoryConfig } from "./ldap";
import { probeDirectorySteps } from "./ldap-probe";
import { requireCompanyAdmin, requireCompanyScope } from "./permissions";
import { open, seal } from "./secret-box";
import { encryptionKey } from "./secrets";

const KEY_PURPOSE = "ldap bind password";
const aad = (companyId: number) => `ldap_settings:${companyId}`;

export function sealBindPassword(companyId: number, password: string): string {
  return seal(password, encryptionKey(KEY_PURPOSE), aad(companyId));
}

export function directoryConfig(row: LdapSettings): DirectoryConfig {
  let bindPassword: string;
  try {
    bindPassword = open(row.bindPasswordEnc, encryptionKey(KEY_PURPOSE), aad(row.companyId));
  } catch {
    // Typically SECRET_KEY changed since the password was stored: the admin must enter it again.
    throw new Error(`LDAP bind password of company ${row.companyId} cannot be decrypted (SECRET_KEY changed?)`);
  }
  return {
    serverUri: row.serverUri,
    bindDn: row.bindDn,
    bindPassword,
    userSearchBase: row.userSearchBase,
    userSearchFilter: row.userSearchFilter,
    attrEmail: row.attrEmail,
    attrFirstName: row.attrFirstName,
    attrLastName: row.attrLastName,
    useTls: row.useTls,
    connectionTimeout: row.connectionTimeout,
  };
}

/** The company a login page belongs to: the custom domain it is served on, else the path's client id. */
export async function findLoginCompany(host: string | null, clientId: string | null): Promise<Company | null> {
  const h = host?.trim().toLowerCase().replace(/:\d+$/, "");
  if (h) {
    const byDomain = await db().company.findUnique({ where: { customDomain: h } });
    if (byDomain) return byDomain;
  }
  const slug = clientId?.trim().toLowerCase();
  return slug ? db().company.findUnique({ where: { slug } }) : null;
}

/** DOMAIN when configured, else `requestOrigin` (the public origin the HTTP layer saw the client use). */
function appOrigin(requestOrigin: string): string {
  const domain = env().DOMAIN?.trim();
  if (domain) return /^https?:\/\//.test(domain) ? domain.replace(/\/+$/, "") : `https://${domain}`;
  return requestOrigin;
}

export function serializeLdapSettings(origin: string, row: LdapSettings, company: Company): TLdapSettings {
  const urls = [...(company.customDomain ? [`https://${company.customDomain}/login`] : []), `${appOrigin(origin)}/login/ldap/${company.slug}`];
  return {
    provider: "ldap",
    name: row.name,
    company: { id: company.id, name: company.name },
    client_id: company.slug,
    login_domain: company.customDomain,
    login_urls: urls,
    auth_method: company.authMethod,
    ldap_enabled: env().IS_LDAP_ON,
    settings: {
      server_uri: row.serverUri,
      bind_dn: row.bindDn,
      bind_password_set: row.bindPasswordEnc.length > 0,
      user_search_base: row.userSearchBase,
      user_search_filter: row.userSearchFilter,
      attr_email: row.attrEmail,
      attr_first_name: row.attrFirstName,
      attr_last_name: row.attrLastName,
      use_tls: row.useTls,
      connection_timeout: row.connectionTimeout,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function requireAdmin(p: Principal): void {
  requireCompanyScope(p);
  requireCompanyAdmin(p);
}

export async function getLdapSettings(p: Principal, origin: string): Promise<TLdapSettings> {
  requireAdmin(p);
  const row = await db().ldapSettings.findUnique({ where: { companyId: p.companyId }, include: { company: true } });
  if (!row) throw notFound("LDAP settings");
  return serializeLdapSettings(origin, row, row.company);
}

async function assertFree(tx: Prisma.TransactionClient, companyId: number, body: TLdapSettingsPut): Promise<void> {
  if (body.client_id) {
    const other = await tx.company.findUnique({ where: { slug: body.client_id } });
    if (other && other.id !== companyId) throw new AppError("conflict", `The client id "${body.client_id}" is already used by another organisation.`);
  }
  if (body.login_domain) {
    const other = await tx.company.findUnique({ where: { customDomain: body.login_domain } });
    if (other && other.id !== companyId)
      throw new AppError("conflict", `The login domain "${body.login_domain}" is already used by another organisation.`);
  }
}

export async function putLdapSettings(p: Principal, body: TLdapSettingsPut, origin: string): Promise<TLdapSettings> {
  requireAdmin(p);
  if (!env().IS_LDAP_ON) {
    throw new AppError("bad_request", "Directory login is disabled on this instance: set IS_LDAP_ON=True and restart the server.");
  }
  const s = body.settings;
  return db().$transaction(async (tx) => {
    const existing = await tx.ldapSettings.findUnique({ where: { companyId: p.companyId } });
    if (!existing && !s.bind_password) throw fieldError("settings.bind_password", "Required when creating the LDAP settings.", "required");
    await assertFree(tx, p.companyId, body);
    const company = await tx.company.update({
      where: { id: p.companyId },
      data: {
        authMethod: "ldap",
        ...(body.client_id ? { slug: body.client_id } : {}),
        ...(body.login_domain !== undefined ? { customDomain: body.login_domain } : {}),
      },
    });
    const data = {
      name: body.name,
      serverUri: s.server_uri,
      bindDn: s.bind_dn,
      userSearchBase: s.user_search_base,
      userSearchFilter: s.user_search_filter,
      attrEmail: s.attr_email,
      attrFirstName: s.attr_first_name,
      attrLastName: s.attr_last_name,
      useTls: s.use_tls,
      connectionTimeout: s.connection_timeout,
      ...(s.bind_password ? { bindPasswordEnc: sealBindPassword(p.companyId, s.bind_password) } : {}),
    };
    const row = existing
      ? await tx.ldapSettings.update({ where: { companyId: p.companyId }, data })
      : await tx.ldapSettings.create({ data: { ...data, companyId: p.companyId, bindPasswordEnc: data.bindPasswordEnc! } });
    await recordAudit(
      {
        principal: p,
        action: existing ? "LDAP settings updated" : "LDAP settings created",
        metadata: { server_uri: s.server_uri, bind_password_changed: !!s.bind_password },
      },
      tx,
    );
    return serializeLdapSettings(origin, row, company);
  });
}

export async function deleteLdapSettings(p: Principal): Promise<void> {
  requireAdmin(p);
  await db().$transaction(async (tx) => {
    const existing = await tx.ldapSettings.findUnique({ where: { companyId: p.companyId } });
    if (!existing) throw notFound("LDAP settings");
    await tx.ldapSettings.delete({ where: { companyId: p.companyId } });
    await tx.company.update({ where: { id: p.companyId }, data: { authMethod: "password" } });
    await recordAudit({ principal: p, action: "LDAP settings deleted" }, tx);
  });
}

/** POST /api/v3/auth/ldap-settings/test: the stored settings (or the form's) against the live directory, read-only. */
export async function testLdapSettings(p: Principal, input: TLdapTest): Promise<TLdapTestResult> {
  requireAdmin(p);
  const row = await db().ldapSettings.findUnique({ where: { companyId: p.companyId } });
  let cfg: DirectoryConfig;
  if (input.settings) {
    const s = input.settings;
    const bindPassword = s.bind_password ?? (row ? directoryConfig(row).bindPassword : null);
    if (!bindPassword) throw fieldError("settings.bind_password", "Required: no bind password is stored yet.", "required");
    cfg = {
      serverUri: s.server_uri,
      bindDn: s.bind_dn,
      bindPassword,
      userSearchBase: s.user_search_base,
      userSearchFilter: s.user_search_filter,
      attrEmail: s.attr_email,
      attrFirstName: s.attr_first_name,
      attrLastName: s.attr_last_name,
      useTls: s.use_tls,
      connectionTimeout: s.connection_timeout,
    };
  } else {
    if (!row) throw notFound("LDAP settings");
    cfg = directoryConfig(row);
  }
  const result = await probeDirectorySteps(cfg, input.username);
  const u = result.user;
  return { ok: result.ok, steps: result.steps, user: u && { dn: u.dn, email: u.email, first_name: u.firstName, last_name: u.lastName } };
}
