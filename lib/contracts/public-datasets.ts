// Public datasets (issue 20): the instance admin's side. Companies opted in to public datasets, and the
// instance-level users holding the public-dataset management permission. The datasets themselves are
// workspaces with `is_public` (lib/contracts/workspaces.ts).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, zBoolString, zIntId, zPaginated, zTimestamp } from "./common";

export const ZCompany = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    tier: z.string(),
    public_datasets: z
      .boolean()
      .describe(
        "Opted in to public datasets: its console members read every public dataset, and a workspace-scoped key its admins create may grant one (read-only)",
      ),
    created_at: zTimestamp,
  })
  .meta({ id: "Company" });
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyListQuery = ZPageQuery.extend({
  name: z.string().max(200).optional().describe("Case-insensitive partial match on the name"),
  public_datasets: zBoolString.optional().describe("Only companies opted in (true) or not (false)"),
});
export const ZCompanyUpdate = z.object({
  public_datasets: z.boolean().describe("Opt the company in to public datasets (true) or out (false)"),
});
export const ZCompanyIdParams = z.object({ id: zIntId });

export const ZPublicDatasetManager = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    instance_role: z.string(),
    manages_public_datasets: z.boolean().describe("Holds the public-dataset management permission"),
  })
  .meta({ id: "PublicDatasetManager" });
export type TPublicDatasetManager = z.infer<typeof ZPublicDatasetManager>;
export const ZManagerParams = z.object({ user_id: zIntId });
export const ZManagerListQuery = ZPageQuery.extend({
  manages_public_datasets: zBoolString.optional().describe("Only holders (true) or only the other instance-level users (false)"),
});

const category = "system" as const;

export const publicDatasetEndpoints = {
  listCompanies: defineEndpoint({
    method: "GET",
    path: "/api/v3/companies",
    tag: "Companies",
    category,
    auth: "required",
    summary: "List the instance's companies, by name (instance admins)",
    query: ZCompanyListQuery,
    responses: { 200: { description: "Paginated companies", schema: zPaginated(ZCompany) } },
    errors: ["insufficient_permissions"],
  }),
  getCompany: defineEndpoint({
    method: "GET",
    path: "/api/v3/companies/{id}",
    tag: "Companies",
    category,
    auth: "required",
    summary: "Retrieve a company: instance admins any, a company's users their own",
    description: "Shows whether the company is opted in to public datasets. Another company is 404 for everyone but instance admins.",
    params: ZCompanyIdParams,
    responses: { 200: { description: "Company", schema: ZCompany } },
    errors: ["not_found"],
  }),
  updateCompany: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/companies/{id}",
    tag: "Companies",
    category,
    auth: "required",
    summary: "Opt a company in to (or out of) public datasets (instance admins)",
    description:
      "Opted out, the company's users and keys see nothing of public datasets again (404, as for a missing id); keys granting one stop working for it.",
    params: ZCompanyIdParams,
    body: ZCompanyUpdate,
    responses: { 200: { description: "Updated company", schema: ZCompany } },
    errors: ["insufficient_permissions", "not_found"],
  }),
  listManagers: defineEndpoint({
    method: "GET",
    path: "/api/v3/public-datasets/managers",
    tag: "Public datasets",
    category,
    auth: "required",
    summary: "List the instance-level users and whether each holds the public-dataset management permission (instance admins)",
    query: ZManagerListQuery,
    responses: { 200: { description: "Paginated managers", schema: zPaginated(ZPublicDatasetManager) } },
    errors: ["insufficient_permissions"],
  }),
  grantManager: defineEndpoint({
    method: "PUT",
    path: "/api/v3/public-datasets/managers/{user_id}",
    tag: "Public datasets",
    category,
    auth: "required",
    summary: "Grant an instance-level user the public-dataset management permission (instance admins)",
    description:
      "Holders create public datasets (`POST /api/v3/workspaces` with `is_public`), upload to and sync them, always see their files and may bulk-delete them. Only instance-level users may hold it (422 otherwise). Idempotent.",
    params: ZManagerParams,
    responses: { 200: { description: "The manager", schema: ZPublicDatasetManager } },
    errors: ["insufficient_permissions", "not_found", "validation_error"],
  }),
  revokeManager: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/public-datasets/managers/{user_id}",
    tag: "Public datasets",
    category,
    auth: "required",
    summary: "Revoke the public-dataset management permission (instance admins)",
    params: ZManagerParams,
    responses: { 204: { description: "Revoked (also when the user did not hold it)" } },
    errors: ["insufficient_permissions", "not_found"],
  }),
};
