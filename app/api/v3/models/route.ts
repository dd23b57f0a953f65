// GET /api/v3/models — any authenticated user or key.
import { modelEndpoints } from "@/lib/contracts/models";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { listModels } from "@/lib/search/search-models";

export const GET = withApi(modelEndpoints.list, async () => ok(listModels()));
