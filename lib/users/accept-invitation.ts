// An invitation link, opened by the invitee (no session, the token is the credential): what it is for, and
// accepting it. A new address gets an account with the chosen password; an address that already has an
// account elsewhere on the instance joins with that account after proving its password. Either way the
// address counts as verified (the link reached its mailbox) and the token is used up in the same transaction.
import { recordAudit } from "@/lib/audit/record-audit";
import { hashPassword, passwordProblem, verifyPassword } from "@/lib/auth/passwords";
import { createUser } from "@/lib/companies/provision";
import type { TInvitationAccepted, TInvitationPreview } from "@/lib/contracts/account";
import { db } from "@/lib/db/client";
import { AppError, fieldError } from "@/lib/errors";
import { findInvitationByToken } from "./invitations";

const BAD_LINK = "This invitation link is invalid, already used, revoked or expired. Ask your administrator to send a new one.";

export async function previewInvitation(token: string): Promise<TInvitationPreview> {
  const row = await findInvitationByToken(token);
  if (!row) throw new AppError("bad_request", BAD_LINK);
  const existing = await db().user.findUnique({ where: { email: row.email }, select: { id: true } });
  return {
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    company: { name: row.company.name },
    company_role: row.role,
    expires_at: row.expiresAt.toISOString(),
    account_exists: !!existing,
  };
}

export interface AcceptInput {
  token: string;
  password: string;
  first_name?: string;
  last_name?: string;
}

export async function acceptInvitation(input: AcceptInput): Promise<TInvitationAccepted> {
  const row = await findInvitationByToken(input.token);
  if (!row) throw new AppError("bad_request", BAD_LINK);
  const existing = await db().user.findUnique({ where: { email: row.email } });
  let passwordHash: string | null = null;
  if (existing) {
    if (!(await verifyPassword(input.password, existing.passwordHash)) || !existing.isActive) {
      throw fieldError("password", "This address already has an account: enter that account's password.");
    }
  } else {
    const problem = passwordProblem(input.password);
    if (problem) throw fieldError("password", `The password ${problem}.`, "too_small");
    passwordHash = await hashPassword(input.password);
  }
  return db().$transaction(async (tx) => {
    // Conditional: two tabs accepting the same link join once.
    const used = await tx.invitation.updateMany({
      where: { id: row.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      data: { acceptedAt: new Date() },
    });
    if (used.count !== 1) throw new AppError("bad_request", BAD_LINK);
    let userId: number;
    if (existing) {
      userId = existing.id;
      const already = await tx.membership.findUnique({ where: { companyId_userId: { companyId: row.companyId, userId } } });
      if (already) throw new AppError("bad_request", `${row.email} is already a member of ${row.company.name}.`);
      await tx.membership.create({ data: { companyId: row.companyId, userId, role: row.role } });
      const general = await tx.workspace.findFirst({ where: { companyId: row.companyId, isDefault: true } });
      if (general) {
        await tx.workspaceMember.create({ data: { workspaceId: general.id, userId, role: row.role === "company_admin" ? "owner" : "editor" } });
      }
      await tx.user.update({ where: { id: userId }, data: { emailVerified: true } });
    } else {
      const taken = await tx.user.findUnique({ where: { username: row.email }, select: { id: true } });
      const user = await createUser(
        {
          email: row.email,
          username: taken ? `${row.email}#invite-${row.id}` : row.email,
          firstName: input.first_name || row.firstName,
          lastName: input.last_name || row.lastName,
          emailVerified: true,
          passwordHash,
          companyId: row.companyId,
          companyRole: row.role,
        },
        tx,
      );
      userId = user.id;
    }
    await tx.invitation.update({ where: { id: row.id }, data: { acceptedUserId: userId } });
    await recordAudit(
      {
        companyId: row.companyId,
        userId,
        action: existing ? "User joined" : "User created",
        method: "invitation",
        metadata: { invitation_id: row.id },
      },
      tx,
    );
    return { email: row.email, company: { name: row.company.name } };
  });
}
