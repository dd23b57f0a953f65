// The company's users: the list (pickers such as "add a workspace member", the console's Users page), and
// for company admins: role changes, deactivation and invitations by e-mail (issue 19, beyond the spec).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, zIntId, zPaginated, zTimestamp } from "./common";

export const ZCompanyUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    company_role: z.enum(["company_admin", "company_dpo", "member"]).describe("The user's role in the caller's company"),
    email_verified: z.boolean(),
    is_active: z.boolean(),
    created_at: zTimestamp,
  })
  .meta({ id: "CompanyUser" });
export type TCompanyUser = z.infer<typeof ZCompanyUser>;

const zCompanyRole = z.enum(["company_admin", "company_dpo", "member"]);

export const ZUserPatch = z
  .object({
    company_role: zCompanyRole.optional().describe("New role in the caller's company"),
    is_active: z.boolean().optional().describe("false deactivates the user in this company: sign-in, sessions and API keys stop working"),
  })
  .refine((b) => b.company_role !== undefined || b.is_active !== undefined, { message: "Give company_role or is_active." });

export const ZInvitation = z
  .object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    company_role: zCompanyRole,
    status: z.enum(["pending", "expired"]).describe("`expired`: the link no longer works; resend it to issue a new one"),
    invited_by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() }).nullable(),
    expires_at: zTimestamp,
    sent_at: zTimestamp,
    created_at: zTimestamp,
  })
  .meta({ id: "Invitation" });
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZInvitationSent = ZInvitation.extend({
  delivery: z.enum(["email", "log"]).describe("`log` when no SMTP_URL is configured: the link is not e-mailed"),
  invitation_link: z
    .string()
    .nullable()
    .describe("The link to pass on yourself, returned only when it was not e-mailed (`delivery` `log`); null otherwise"),
}).meta({ id: "InvitationSent" });
export type TInvitationSent = z.infer<typeof ZInvitationSent>;

export const ZInvitationCreate = z.object({
  email: z.email().trim().toLowerCase().max(254),
  company_role: zCompanyRole.default("member"),
  first_name: z.string().trim().max(150).default(""),
  last_name: z.string().trim().max(150).default(""),
});
export type TInvitationCreate = z.output<typeof ZInvitationCreate>;

const ZIdParams = z.object({ id: zIntId });

export const ZUserListQuery = ZPageQuery.extend({
  search: z.string().trim().max(200).optional().describe("Case-insensitive partial match on first name, last name, username or e-mail"),
});

// Maintenance category "workspaces": the list exists to manage workspace membership.
export const userEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/v3/users",
    tag: "Users",
    category: "workspaces",
    auth: "required",
    summary: "List the users of the caller's company, by name",
    description:
      "Paginated users who belong to the caller's company (never another company's, also for instance-level users). " +
      "Ordered by first name, last name, username, then id. Visible to company admins, company DPOs and instance-level " +
      "users; other users and workspace-scoped API keys get 403 insufficient_permissions.",
    query: ZUserListQuery,
    responses: { 200: { description: "Paginated users", schema: zPaginated(ZCompanyUser) } },
    errors: ["insufficient_permissions"],
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/users/{id}",
    tag: "Users",
    category: "workspaces",
    auth: "required",
    summary: "Change a user's company role, or deactivate and reactivate them (company admins)",
    description:
      "Deactivation is per company: the user can no longer sign in to it, and their console sessions and API keys stop working " +
      "there at once; reactivation restores them. You cannot change your own role or deactivate yourself, and the company keeps at " +
      "least one active company admin (400 `bad_request`). Another company's user is a 404.",
    params: ZIdParams,
    body: ZUserPatch,
    responses: { 200: { description: "The user", schema: ZCompanyUser } },
    errors: ["bad_request", "insufficient_permissions", "not_found"],
  }),
  listInvitations: defineEndpoint({
    method: "GET",
    path: "/api/v3/users/invitations",
    tag: "Users",
    category: "workspaces",
    auth: "required",
    summary: "Invitations not yet accepted or revoked, newest first (company admins)",
    query: ZPageQuery,
    responses: { 200: { description: "Paginated invitations", schema: zPaginated(ZInvitation) } },
    errors: ["insufficient_permissions"],
  }),
  invite: defineEndpoint({
    method: "POST",
    path: "/api/v3/users/invitations",
    tag: "Users",
    category: "workspaces",
    auth: "required",
    summary: "Invite someone to the company by e-mail (company admins)",
    description:
      "Sends a single-use link valid for INVITATION_TTL_HOURS; opening it lets the person set a password and join with " +
      "`company_role`. Without SMTP_URL the link is returned as `invitation_link` for you to pass on. 409 `conflict` when the " +
      "address is already a member of the company or already has a pending invitation.",
    body: ZInvitationCreate,
    responses: { 201: { description: "Invitation sent", schema: ZInvitationSent } },
    errors: ["conflict", "insufficient_permissions"],
  }),
  resendInvitation: defineEndpoint({
    method: "POST",
    path: "/api/v3/users/invitations/{id}/resend",
    tag: "Users",
    category: "workspaces",
    auth: "required",
    summary: "Send an invitation again with a new link and a new expiry; the old link stops working (company admins)",
    params: ZIdParams,
    bodyOptional: true,
    body: z.object({}),
    responses: { 200: { description: "Invitation sent", schema: ZInvitationSent } },
    errors: ["insufficient_permissions", "not_found"],
  }),
  revokeInvitation: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/users/invitations/{id}",
    tag: "Users",
    category: "workspaces",
    auth: "required",
    summary: "Revoke a pending invitation: its link stops working (company admins)",
    params: ZIdParams,
    responses: { 204: { description: "Revoked" } },
    errors: ["insufficient_permissions", "not_found"],
  }),
};
