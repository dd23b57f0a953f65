// GET /api/v3/tags/{id} — any user of the company. PATCH, DELETE — company admins.
import { tagEndpoints } from "@/lib/contracts/tags";
import { noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { deleteTag, getTag, updateTag } from "@/lib/tags/manage-tags";

export const GET = withApi(tagEndpoints.get, async ({ principal, params }) => ok(await getTag(principal, params.id)));

export const PATCH = withApi(tagEndpoints.update, async ({ principal, params, body }) => ok(await updateTag(principal, params.id, body)));

export const DELETE = withApi(tagEndpoints.delete, async ({ principal, params }) => {
  await deleteTag(principal, params.id);
  return noContent();
});
