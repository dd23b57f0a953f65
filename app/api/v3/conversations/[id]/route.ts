// GET, PATCH, DELETE /api/v3/conversations/{id} — the user who started the conversation (or their key).

import { conversationEndpoints } from "@/lib/contracts/conversations";
import { deleteConversation, getConversation, renameConversation } from "@/lib/conversations/manage-conversations";
import { noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(conversationEndpoints.get, async ({ principal, params }) => ok(await getConversation(principal, params.id)));

export const PATCH = withApi(conversationEndpoints.update, async ({ principal, params, body }) =>
  ok(await renameConversation(principal, params.id, body)),
);

export const DELETE = withApi(conversationEndpoints.delete, async ({ principal, params }) => {
  await deleteConversation(principal, params.id);
  return noContent();
});
