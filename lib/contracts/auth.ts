// Sign-in helpers of the API: who is signed in, e-mail verification, and the company's LDAP directory
// settings (spec Authentication 7–8). Sessions themselves are next-auth's (`/api/auth/*`, not part of v3).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { zTimestamp } from "./common";

const tag = "Authentication";
const category = "auth" as const;

export const ZCurrentUser = z
  .object({
    user: z.object({
      id: z.number().int(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email_verified: z.boolean(),
      instance_role: z.string().nullable(),
    }),
    company: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), auth_method: z.string() }),
    company_role: z.enum(["company_admin", "company_dpo", "member"]),
    auth: z.enum(["session", "api_key"]).describe("How this request was authenticated"),
  })
  .meta({ id: "CurrentUser" });

export const ZVerifyEmail = z.object({ token: z.string().trim().min(16).max(200) });
export const ZVerifyEmailResult = z.object({ email: z.string(), email_verified: z.literal(true) });
export const ZVerificationSent = z.object({
  email: z.string(),
  expires_at: zTimestamp,
  delivery: z.enum(["email", "log"]).describe("`log` when no SMTP_URL is configured: the link is written to the server log"),
});

/** `%(user)s` is where the login name goes; it is escaped per RFC 4515 before substitution. */
const zFilterTemplate = z
  .string()
  .trim()
  .min(3)
  .max(1000)
  .refine((s) => s.includes("%(user)s"), { message: "must contain %(user)s where the login name goes" })
  .refine((s) => s.startsWith("(") && s.endsWith(")"), { message: "must be a parenthesised LDAP filter, e.g. (uid=%(user)s)" });

const zAttr = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9-]*$/, "must be an LDAP attribute name");

export const ZLdapSettingsFields = z.object({
  server_uri: z
    .string()
    .trim()
    .regex(/^ldaps?:\/\/[^\s/]+\/?$/i, "must be ldap://host[:port] or ldaps://host[:port]")
    .describe("Directory URL; `ldaps://` on port 636 recommended"),
  bind_dn: z.string().trim().min(3).max(1000).describe("Distinguished name of the read-only service account"),
  user_search_base: z.string().trim().min(3).max(1000).describe("Base DN of user accounts"),
  user_search_filter: zFilterTemplate.describe("Filter in which `%(user)s` is replaced by the (escaped) login name"),
  attr_email: zAttr.default("mail"),
  attr_first_name: zAttr.default("givenName"),
  attr_last_name: zAttr.default("sn"),
  use_tls: z.boolean().default(true).describe("StartTLS on `ldap://` URLs (`ldaps://` is always TLS); recommended"),
  connection_timeout: z.number().int().min(1).max(120).default(10).describe("Seconds; the whole sign-in gives up after this"),
});

export const ZLdapSettingsPut = z.object({
  name: z.string().trim().min(1).max(200).describe("Descriptive name of the directory application"),
  client_id: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "lowercase letters, digits and hyphens, no spaces")
    .optional()
    .describe("Login path id (`/login/ldap/<client_id>`); it is the company slug. Unset: unchanged"),
  login_domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "must be a host name such as docs.example.com")
    .nullable()
    .optional()
    .describe("Custom login domain (`https://<login_domain>/login`, CNAME to the application domain); null removes it"),
  settings: ZLdapSettingsFields.extend({
    bind_password: z.string().min(1).max(1000).optional().describe("Write-only; required when creating, omitted keeps the stored one"),
  }),
});

export const ZLdapSettings = z
  .object({
    provider: z.literal("ldap"),
    name: z.string(),
    company: z.object({ id: z.number().int(), name: z.string() }),
    client_id: z.string(),
    login_domain: z.string().nullable(),
    login_urls: z.array(z.string()).describe("Custom-domain login URL (when set) and the client-id login URL"),
    auth_method: z.string(),
    ldap_enabled: z.boolean().describe("Instance flag IS_LDAP_ON: directory sign-in works only when true"),
    settings: ZLdapSettingsFields.extend({
      bind_password_set: z.boolean().describe("The bind password is never returned"),
    }),
    created_at: zTimestamp,
    updated_at: zTimestamp,
  })
  .meta({ id: "LdapSettings" });

export const ZLdapTest = z.object({
  username: z.string().trim().min(1).max(256).optional().describe("A login name to look up with user_search_filter"),
  settings: ZLdapSettingsFields.extend({
    bind_password: z.string().min(1).max(1000).optional().describe("Omitted: the stored one"),
  })
    .optional()
    .describe("Settings to try instead of the stored ones (the settings page tests what is on the form); nothing is saved"),
});
export const ZLdapTestResult = z
  .object({
    ok: z.boolean().describe("true when no step failed"),
    steps: z
      .array(
        z.object({
          step: z.enum(["connect", "bind", "search_base", "find_user"]),
          status: z.enum(["ok", "failed", "skipped"]),
          detail: z.string(),
        }),
      )
      .describe("connect (TCP/TLS), bind as the service account, read the search base, find the user; later steps are skipped after a failure"),
    user: z
      .object({ dn: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() })
      .nullable()
      .describe("The entry found for `username` with its mapped attributes; null when no username was given or none matched"),
  })
  .meta({ id: "LdapTestResult" });

export const authEndpoints = {
  session: defineEndpoint({
    method: "GET",
    path: "/api/v3/auth/session",
    tag,
    category,
    auth: "required",
    allowUnverified: true,
    summary: "The signed-in user, company and role (console session or API key)",
    responses: { 200: { description: "Current user", schema: ZCurrentUser } },
  }),
  verifyEmail: defineEndpoint({
    method: "POST",
    path: "/api/v3/auth/verify-email",
    tag,
    category,
    auth: "none",
    summary: "Confirm an e-mail address with the token from the verification link",
    description:
      "The token from the link is the credential, so no bearer is needed. Tokens are single-use and expire after " +
      "EMAIL_VERIFICATION_TTL_HOURS. An unknown, used or expired token is a 400 `bad_request`.",
    body: ZVerifyEmail,
    responses: { 200: { description: "Verified", schema: ZVerifyEmailResult } },
    errors: ["bad_request"],
  }),
  resendVerification: defineEndpoint({
    method: "POST",
    path: "/api/v3/auth/verify-email/resend",
    tag,
    category,
    auth: "required",
    allowUnverified: true,
    summary: "Send a new verification link to the signed-in user",
    description: "Earlier links stop working. A verified address is a 400 `bad_request`. At most one link per minute (429).",
    bodyOptional: true,
    body: z.object({}),
    responses: { 202: { description: "Link sent", schema: ZVerificationSent } },
    errors: ["bad_request", "too_many_requests"],
  }),
  getLdap: defineEndpoint({
    method: "GET",
    path: "/api/v3/auth/ldap-settings",
    tag,
    category,
    auth: "required",
    summary: "The company's LDAP directory settings (company admins)",
    description: "The bind password is never returned (`bind_password_set` says whether one is stored). 404 when the company has no directory.",
    responses: { 200: { description: "LDAP settings", schema: ZLdapSettings } },
    errors: ["insufficient_permissions", "not_found"],
  }),
  putLdap: defineEndpoint({
    method: "PUT",
    path: "/api/v3/auth/ldap-settings",
    tag,
    category,
    auth: "required",
    summary: "Create or replace the company's LDAP directory settings (company admins)",
    description:
      "Sets the company's `auth_method` to `ldap`. `client_id` renames the company slug and `login_domain` sets its custom domain " +
      "(409 `conflict` when another company uses them). The bind password is encrypted at rest (AES-256-GCM). " +
      "400 `bad_request` when the instance flag IS_LDAP_ON is off.",
    body: ZLdapSettingsPut,
    responses: { 200: { description: "LDAP settings", schema: ZLdapSettings } },
    errors: ["bad_request", "conflict", "insufficient_permissions"],
  }),
  testLdap: defineEndpoint({
    method: "POST",
    path: "/api/v3/auth/ldap-settings/test",
    tag,
    category,
    auth: "required",
    summary: "Check LDAP settings step by step: connect, bind as the service account, read the search base, find a user (company admins)",
    description:
      "Nothing is changed and no password of the user is checked. Each step (connect, bind, search base, find user) reports " +
      "`ok`, `failed` with the reason, or `skipped`; `ok` is false when one failed (still a 200: the test itself worked). " +
      "Without `settings` the stored ones are tested (404 when none are stored); with `settings` and nothing stored, " +
      "`settings.bind_password` is required (422).",
    body: ZLdapTest,
    bodyOptional: true,
    responses: { 200: { description: "The result of each step", schema: ZLdapTestResult } },
    errors: ["insufficient_permissions", "not_found"],
  }),
  deleteLdap: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/auth/ldap-settings",
    tag,
    category,
    auth: "required",
    summary: "Remove the company's LDAP directory (company admins); `auth_method` returns to `password`",
    responses: { 204: { description: "Removed" } },
    errors: ["insufficient_permissions", "not_found"],
  }),
};

export type TLdapSettingsPut = z.output<typeof ZLdapSettingsPut>;
export type TLdapSettings = z.output<typeof ZLdapSettings>;
export type TCurrentUser = z.output<typeof ZCurrentUser>;
export type TLdapTestResult = z.output<typeof ZLdapTestResult>;
export type TLdapTest = z.output<typeof ZLdapTest>;
export type TVerificationSent = z.output<typeof ZVerificationSent>;
export type TVerifyEmailResult = z.output<typeof ZVerifyEmailResult>;
