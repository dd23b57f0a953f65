// The SSE helper: wire format, pull-driven streaming, failures as `error` events with the v3 envelope,
// and client cancellation reaching the producer.
import { describe, expect, it } from "vitest";
import type { AskEvent } from "@/lib/ask/ask-question";
import { AppError } from "@/lib/errors";
import { askSseEvent, formatSseEvent, parseSseBody, type SseEvent, sseEvents, sseResponse } from "./sse";

const req = new Request("http://localhost:3000/api/v3/ask", { method: "POST" });

describe("sse", () => {
  it("formats events and parses them back", () => {
    const text = formatSseEvent({ event: "delta", data: { text: "a\nb" } }) + formatSseEvent({ event: "done", data: { n: 1 } });
    expect(text).toBe('event: delta\ndata: {"text":"a\\nb"}\n\nevent: done\ndata: {"n":1}\n\n');
    expect(parseSseBody(text)).toEqual([
      { event: "delta", data: { text: "a\nb" } },
      { event: "done", data: { n: 1 } },
    ]);
  });

  it("streams the events with event-stream headers", async () => {
    async function* events(): AsyncGenerator<SseEvent> {
      yield { event: "sources", data: { sources: [] } };
      yield { event: "done", data: {} };
    }
    const res = sseResponse(req, events(), { headers: { "x-test": "1" } });
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("no-cache");
    expect(res.headers.get("x-test")).toBe("1");
    expect(parseSseBody(await res.text()).map((e) => e.event)).toEqual(["sources", "done"]);
  });

  it("turns a failure into an error event carrying the v3 envelope, then ends", async () => {
    async function* failing(): AsyncGenerator<SseEvent> {
      yield { event: "delta", data: { text: "x" } };
      throw new AppError("model_timeout", "too slow");
    }
    const events = parseSseBody(await sseResponse(req, failing()).text());
    expect(events).toEqual([
      { event: "delta", data: { text: "x" } },
      {
        event: "error",
        data: { id: null, code: 504, error: "model_timeout", detail: "too slow", doc_url: "http://localhost:3000/docs#error-model-timeout" },
      },
    ]);
    // biome-ignore lint/correctness/useYield: a stream that fails before its first event
    async function* crashing(): AsyncGenerator<SseEvent> {
      throw new Error("secret internals");
    }
    const [crash] = parseSseBody(await sseResponse(req, crashing(), { requestId: "req_1" }).text());
    expect(crash).toMatchObject({ event: "error", data: { code: 500, error: "internal_server_error" } });
    expect(JSON.stringify(crash.data)).not.toContain("secret internals");
  });

  it("tells the producer when the client goes away", async () => {
    let cancelled = false;
    let finalised = false;
    async function* endless(): AsyncGenerator<SseEvent> {
      try {
        for (let i = 0; ; i++) yield { event: "delta", data: { i } };
      } finally {
        finalised = true;
      }
    }
    const res = sseResponse(req, endless(), { onCancel: () => (cancelled = true) });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(cancelled).toBe(true);
    expect(finalised).toBe(true);
  });

  it("names /ask's domain events on the wire, and closing the stream closes the use case's sequence", async () => {
    let finalised = false;
    async function* ask(): AsyncGenerator<AskEvent> {
      try {
        yield { type: "sources", sources: [] };
        yield { type: "delta", text: "Hi" };
        yield { type: "done", model: "m", usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }, conversationId: 7 };
        yield { type: "delta", text: "never read" };
      } finally {
        finalised = true;
      }
    }
    const res = sseResponse(req, sseEvents(ask(), askSseEvent));
    const reader = res.body!.getReader();
    let text = "";
    for (let i = 0; i < 3; i++) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toBe(
      'event: sources\ndata: {"sources":[]}\n\n' +
        'event: delta\ndata: {"text":"Hi"}\n\n' +
        'event: done\ndata: {"model":"m","usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3},"conversation_id":7}\n\n',
    );
    await reader.cancel();
    expect(finalised).toBe(true);
  });
});
