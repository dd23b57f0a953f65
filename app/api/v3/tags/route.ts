// GET /api/v3/tags — any user of the company. POST /api/v3/tags — company users (not DPOs or scoped keys).
import { tagEndpoints } from "@/lib/contracts/tags";
import { okPage } from "@/lib/http/paginate";
import { created } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { createTag, listTags } from "@/lib/tags/manage-tags";

export const GET = withApi(tagEndpoints.list, async ({ principal, query, req }) => okPage(req, query, await listTags(principal, query)));

export const POST = withApi(tagEndpoints.create, async ({ principal, body }) => created(await createTag(principal, body)));
