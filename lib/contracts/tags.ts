// Company-wide document tags.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, zBoolString, zIntId, zPaginated, zTimestamp } from "./common";

export const ZTag = z
  .object({
    id: z.number().int(),
    created_at: zTimestamp,
    updated_at: zTimestamp,
    name: z.string(),
    description: z.string(),
    auto_assign: z.boolean().describe("The system may assign the tag at ingestion when a document matches its name or description"),
    document_count: z.number().int(),
  })
  .meta({ id: "Tag" });
export type TTag = z.infer<typeof ZTag>;

export const ZTagCreate = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(2000).optional(),
  auto_assign: z.boolean().optional(),
});
export const ZTagUpdate = ZTagCreate.partial();
export const ZTagListQuery = ZPageQuery.extend({
  auto_assign: zBoolString.optional(),
  name: z.string().max(100).optional().describe("Case-insensitive partial match"),
});

const tag = "Tags";
const category = "tags" as const;
const params = z.object({ id: zIntId });

export const tagEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/v3/tags",
    tag,
    category,
    auth: "required",
    summary: "List the company's tags, newest first",
    query: ZTagListQuery,
    responses: { 200: { description: "Paginated tags", schema: zPaginated(ZTag) } },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/v3/tags",
    tag,
    category,
    auth: "required",
    summary: "Create a tag (names are unique per company, case-insensitively)",
    body: ZTagCreate,
    responses: { 201: { description: "Tag", schema: ZTag } },
    errors: ["conflict", "insufficient_permissions"],
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/v3/tags/{id}",
    tag,
    category,
    auth: "required",
    summary: "Fetch a tag",
    params,
    responses: { 200: { description: "Tag", schema: ZTag } },
    errors: ["not_found"],
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/tags/{id}",
    tag,
    category,
    auth: "required",
    summary: "Update a tag (company admins)",
    params,
    body: ZTagUpdate,
    responses: { 200: { description: "Tag", schema: ZTag } },
    errors: ["not_found", "conflict", "insufficient_permissions"],
  }),
  delete: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/tags/{id}",
    tag,
    category,
    auth: "required",
    summary: "Delete a tag and remove it from every file (company admins)",
    params,
    responses: { 204: { description: "Deleted" } },
    errors: ["not_found", "insufficient_permissions"],
  }),
};
