// POST /api/v3/files/{id}/facets/suggest — editors and owners of the file's workspace (company admins act as owners).
import { facetEndpoints } from "@/lib/contracts/facets";
import { suggestFileAttributes } from "@/lib/facets/suggest-attributes";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(facetEndpoints.suggest, async ({ principal, params, body }) =>
  ok(await suggestFileAttributes(principal, params.id, body.content_type_path)),
);
