// The users of the caller's company, for pickers. Tenancy comes from the principal's company only, so an
// instance-level user sees the users of the company they are signed in to, never another company's.
import type { z } from "zod";
import { isCompanyLevel } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { TCompanyUser, ZUserListQuery } from "@/lib/contracts/users";
import { db } from "@/lib/db/client";
import type { Membership, Prisma, User } from "@/lib/db/generated/client";
import { forbidden } from "@/lib/errors";
import { pageWindow } from "@/lib/pagination";

export async function listUsers(p: Principal, query: z.output<typeof ZUserListQuery>) {
  // isCompanyLevel is false for workspace-scoped keys, whatever their owner's roles.
  if (!isCompanyLevel(p)) throw forbidden("Only company admins, company DPOs and instance-level users may list the company's users.");
  const term = query.search?.trim();
  const contains = (field: "firstName" | "lastName" | "username" | "email"): Prisma.UserWhereInput => ({
    [field]: { contains: term, mode: "insensitive" },
  });
  const where: Prisma.MembershipWhereInput = {
    companyId: p.companyId,
    ...(term ? { user: { OR: [contains("firstName"), contains("lastName"), contains("username"), contains("email")] } } : {}),
  };
  const [count, rows] = await Promise.all([
    db().membership.count({ where }),
    db().membership.findMany({
      where,
      include: { user: true },
      orderBy: [{ user: { firstName: "asc" } }, { user: { lastName: "asc" } }, { user: { username: "asc" } }, { userId: "asc" }],
      ...pageWindow(query),
    }),
  ]);
  return {
    count,
    results: rows.map(toCompanyUser),
  };
}

/** A membership with its user, as the API shows it; active means active on the instance and in this company. */
export function toCompanyUser({ user: u, ...m }: Membership & { user: User }): TCompanyUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    company_role: m.role,
    email_verified: u.emailVerified,
    is_active: u.isActive && m.isActive,
    created_at: u.createdAt.toISOString(),
  };
}
