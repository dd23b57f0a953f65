// Server-sent events: an async sequence of named events becomes a `text/event-stream` response. Use cases
// yield their own domain events; the names and data they carry on the wire are decided here only.
// A failure after the stream has started can no longer change the HTTP status, so it is sent as an
// `error` event whose data is the same v3 envelope an HTTP error would carry, and the stream closes.
import type { AskEvent } from "@/lib/ask/ask-question";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { errorEnvelope } from "./respond";

export interface SseEvent {
  event: string;
  data: unknown;
}

/** One event in the wire format (data is JSON on one line, so no `data:` continuation is needed). */
export function formatSseEvent(e: SseEvent): string {
  return `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

/** /ask on the wire: `sources` ({sources}), `delta` ({text})…, `done` ({model, usage, conversation_id}). */
export function askSseEvent(e: AskEvent): SseEvent {
  switch (e.type) {
    case "sources":
      return { event: "sources", data: { sources: e.sources } };
    case "delta":
      return { event: "delta", data: { text: e.text } };
    case "done":
      return { event: "done", data: { model: e.model, usage: e.usage, conversation_id: e.conversationId } };
  }
}

/** Names each domain event for the wire; closing this sequence closes the source (the client went away). */
export async function* sseEvents<E>(events: AsyncIterable<E>, name: (e: E) => SseEvent): AsyncGenerator<SseEvent> {
  for await (const e of events) yield name(e);
}

export interface SseOptions {
  headers?: Record<string, string>;
  /** Called when the client goes away, so upstream work (a model call) can be aborted. */
  onCancel?: () => void;
  requestId?: string;
}

export function sseResponse(req: Request, events: AsyncIterable<SseEvent>, opts: SseOptions = {}): Response {
  const encoder = new TextEncoder();
  const iterator = events[Symbol.asyncIterator]();
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    // Pull-driven: the next event is produced only when the client has read the previous one.
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (closed) return;
        if (next.done) {
          closed = true;
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(formatSseEvent(next.value)));
      } catch (err) {
        // After a cancel the producer fails with the abort it was given: nobody is listening any more.
        if (closed) return;
        closed = true;
        const appError =
          err instanceof AppError
            ? err
            : new AppError(
                "internal_server_error",
                `An unexpected error occurred while streaming${opts.requestId ? `. Reference: ${opts.requestId}` : ""}.`,
              );
        if (!(err instanceof AppError)) log.error("stream failed", { requestId: opts.requestId, url: req.url, err });
        controller.enqueue(encoder.encode(formatSseEvent({ event: "error", data: errorEnvelope(req, appError) })));
        controller.close();
      }
    },
    async cancel() {
      if (closed) return;
      closed = true;
      opts.onCancel?.();
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      // Proxies such as nginx would otherwise buffer the stream until it ends.
      "x-accel-buffering": "no",
      ...opts.headers,
    },
  });
}

/** Parses a complete `text/event-stream` body (tests and clients of this API). */
export function parseSseBody(text: string): SseEvent[] {
  return text
    .split(/\n\n/)
    .filter((block) => block.trim())
    .map((block) => {
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      const raw = data.join("\n");
      let parsed: unknown = raw;
      try {
        parsed = JSON.parse(raw);
      } catch {
        // not JSON: keep the text
      }
      return { event, data: parsed };
    });
}
