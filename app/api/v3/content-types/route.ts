// GET /api/v3/content-types — any user of the company. POST — company admins and instance-level users.
import { contentTypeEndpoints } from "@/lib/contracts/content-types";
import { listContentTypes, runContentTypeAction } from "@/lib/facets/manage-content-types";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(contentTypeEndpoints.list, async ({ principal, query }) => ok(await listContentTypes(principal, query)));

export const POST = withApi(contentTypeEndpoints.act, async ({ principal, body }) => ok(await runContentTypeAction(principal, body)));
