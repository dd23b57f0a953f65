import { afterEach, describe, expect, it, vi } from "vitest";
import { formatSseEvent, type SseEvent } from "@/lib/http/sse";
import { ApiError } from "../api-client";
import { streamAsk, type TAskTurn, turnsFromConversation } from "./use-ask-question";

const turn = (id: number, over: Partial<TAskTurn> = {}): TAskTurn => ({
  id,
  question: `q${id}`,
  agentId: null,
  sources: [],
  answer: `a${id}`,
  status: "done",
  error: null,
  model: "m",
  ...over,
});

const source = { file_id: 4, filename: "terms.txt", chunk_id: "c1", page: 2, content: "Refunds: 45 days.", score: 0.9 };

/** A fetch answering with these events as a stream, one network chunk per event split in two. */
function streamingFetch(events: SseEvent[]) {
  const encoder = new TextEncoder();
  const chunks = events.flatMap((e) => {
    const wire = formatSseEvent(e);
    const half = Math.floor(wire.length / 2);
    return [wire.slice(0, half), wire.slice(half)];
  });
  return vi.fn(async () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (i < chunks.length) c.enqueue(encoder.encode(chunks[i++]));
        else c.close();
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  });
}

const handlers = () => ({ onSources: vi.fn(), onDelta: vi.fn(), onDone: vi.fn() });

afterEach(() => vi.unstubAllGlobals());

describe("turnsFromConversation", () => {
  it("shows a stored conversation's answers as completed turns with their sources", () => {
    const stored = {
      id: 5,
      title: "Refunds",
      turn_count: 1,
      created_at: "2026-11-26T10:00:00.000Z",
      updated_at: "2026-11-26T10:00:00.000Z",
      turns: [
        {
          id: 9,
          question: "refund?",
          answer: "45 days [1].",
          sources: [source],
          model: "extractive",
          agent_id: 3,
          created_at: "2026-11-26T10:00:00.000Z",
        },
      ],
    };
    expect(turnsFromConversation(stored)).toEqual([
      turn(9, { question: "refund?", answer: "45 days [1].", sources: [source], model: "extractive", agentId: 3 }),
    ]);
  });
});

describe("streamAsk", () => {
  it("posts a streamed question and hands sources, deltas and completion to the handlers in order", async () => {
    const fetch = streamingFetch([
      { event: "sources", data: { sources: [source] } },
      { event: "delta", data: { text: "Refunds take 45 days" } },
      { event: "delta", data: { text: " [1]." } },
      { event: "done", data: { model: "extractive", usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } } },
    ]);
    vi.stubGlobal("fetch", fetch);
    const h = handlers();
    await streamAsk({ query: "refund?", stream: true, history: [] }, new AbortController().signal, h);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v3/ask");
    expect(JSON.parse(init.body as string)).toEqual({ query: "refund?", stream: true, history: [] });
    expect(h.onSources).toHaveBeenCalledWith([source]);
    expect(h.onDelta.mock.calls.map((c) => c[0])).toEqual(["Refunds take 45 days", " [1]."]);
    expect(h.onDone).toHaveBeenCalledWith("extractive");
  });

  it("turns an `error` event into an ApiError carrying the envelope", async () => {
    vi.stubGlobal(
      "fetch",
      streamingFetch([
        { event: "sources", data: { sources: [] } },
        { event: "error", data: { id: null, code: 504, error: "model_timeout", detail: "The model did not answer in time.", doc_url: "/docs#e" } },
      ]),
    );
    const err = await streamAsk({ query: "x", stream: true }, new AbortController().signal, handlers()).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 504, code: "model_timeout", detail: "The model did not answer in time." });
  });

  it("reports HTTP errors before the stream with the envelope (503 model_unavailable)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify({ id: null, code: 503, error: "model_unavailable", detail: "Not configured." }), { status: 503 }),
      ),
    );
    await expect(streamAsk({ query: "x", stream: true }, new AbortController().signal, handlers())).rejects.toMatchObject({
      status: 503,
      code: "model_unavailable",
      detail: "Not configured.",
    });
  });

  it("fails clearly when the stream ends without `done`", async () => {
    vi.stubGlobal("fetch", streamingFetch([{ event: "delta", data: { text: "half" } }]));
    await expect(streamAsk({ query: "x", stream: true }, new AbortController().signal, handlers())).rejects.toMatchObject({
      code: "stream_interrupted",
    });
  });
});
