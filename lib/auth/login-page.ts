// What the login pages need to know before rendering: does this host or client id lead to a company that
// signs in through its directory (instance flag on, company method `ldap`, settings stored)?
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { findLoginCompany } from "./ldap-settings";

export async function directoryLoginCompany(host: string | null, clientId: string | null): Promise<{ name: string; slug: string } | null> {
  if (!env().IS_LDAP_ON) return null;
  const company = await findLoginCompany(host, clientId);
  if (company?.authMethod !== "ldap") return null;
  const settings = await db().ldapSettings.findUnique({ where: { companyId: company.id }, select: { companyId: true } });
  return settings ? { name: company.name, slug: company.slug } : null;
}
