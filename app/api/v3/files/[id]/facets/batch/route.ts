// POST /api/v3/files/{id}/facets/batch — editors and owners of the file's workspace.
import { facetEndpoints } from "@/lib/contracts/facets";
import { runFacetBatch } from "@/lib/facets/file-facets";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(facetEndpoints.batch, async ({ principal, params, body }) => ok(await runFacetBatch(principal, params.id, body.actions)));
