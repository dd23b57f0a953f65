// Browser-side reader for `text/event-stream` bodies fetched with fetch() (EventSource cannot POST a JSON
// body or be aborted per request). Incremental: bytes arrive in arbitrary chunks, possibly splitting a
// line or a multi-byte character, so decoding is streamed and only complete lines are interpreted.
// Follows the WHATWG event-stream rules that matter here: CRLF/LF/CR line ends, `event:` and repeated
// `data:` fields (joined with "\n"), one optional space after the colon, `:` comment lines, a blank
// line dispatches, an event without data is dropped, an unterminated last event is dropped.

export interface SseMessage {
  /** `message` when the server named none. */
  event: string;
  /** The raw data (lines joined with "\n"). */
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = "";
  private event = "";
  private data: string[] = [];
  private id: string | undefined;
  /** A CR ended the previous chunk: an LF at the start of the next one belongs to it. */
  private pendingCR = false;

  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): SseMessage[] {
    if (this.pendingCR && text.startsWith("\n")) text = text.slice(1);
    this.pendingCR = false;
    this.buffer += text;
    const out: SseMessage[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A CR at the very end may be the first half of a CRLF split across chunks.
      if (m[0] === "\r" && m.index === this.buffer.length - 1) {
        this.pendingCR = true;
      }
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const message = this.line(line);
      if (message) out.push(message);
    }
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id" && !value.includes("\0")) this.id = value;
    // `retry` and unknown fields are ignored: this reader never reconnects.
    return null;
  }

  private dispatch(): SseMessage | null {
    const message = this.data.length
      ? { event: this.event || "message", data: this.data.join("\n"), ...(this.id !== undefined ? { id: this.id } : {}) }
      : null;
    this.event = "";
    this.data = [];
    return message;
  }
}

/** The events of a streamed response body, as they complete. Stops when the body ends or `signal` aborts. */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let finished = false;
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        yield* parser.push(decoder.decode());
        return;
      }
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    // The consumer stopped early (or failed): tell the server nobody is listening any more.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** JSON data of an event, or null when it is not JSON. */
export function sseJson<T = unknown>(message: SseMessage): T | null {
  try {
    return JSON.parse(message.data) as T;
  } catch {
    return null;
  }
}
