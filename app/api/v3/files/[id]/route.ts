// GET /api/v3/files/{id} — readers of the file's workspace. PATCH, DELETE — its editors, owners, company admins.
import { fileEndpoints } from "@/lib/contracts/files";
import { deleteFile, getFile, updateFile } from "@/lib/files/manage-files";
import { noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(fileEndpoints.get, async ({ principal, params }) => ok(await getFile(principal, params.id)));

export const PATCH = withApi(fileEndpoints.update, async ({ principal, params, body }) => ok(await updateFile(principal, params.id, body)));

export const DELETE = withApi(fileEndpoints.delete, async ({ principal, params }) => {
  await deleteFile(principal, params.id);
  return noContent();
});
