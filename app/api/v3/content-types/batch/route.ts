// POST /api/v3/content-types/batch — company admins and instance-level users.
import { contentTypeEndpoints } from "@/lib/contracts/content-types";
import { runContentTypeBatch } from "@/lib/facets/manage-content-types";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(contentTypeEndpoints.batch, async ({ principal, body }) => ok(await runContentTypeBatch(principal, body.actions)));
