// Invitations by e-mail (company admins): invite, list the pending ones, resend (new link, new expiry; the old
// link stops working) and revoke. The link goes out like e-mail verification links (lib/auth/link-mail.ts);
// when no SMTP server is configured it is handed back to the admin to pass on. Accepting is in
// lib/auth/accept-invitation.ts (the invitee has no account or session yet).
import { recordAudit } from "@/lib/audit/record-audit";
import { hashToken, linkTo, newLinkToken, sendLinkMail } from "@/lib/auth/link-mail";
import { requireCompanyAdmin, requireCompanyScope } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { TInvitation, TInvitationCreate, TInvitationSent } from "@/lib/contracts/users";
import { db } from "@/lib/db/client";
import type { Invitation, User } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { type Page, type PageRequest, pageWindow } from "@/lib/pagination";

export const INVITATION_PATH = "/accept-invitation";

type InvitationRow = Invitation & { invitedBy: User | null };

function requireAdmin(p: Principal): void {
  requireCompanyScope(p);
  requireCompanyAdmin(p);
}

function toInvitation(row: InvitationRow, now = new Date()): TInvitation {
  const by = row.invitedBy;
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    company_role: row.role,
    status: row.expiresAt > now ? "pending" : "expired",
    invited_by: by && { id: by.id, first_name: by.firstName, last_name: by.lastName, email: by.email },
    expires_at: row.expiresAt.toISOString(),
    sent_at: row.sentAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

const openWhere = (companyId: number) => ({ companyId, acceptedAt: null, revokedAt: null });
const newExpiry = () => new Date(Date.now() + env().INVITATION_TTL_HOURS * 3600_000);

async function send(row: InvitationRow, token: string, origin: string): Promise<TInvitationSent> {
  const company = await db().company.findUniqueOrThrow({ where: { id: row.companyId } });
  const link = linkTo(origin, INVITATION_PATH, token);
  const inviter = row.invitedBy
    ? [row.invitedBy.firstName, row.invitedBy.lastName].filter(Boolean).join(" ") || row.invitedBy.email
    : "An administrator";
  const delivery = await sendLinkMail({
    to: row.email,
    subject: `You are invited to ${company.name} on DocIntel`,
    intro: `${inviter} invited you to join ${company.name} on DocIntel. Open this link to set your password and sign in:`,
    link,
    expiresAt: row.expiresAt,
    purpose: "invitation",
  });
  return { ...toInvitation(row), delivery, invitation_link: delivery === "log" ? link : null };
}

export async function listInvitations(p: Principal, page: PageRequest): Promise<Page<TInvitation>> {
  requireAdmin(p);
  const where = openWhere(p.companyId);
  const [count, rows] = await Promise.all([
    db().invitation.count({ where }),
    db().invitation.findMany({ where, include: { invitedBy: true }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(page) }),
  ]);
  const now = new Date();
  return { count, results: rows.map((r) => toInvitation(r, now)) };
}

export async function inviteUser(p: Principal, input: TInvitationCreate, origin: string): Promise<TInvitationSent> {
  requireAdmin(p);
  const { token, tokenHash } = newLinkToken();
  const row = await db().$transaction(async (tx) => {
    const member = await tx.membership.findFirst({ where: { companyId: p.companyId, user: { email: input.email } } });
    if (member) throw new AppError("conflict", `${input.email} is already a member of this company.`);
    const open = await tx.invitation.findFirst({ where: { ...openWhere(p.companyId), email: input.email } });
    if (open && open.expiresAt > new Date()) {
      throw new AppError("conflict", `${input.email} already has a pending invitation; resend it instead.`, { id: open.id });
    }
    // An expired one is replaced: the new invitation is the one that counts.
    if (open) await tx.invitation.update({ where: { id: open.id }, data: { revokedAt: new Date() } });
    const created = await tx.invitation.create({
      data: {
        companyId: p.companyId,
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        role: input.company_role,
        tokenHash,
        invitedById: p.user.id,
        expiresAt: newExpiry(),
      },
      include: { invitedBy: true },
    });
    await recordAudit(
      { principal: p, action: "User invited", metadata: { invitation_id: created.id, email: input.email, role: input.company_role } },
      tx,
    );
    return created;
  });
  return send(row, token, origin);
}

async function openInvitation(p: Principal, id: number): Promise<InvitationRow> {
  const row = await db().invitation.findFirst({ where: { id, ...openWhere(p.companyId) }, include: { invitedBy: true } });
  if (!row) throw notFound("Invitation");
  return row;
}

export async function resendInvitation(p: Principal, id: number, origin: string): Promise<TInvitationSent> {
  requireAdmin(p);
  await openInvitation(p, id);
  const { token, tokenHash } = newLinkToken();
  const row = await db().invitation.update({
    where: { id },
    data: { tokenHash, expiresAt: newExpiry(), sentAt: new Date() },
    include: { invitedBy: true },
  });
  await recordAudit({ principal: p, action: "Invitation resent", metadata: { invitation_id: id, email: row.email } });
  return send(row, token, origin);
}

export async function revokeInvitation(p: Principal, id: number): Promise<void> {
  requireAdmin(p);
  await db().$transaction(async (tx) => {
    // Conditional: an invitation accepted meanwhile is not "revoked" after the fact.
    const r = await tx.invitation.updateMany({ where: { id, ...openWhere(p.companyId) }, data: { revokedAt: new Date() } });
    if (r.count !== 1) throw notFound("Invitation");
    await recordAudit({ principal: p, action: "Invitation revoked", metadata: { invitation_id: id } }, tx);
  });
}

/** The open, unexpired invitation a link's token names, or null. */
export async function findInvitationByToken(token: string) {
  const row = await db().invitation.findUnique({ where: { tokenHash: hashToken(token) }, include: { company: true } });
  if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= new Date()) return null;
  return row;
}
