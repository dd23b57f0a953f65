// GET /api/v3/auth/session: who is calling, for the console's header and guards.
import type { TCurrentUser } from "@/lib/contracts/auth";
import { db } from "@/lib/db/client";
import type { Principal } from "./principal";

export async function getCurrentUser(p: Principal): Promise<TCurrentUser> {
  const company = await db().company.findUniqueOrThrow({ where: { id: p.companyId } });
  return {
    user: {
      id: p.user.id,
      email: p.user.email,
      first_name: p.user.firstName,
      last_name: p.user.lastName,
      email_verified: p.user.emailVerified,
      instance_role: p.user.instanceRole,
    },
    company: { id: company.id, name: company.name, slug: company.slug, auth_method: company.authMethod },
    company_role: p.companyRole,
    auth: p.kind,
  };
}
