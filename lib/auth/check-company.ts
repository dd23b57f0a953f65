// Company detection for the login page: custom domain from the request host, else the client id.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";

function requestHost(req: Request): string {
  const raw = req.headers.get("x-forwarded-host")?.split(",")[0] || req.headers.get("host") || new URL(req.url).host;
  return raw.trim().toLowerCase().replace(/:\d+$/, "");
}

export async function checkCompany(req: Request, clientId?: string) {
  const host = requestHost(req);
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
