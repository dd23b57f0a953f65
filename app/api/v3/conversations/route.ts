// GET /api/v3/conversations — any user or key: their own conversations. POST — any user or key: start one.

import { conversationEndpoints } from "@/lib/contracts/conversations";
import { createConversation, listConversations } from "@/lib/conversations/manage-conversations";
import { okPage } from "@/lib/http/paginate";
import { created } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(conversationEndpoints.list, async ({ principal, query, req }) =>
  okPage(req, query, await listConversations(principal, query)),
);

export const POST = withApi(conversationEndpoints.create, async ({ principal, body }) => created(await createConversation(principal, body)));
