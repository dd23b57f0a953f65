// POST /api/v3/ask: retrieval-augmented answer with numbered sources, as JSON or as server-sent events.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { AGENT_MAX_TOP_K } from "./agents";
import { zBodyId, zIdArray } from "./search";

export const ASK_MAX_HISTORY = 20;

export const ZAskMessage = z
  .object({
    role: z.enum(["user", "assistant"]),
    content: z.string().min(1).max(8000, { error: "At most 8000 characters per message." }),
  })
  .strict();

export const ZAskRequest = z
  .object({
    query: z.string().trim().min(1, { error: "Must not be empty." }).max(4000, { error: "At most 4000 characters." }),
    stream: z.boolean().default(false).describe("Answer as `text/event-stream` (events `sources`, `delta`…, `done`; `error` on failure)"),
    agent_id: zBodyId.optional().describe("Apply this agent's instructions, model and retrieval scope (404 when the caller cannot see it)"),
    workspace_ids: zIdArray(100, "workspaces").optional().describe("Only these workspaces (within the agent's scope; unreadable ids match nothing)"),
    tag_ids: zIdArray(100, "tags").optional().describe("Only files carrying any of these tags (ANDed with the agent's tags)"),
    file_ids: zIdArray(1000, "files").optional().describe("Only these files"),
    top_k: z.number().int().min(1).max(AGENT_MAX_TOP_K).optional().describe("Passages retrieved (default: the agent's `top_k`, else 6)"),
    history: z
      .array(ZAskMessage)
      .max(ASK_MAX_HISTORY, { error: `At most ${ASK_MAX_HISTORY} earlier messages.` })
      .default([])
      .describe("Earlier turns of the conversation, oldest first (not with `conversation_id`: the stored turns are the history)"),
    conversation_id: zBodyId
      .optional()
      .describe(
        "Continue this stored conversation (GET /api/v3/conversations): its latest turns give the answer model context, and the answered question is added to it. 404 unless it is the caller's own",
      ),
  })
  .strict()
  .refine((b) => b.conversation_id === undefined || b.history.length === 0, {
    error: "Leave out `history` when continuing a stored conversation: its turns are the history.",
    path: ["history"],
  });
export type TAskRequest = z.output<typeof ZAskRequest>;

export const ZAskSource = z
  .object({
    file_id: z.number().int(),
    workspace_id: z
      .number()
      .int()
      .optional()
      .describe(
        "The workspace holding the file (the caller's own or a public dataset); always given by /ask, absent from turns stored before it was",
      ),
    filename: z.string(),
    chunk_id: z.string(),
    page: z.number().int(),
    content: z.string(),
    score: z.number(),
  })
  .meta({ id: "AskSource" });
export type TAskSource = z.infer<typeof ZAskSource>;

export const ZAskUsage = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});

export const ZAskResponse = z
  .object({
    answer: z.string().describe("Answer text; `[n]` cites `sources[n-1]`"),
    sources: z.array(ZAskSource).describe("Passages given to the model, in citation order"),
    model: z.string().describe("Model that answered"),
    usage: ZAskUsage,
    conversation_id: z.number().int().nullable().describe("The stored conversation the question was added to (null without `conversation_id`)"),
  })
  .meta({ id: "AskResponse" });
export type TAskResponse = z.infer<typeof ZAskResponse>;

export const askEndpoints = {
  ask: defineEndpoint({
    method: "POST",
    path: "/api/v3/ask",
    tag: "Ask",
    category: "ask",
    auth: "required",
    metered: "rag",
    summary: "Answer a question from the caller's documents, with cited sources",
    description: [
      "Retrieves the best passages (hybrid search, reranked unless the agent turns reranking off) from the workspaces the caller can read, narrowed by the agent's scope and then by the request's `workspace_ids`, `tag_ids` and `file_ids`, and has the answer model answer from them. Citation markers `[1]`, `[2]` in `answer` refer to `sources[0]`, `sources[1]`. When no passage is relevant the answer says so plainly. A short follow-up (three words or fewer, e.g. \"and the deadline?\") is retrieved together with the previous user message of `history`. Empty id lists do not narrow.",
      "",
      '`stream: true` answers `text/event-stream` with, in order: one `sources` event (`{"sources": [...]}`), `delta` events (`{"text": "..."}`, concatenated they are the answer), and a final `done` event (`{"model": ..., "usage": {...}, "conversation_id": ...}`). A failure after the stream has started arrives as an `error` event whose data is the v3 error envelope; the stream then ends. Failures before the first byte (validation, unknown agent, model unreachable) are ordinary HTTP errors.',
      "",
      "Model errors: 503 `model_unavailable` (not reachable or not configured), 502 `model_unavailable` (the model service failed), 504 `model_timeout`, 422 `context_length_exceeded` and `content_filtered` (with `fields.query`).",
      "",
      "Conversations: with `conversation_id` the question continues a stored conversation of the caller (see /api/v3/conversations): its latest turns are the history, and the complete answer with its sources is stored in it (a failed or stopped answer is not).",
      "",
      "Metering: one `rag` usage event per answered question (not for failures).",
    ].join("\n"),
    body: ZAskRequest,
    responses: {
      200: { description: "Answer with sources (JSON), or the event stream when `stream` is true", schema: ZAskResponse },
    },
    errors: ["not_found", "model_unavailable", "model_timeout", "content_filtered", "context_length_exceeded", "search_backend_unavailable"],
  }),
};
