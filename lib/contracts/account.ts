// Self-service account endpoints (issue 19, beyond the spec): change password, sign out of other sessions,
// "forgot password" by e-mail, and accepting an invitation. The token endpoints need no credentials: the
// token from the e-mailed link is the credential (single use, expiring, stored hashed).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { zTimestamp } from "./common";

const tag = "Account";
const category = "auth" as const;

const zNewPassword = z.string().min(10, "must be at least 10 characters").max(256, "must be at most 256 characters");
const zLinkToken = z.string().trim().min(16).max(200);

export const ZPasswordChange = z.object({
  current_password: z.string().min(1).max(256),
  new_password: zNewPassword,
});
export const ZPasswordChanged = z.object({
  signed_out_sessions: z.number().int().describe("Other console sessions ended by the change"),
});

export const ZSessionsSignedOut = z.object({ signed_out_sessions: z.number().int() });

export const ZPasswordResetRequest = z.object({ email: z.email().trim().toLowerCase().max(254) });
export const ZPasswordResetRequested = z.object({
  detail: z.string(),
  delivery: z.enum(["email", "log"]).describe("How links are delivered on this server (says nothing about the address)"),
});
export const ZPasswordResetConfirm = z.object({ token: zLinkToken, new_password: zNewPassword });
export const ZPasswordResetDone = z.object({ email: z.string() });

export const ZInvitationToken = z.object({ token: zLinkToken });
export const ZInvitationPreview = z
  .object({
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    company: z.object({ name: z.string() }),
    company_role: z.enum(["company_admin", "company_dpo", "member"]),
    expires_at: zTimestamp,
    account_exists: z.boolean().describe("true: accept with the existing account's password; false: choose a password"),
  })
  .meta({ id: "InvitationPreview" });
export const ZInvitationAccept = z.object({
  token: zLinkToken,
  password: z.string().min(1).max(256).describe("A new password (at least 10 characters), or the existing account's password"),
  first_name: z.string().trim().max(150).optional(),
  last_name: z.string().trim().max(150).optional(),
});
export const ZInvitationAccepted = z.object({ email: z.string(), company: z.object({ name: z.string() }) });

const badLink = "An unknown, used, revoked or expired token is a 400 `bad_request`.";

export const accountEndpoints = {
  changePassword: defineEndpoint({
    method: "POST",
    path: "/api/v3/auth/password",
    tag,
    category,
    auth: "required",
    allowUnverified: true,
    summary: "Change your password (needs the current one); your other console sessions are signed out",
    description:
      "A wrong current password is a 422 on `current_password` and counts towards the sign-in throttle (429 after too many). " +
      "Accounts whose password is kept by the company directory (LDAP) get 400 `bad_request`.",
    body: ZPasswordChange,
    responses: { 200: { description: "Changed", schema: ZPasswordChanged } },
    errors: ["bad_request", "too_many_requests"],
  }),
  signOutOthers: defineEndpoint({
    method: "POST",
    path: "/api/v3/auth/sessions/sign-out-others",
    tag,
    category,
    auth: "required",
    allowUnverified: true,
    summary: "Sign out of every other console session (with an API key: of all console sessions)",
    bodyOptional: true,
    body: z.object({}),
    responses: { 200: { description: "Signed out", schema: ZSessionsSignedOut } },
  }),
  requestPasswordReset: defineEndpoint({
    method: "POST",
    path: "/api/v3/auth/password-reset",
    tag,
    category,
    auth: "none",
    summary: "Forgot password: e-mail a reset link to this address if it has an account",
    description:
      "The answer is the same whether or not the address has an account. The link is single use and valid for " +
      "PASSWORD_RESET_TTL_MINUTES; without SMTP_URL it is written to the server log only. Limited per client address and " +
      "per e-mail address (429 `too_many_requests`).",
    body: ZPasswordResetRequest,
    responses: { 202: { description: "Accepted", schema: ZPasswordResetRequested } },
    errors: ["too_many_requests"],
  }),
  confirmPasswordReset: defineEndpoint({
    method: "POST",
    path: "/api/v3/auth/password-reset/confirm",
    tag,
    category,
    auth: "none",
    summary: "Set a new password with the token from a reset link; every session of the account is signed out",
    description: badLink,
    body: ZPasswordResetConfirm,
    responses: { 200: { description: "Password set", schema: ZPasswordResetDone } },
    errors: ["bad_request"],
  }),
  previewInvitation: defineEndpoint({
    method: "POST",
    path: "/api/v3/auth/invitation",
    tag,
    category,
    auth: "none",
    summary: "What an invitation link is for (address, company, role), before accepting it",
    description: badLink,
    body: ZInvitationToken,
    responses: { 200: { description: "The invitation", schema: ZInvitationPreview } },
    errors: ["bad_request"],
  }),
  acceptInvitation: defineEndpoint({
    method: "POST",
    path: "/api/v3/auth/invitation/accept",
    tag,
    category,
    auth: "none",
    summary: "Accept an invitation: create the account with a password (or confirm an existing one) and join the company",
    description:
      `${badLink} A new password that is too short is a 422 on \`password\`; a wrong password for an existing account is a 422 ` +
      "on `password` too. The address counts as verified (the link was e-mailed to it). Then sign in as usual.",
    body: ZInvitationAccept,
    responses: { 200: { description: "Joined", schema: ZInvitationAccepted } },
    errors: ["bad_request"],
  }),
};

export type TInvitationPreview = z.output<typeof ZInvitationPreview>;
export type TInvitationAccepted = z.output<typeof ZInvitationAccepted>;
export type TPasswordResetRequested = z.output<typeof ZPasswordResetRequested>;
