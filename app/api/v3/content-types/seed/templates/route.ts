// GET /api/v3/content-types/seed/templates — any authenticated caller (same catalog as /templates).
import { contentTypeEndpoints } from "@/lib/contracts/content-types";
import { templateCatalog } from "@/lib/facets/template-catalog";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(contentTypeEndpoints.seedTemplates, async ({ query }) => ok(templateCatalog(query)));
