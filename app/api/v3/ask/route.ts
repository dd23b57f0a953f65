// POST /api/v3/ask — any authenticated user or key; retrieval limited to the workspaces the caller can read.
import { askQuestion, streamAnswer } from "@/lib/ask/ask-question";
import { askEndpoints } from "@/lib/contracts/ask";
import { ok } from "@/lib/http/respond";
import { askSseEvent, sseEvents, sseResponse } from "@/lib/http/sse";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(askEndpoints.ask, async ({ principal, body, req, requestId }) => {
  if (!body.stream) return ok(await askQuestion(principal, body, req.signal));
  const abort = new AbortController();
  const events = await streamAnswer(principal, body, AbortSignal.any([req.signal, abort.signal]));
  return sseResponse(req, sseEvents(events, askSseEvent), { requestId, onCancel: () => abort.abort() });
});
