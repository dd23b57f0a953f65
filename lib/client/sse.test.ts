import { describe, expect, it } from "vitest";
import { formatSseEvent } from "@/lib/http/sse";
import { readSse, type SseMessage, SseParser, sseJson } from "./sse";

/** A body that delivers `chunks` one read at a time, as a network would. */
function bodyOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i >= chunks.length) return controller.close();
      const c = chunks[i++];
      controller.enqueue(typeof c === "string" ? encoder.encode(c) : c);
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  for await (const m of readSse(body, signal)) out.push(m);
  return out;
}

describe("SseParser", () => {
  it("reads named events with JSON data as the server formats them", () => {
    const p = new SseParser();
    const wire = formatSseEvent({ event: "sources", data: { sources: [] } }) + formatSseEvent({ event: "delta", data: { text: "Hi [1]" } });
    const events = p.push(wire);
    expect(events).toEqual([
      { event: "sources", data: '{"sources":[]}' },
      { event: "delta", data: '{"text":"Hi [1]"}' },
    ]);
    expect(sseJson(events[1])).toEqual({ text: "Hi [1]" });
  });

  it("joins multi-line data, ignores comments and unknown fields, defaults the name to message", () => {
    const p = new SseParser();
    expect(p.push(": keep-alive\ndata: one\ndata:two\nretry: 10\nfoo: bar\n\n")).toEqual([{ event: "message", data: "one\ntwo" }]);
  });

  it("accepts CRLF and CR line ends, including a CRLF split between two chunks", () => {
    const p = new SseParser();
    expect(p.push("event: a\r\ndata: 1\r\n\r\nevent: b\rdata: 2\r")).toEqual([{ event: "a", data: "1" }]);
    // The CR ending the last chunk was a line end; the LF now is its second half, not a blank line…
    expect(p.push("\n")).toEqual([]);
    // …so only this blank line dispatches `b`.
    expect(p.push("\n")).toEqual([{ event: "b", data: "2" }]);
  });

  it("drops events without data and resets the name after each dispatch", () => {
    const p = new SseParser();
    expect(p.push("event: ping\n\ndata: x\n\n")).toEqual([{ event: "message", data: "x" }]);
  });

  it("keeps the last event id", () => {
    const p = new SseParser();
    expect(p.push("id: 7\ndata: x\n\n")).toEqual([{ event: "message", data: "x", id: "7" }]);
  });

  it("returns null JSON for data that is not JSON", () => {
    expect(sseJson({ event: "message", data: "not json" })).toBeNull();
  });
});

describe("readSse", () => {
  it("yields events split anywhere across network chunks, including inside a multi-byte character", async () => {
    const wire = new TextEncoder().encode(
      formatSseEvent({ event: "delta", data: { text: "Prüfung €5" } }) + formatSseEvent({ event: "done", data: { model: "m" } }),
    );
    // Cut every 3 bytes: lines, field names and the UTF-8 sequences of ü and € are all split.
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < wire.length; i += 3) chunks.push(wire.slice(i, i + 3));
    const events = await collect(bodyOf(chunks));
    expect(events.map((e) => e.event)).toEqual(["delta", "done"]);
    expect(sseJson(events[0])).toEqual({ text: "Prüfung €5" });
  });

  it("drops an unterminated last event (the stream broke off mid-event)", async () => {
    expect(await collect(bodyOf(['event: delta\ndata: {"text":"a"}\n\n', 'event: delta\ndata: {"te']))).toHaveLength(1);
  });

  it("stops reading when the signal aborts and cancels the body", async () => {
    const controller = new AbortController();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode("data: 1\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    const seen: string[] = [];
    for await (const m of readSse(body, controller.signal)) {
      seen.push(m.data);
      controller.abort();
    }
    expect(seen).toEqual(["1"]);
    expect(cancelled).toBe(true);
  });
});
