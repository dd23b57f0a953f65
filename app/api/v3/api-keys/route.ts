// GET /api/v3/api-keys — any user: own keys (company admins: all of the company's).
// POST /api/v3/api-keys — any company user; workspace-scoped keys need owner rights on the workspace.

import { createApiKey, listApiKeys } from "@/lib/api-keys/manage-api-keys";
import { apiKeyEndpoints } from "@/lib/contracts/api-keys";
import { okPage } from "@/lib/http/paginate";
import { created } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(apiKeyEndpoints.list, async ({ principal, query, req }) => okPage(req, query, await listApiKeys(principal, query)));

export const POST = withApi(apiKeyEndpoints.create, async ({ principal, body }) => created(await createApiKey(principal, body)));
