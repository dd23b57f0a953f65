// Bulk changes to files beyond the spec (which has only bulk-delete): add or remove tags and move to another
// workspace for many files in one all-or-nothing request, as the console's bulk actions do.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { zBodyId } from "./common";
import { ZFile } from "./files";

export const ZFileBulkUpdate = z
  .object({
    ids: z.array(zBodyId).min(1).max(1000).describe("The files to change"),
    add_tag_ids: z.array(zBodyId).max(200).optional().describe("Tags to assign (manually) to every file"),
    remove_tag_ids: z.array(zBodyId).max(200).optional().describe("Tags to take off every file, whether assigned by hand or automatically"),
    workspace_id: zBodyId.optional().describe("Move every file to this workspace"),
  })
  .strict()
  .refine((b) => b.add_tag_ids?.length || b.remove_tag_ids?.length || b.workspace_id !== undefined, {
    message: "Name at least one change: add_tag_ids, remove_tag_ids or workspace_id.",
    path: ["ids"],
  })
  .refine((b) => !(b.add_tag_ids ?? []).some((id) => (b.remove_tag_ids ?? []).includes(id)), {
    message: "A tag cannot be added and removed at once.",
    path: ["remove_tag_ids"],
  })
  .meta({ id: "FileBulkUpdate" });
export type TFileBulkUpdate = z.output<typeof ZFileBulkUpdate>;

export const ZFileBulkUpdateResult = z.object({ results: z.array(ZFile).describe("The changed files, in the order of `ids`") });

export const fileBulkEndpoints = {
  bulkUpdate: defineEndpoint({
    method: "POST",
    path: "/api/v3/files/bulk-update",
    tag: "Files",
    category: "files",
    auth: "required",
    summary: "Add or remove tags and move several files to another workspace, all or nothing (beyond the spec)",
    description:
      "Checks every file before changing any: 404 if any id is not visible (or a tag or the target workspace is not found), 403 if the caller may not edit any of the files or the target workspace, 400 if the target workspace is sync-managed, 400 STORAGE_LIMIT_REACHED or UPLOADS_DISABLED if the target cannot take the moved files, 422 for an unknown tag. Files already in the target workspace stay where they are.",
    body: ZFileBulkUpdate,
    responses: { 200: { description: "The changed files", schema: ZFileBulkUpdateResult } },
    errors: ["not_found", "insufficient_permissions", "bad_request", "STORAGE_LIMIT_REACHED", "UPLOADS_DISABLED"],
  }),
};
