// GET /api/v3/files/{id}/facets — readers of the file's workspace. POST — its editors and owners.
import { facetEndpoints } from "@/lib/contracts/facets";
import { getFileFacets, runFacetAction } from "@/lib/facets/file-facets";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(facetEndpoints.get, async ({ principal, params }) => ok(await getFileFacets(principal, params.id)));

export const POST = withApi(facetEndpoints.act, async ({ principal, params, body }) => ok(await runFacetAction(principal, params.id, body)));
