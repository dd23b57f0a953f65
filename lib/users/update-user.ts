// PATCH /api/v3/users/{id}: a company admin changes a colleague's company role, or deactivates and
// reactivates them in this company. Deactivation is per membership (a user may belong to other companies);
// the session and API-key checks read it on every request, so it takes effect at once.
import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireCompanyAdmin, requireCompanyScope } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { revokeSessions } from "@/lib/auth/user-sessions";
import type { TCompanyUser, ZUserPatch } from "@/lib/contracts/users";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { toCompanyUser } from "./list-users";

export async function updateCompanyUser(p: Principal, userId: number, patch: z.output<typeof ZUserPatch>): Promise<TCompanyUser> {
  requireCompanyScope(p);
  requireCompanyAdmin(p);
  return db().$transaction(async (tx) => {
    const member = await tx.membership.findUnique({ where: { companyId_userId: { companyId: p.companyId, userId } }, include: { user: true } });
    if (!member) throw notFound("User");
    const roleChanges = patch.company_role !== undefined && patch.company_role !== member.role;
    const activeChanges = patch.is_active !== undefined && patch.is_active !== member.isActive;
    if (userId === p.user.id && (roleChanges || patch.is_active === false)) {
      throw new AppError("bad_request", "You cannot change your own role or deactivate yourself; ask another company admin.");
    }
    const staysAdmin = (patch.company_role ?? member.role) === "company_admin" && (patch.is_active ?? member.isActive);
    if (member.role === "company_admin" && member.isActive && !staysAdmin) {
      // Lock the company's admin rows: two admins demoting each other at once must not both succeed.
      await tx.$queryRaw`SELECT id FROM memberships WHERE company_id = ${p.companyId} AND role = 'company_admin' FOR UPDATE`;
      const otherAdmins = await tx.membership.count({
        where: { companyId: p.companyId, role: "company_admin", isActive: true, userId: { not: userId }, user: { isActive: true } },
      });
      if (otherAdmins === 0) throw new AppError("bad_request", "The company must keep at least one active company admin.");
    }
    if (!roleChanges && !activeChanges) return toCompanyUser(member);
    const updated = await tx.membership.update({
      where: { id: member.id },
      data: { role: patch.company_role, isActive: patch.is_active },
      include: { user: true },
    });
    // Their open console sessions in this company end with the deactivation (keys are refused by the check).
    if (activeChanges && patch.is_active === false) await revokeSessions(userId, { companyId: p.companyId }, tx);
    const changes = {
      ...(roleChanges ? { company_role: { from: member.role, to: updated.role } } : {}),
      ...(activeChanges ? { is_active: { from: member.isActive, to: updated.isActive } } : {}),
    };
    const action = activeChanges ? (updated.isActive ? "User reactivated" : "User deactivated") : "User role changed";
    await recordAudit({ principal: p, action, metadata: { user_id: userId, ...changes } }, tx);
    return toCompanyUser(updated);
  });
}
