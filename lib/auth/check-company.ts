// Company detection for the login page: custom domain from the host the client asked for (as the HTTP
// layer read it, lib/http/respond.ts requestHost), else the client id.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";

export async function checkCompany(requestHost: string, clientId?: string) {
  const host = requestHost.trim().toLowerCase().replace(/:\d+$/, "");
  const company =
    (await db().company.findUnique({ where: { customDomain: host } })) ??
    (clientId ? await db().company.findUnique({ where: { slug: clientId.trim().toLowerCase() } }) : null);
  if (!company) throw notFound("Company");
  return {
    company: { id: company.id, name: company.name },
    auth_method: company.authMethod,
    custom_domain: company.customDomain,
    slug: company.slug,
  };
}
