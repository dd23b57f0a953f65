// The company's users, for pickers such as "add a workspace member" (there is no other way to learn ids).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, zPaginated, zTimestamp } from "./common";

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
};
