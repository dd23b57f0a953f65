// POST /api/v3/search — any authenticated user or key; results limited to the workspaces the caller can read.
import { searchEndpoints } from "@/lib/contracts/search";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { searchDocuments } from "@/lib/search/search-documents";

export const POST = withApi(searchEndpoints.search, async ({ principal, body }) => ok(await searchDocuments(principal, body)));
