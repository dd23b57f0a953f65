// GET /api/v3/content-types/templates — any authenticated caller (read-only catalog).
import { contentTypeEndpoints } from "@/lib/contracts/content-types";
import { templateCatalog } from "@/lib/facets/template-catalog";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(contentTypeEndpoints.templates, async ({ query }) => ok(templateCatalog(query)));
