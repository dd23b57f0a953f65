// Conversations: /ask exchanges kept server-side per user, so they can be listed, reopened, continued
// (POST /api/v3/ask with `conversation_id`), renamed and deleted. Beyond the spec (issue 19).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZAskSource } from "./ask";
import { ZPageQuery, zIntId, zPaginated, zTimestamp } from "./common";

/** Turns kept per conversation; asking in a full conversation is a 422 (start a new one). */
export const CONVERSATION_MAX_TURNS = 500;
export const CONVERSATION_TITLE_MAX = 200;

const zTitle = z
  .string()
  .trim()
  .min(1, { error: "Must not be empty." })
  .max(CONVERSATION_TITLE_MAX, { error: `At most ${CONVERSATION_TITLE_MAX} characters.` });

export const ZConversation = z
  .object({
    id: z.number().int(),
    title: z.string().describe("Given on creation or rename; else the first question (shortened)"),
    turn_count: z.number().int().describe("Answered questions in the conversation"),
    created_at: zTimestamp,
    updated_at: zTimestamp.describe("Last rename or answered question"),
  })
  .meta({ id: "Conversation" });
export type TConversation = z.infer<typeof ZConversation>;

export const ZConversationTurn = z
  .object({
    id: z.number().int(),
    question: z.string(),
    answer: z.string().describe("The answer as given; `[n]` cites `sources[n-1]`"),
    sources: z.array(ZAskSource).describe("The passages the answer was given, in citation order"),
    model: z.string().describe("Model that answered"),
    agent_id: z.number().int().nullable().describe("Agent applied to this question, if any (the agent may since have been deleted)"),
    created_at: zTimestamp,
  })
  .meta({ id: "ConversationTurn" });
export type TConversationTurn = z.infer<typeof ZConversationTurn>;

export const ZConversationDetail = ZConversation.extend({
  turns: z.array(ZConversationTurn).describe("Every answered question, oldest first"),
}).meta({ id: "ConversationDetail" });
export type TConversationDetail = z.infer<typeof ZConversationDetail>;

export const ZConversationCreate = z.object({ title: zTitle.optional().describe("Default: the first question asked in it") }).strict();
export type TConversationCreate = z.output<typeof ZConversationCreate>;
export const ZConversationUpdate = z.object({ title: zTitle }).strict();
export type TConversationUpdate = z.output<typeof ZConversationUpdate>;

export const ZConversationListQuery = ZPageQuery.extend({
  title: z.string().max(CONVERSATION_TITLE_MAX).optional().describe("Case-insensitive partial match on the title"),
});
export type TConversationListQuery = z.output<typeof ZConversationListQuery>;

const tag = "Conversations";
const category = "ask" as const;
const params = z.object({ id: zIntId });
const OWNERSHIP =
  "A conversation belongs to the user who started it (for an API key: the key's owner); anyone else's conversation, in this company or another, answers 404. A workspace-scoped key sees only the conversations started through a key of the same workspace.";

export const conversationEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/v3/conversations",
    tag,
    category,
    auth: "required",
    summary: "List the caller's conversations, most recently active first",
    description: `Paginated envelope (\`count\`, \`next\`, \`previous\`, \`results\`), without the turns. ${OWNERSHIP}`,
    query: ZConversationListQuery,
    responses: { 200: { description: "Paginated conversations", schema: zPaginated(ZConversation) } },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/v3/conversations",
    tag,
    category,
    auth: "required",
    summary: "Start an empty conversation",
    description:
      "Questions are added by `POST /api/v3/ask` with `conversation_id`. Without a `title`, the first question asked in the conversation becomes its title.",
    body: ZConversationCreate,
    bodyOptional: true,
    responses: { 201: { description: "Conversation", schema: ZConversation } },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/v3/conversations/{id}",
    tag,
    category,
    auth: "required",
    summary: "Fetch a conversation with its answered questions and their sources",
    description: OWNERSHIP,
    params,
    responses: { 200: { description: "Conversation with its turns", schema: ZConversationDetail } },
    errors: ["not_found"],
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/v3/conversations/{id}",
    tag,
    category,
    auth: "required",
    summary: "Rename a conversation",
    description: OWNERSHIP,
    params,
    body: ZConversationUpdate,
    responses: { 200: { description: "Conversation", schema: ZConversation } },
    errors: ["not_found"],
  }),
  delete: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/conversations/{id}",
    tag,
    category,
    auth: "required",
    summary: "Delete a conversation and its answers",
    description: OWNERSHIP,
    params,
    responses: { 204: { description: "Deleted" } },
    errors: ["not_found"],
  }),
};
