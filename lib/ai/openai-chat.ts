// A small client for any OpenAI-compatible `POST {base}/chat/completions` endpoint (OpenAI, Azure-style
// proxies, vLLM, Ollama, LM Studio, Mistral…), shared by the answer provider and the LLM extractor.
// It knows the wire format only: failures are thrown as ModelHttpError with a `kind`, and each caller
// maps kinds to its own error codes (ask: model_unavailable/model_timeout…, extract: extraction_*).
import { z } from "zod";
import { networkCause, readUpstreamError } from "./model-errors";

export interface ChatConfig {
  /** e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** One budget for connecting and for the whole answer (streamed or not). */
  timeoutMs: number;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Sent as `response_format`, e.g. `{type: "json_schema", json_schema: {name, schema, strict: true}}`. */
  responseFormat?: Record<string, unknown>;
  /** Overrides cfg.model for this call (an agent's model). */
  model?: string;
  signal?: AbortSignal;
}

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatResult {
  content: string;
  model: string;
  usage: ChatUsage;
  finishReason: string | null;
}

/** Last item of chatStream: the model that answered and the usage it reported (zeros if it reported none). */
export interface ChatStreamEnd {
  done: true;
  model: string;
  usage: ChatUsage;
  finishReason: string | null;
}

export type ModelErrorKind = "unreachable" | "upstream" | "timeout" | "context_length" | "content_filter";

export class ModelHttpError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    /** HTTP status of the upstream answer, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "ModelHttpError";
  }
}

const ZUsage = z
  .object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional(), total_tokens: z.number().optional() })
  .nullish();

const ZCompletion = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }).optional(),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: ZUsage,
});

const ZChunk = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish(), finish_reason: z.string().nullish() })).optional(),
  usage: ZUsage,
  error: z.unknown().optional(),
});

export async function chatComplete(cfg: ChatConfig, req: ChatRequest): Promise<ChatResult> {
  const { res, timeout, cleanup } = await post(cfg, req, false);
  try {
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw networkError(cfg, err, timeout);
    }
    let parsed: z.infer<typeof ZCompletion>;
    try {
      parsed = ZCompletion.parse(JSON.parse(text));
    } catch {
      throw new ModelHttpError("upstream", "The chat model returned an answer that is not a chat completion.", res.status);
    }
    const choice = parsed.choices[0];
    const finishReason = choice.finish_reason ?? null;
    if (finishReason === "content_filter") throw new ModelHttpError("content_filter", "The model's content filter blocked the answer.", res.status);
    return {
      content: choice.message?.content ?? "",
      model: parsed.model ?? req.model ?? cfg.model,
      usage: usage(parsed.usage),
      finishReason,
    };
  } finally {
    cleanup();
  }
}

/**
 * Streams text deltas (strings), then one ChatStreamEnd. Errors before the first delta and in the middle
 * of the stream are thrown from the iterator. Breaking out of the loop aborts the request.
 */
export async function* chatStream(cfg: ChatConfig, req: ChatRequest): AsyncGenerator<string | ChatStreamEnd> {
  const { res, timeout, cleanup } = await post(cfg, req, true);
  let model = req.model ?? cfg.model;
  let finishReason: string | null = null;
  let reported: z.infer<typeof ZUsage> = null;
  try {
    if (!res.body) throw new ModelHttpError("upstream", "The chat model sent an empty stream.", res.status);
    for await (const data of sseData(res.body, cfg, timeout)) {
      if (data === "[DONE]") break;
      let chunk: z.infer<typeof ZChunk>;
      try {
        chunk = ZChunk.parse(JSON.parse(data));
      } catch {
        throw new ModelHttpError("upstream", "The chat model sent a stream event that is not a chat completion chunk.", res.status);
      }
      // Some servers report failures inside a 200 stream.
      if (chunk.error) throw errorFromBody(res.status >= 400 ? res.status : 500, JSON.stringify(chunk), true);
      if (chunk.model) model = chunk.model;
      if (chunk.usage) reported = chunk.usage;
      for (const choice of chunk.choices ?? []) {
        if (choice.finish_reason) finishReason = choice.finish_reason;
        if (choice.finish_reason === "content_filter")
          throw new ModelHttpError("content_filter", "The model's content filter blocked the answer.", 200);
        const text = choice.delta?.content;
        if (text) yield text;
      }
    }
    yield { done: true, model, usage: usage(reported), finishReason };
  } finally {
    cleanup();
  }
}

async function post(cfg: ChatConfig, req: ChatRequest, stream: boolean) {
  const url = `${cfg.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const body: Record<string, unknown> = { model: req.model ?? cfg.model, messages: req.messages };
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
  if (req.responseFormat) body.response_format = req.responseFormat;
  if (stream) Object.assign(body, { stream: true, stream_options: { include_usage: true } });
  const headers: Record<string, string> = { "content-type": "application/json", accept: stream ? "text/event-stream" : "application/json" };
  if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;

  // Our own timer (not AbortSignal.timeout) so a timeout is told apart from the caller's abort.
  const controller = new AbortController();
  const timeout = { fired: false };
  const timer = setTimeout(() => {
    timeout.fired = true;
    controller.abort();
  }, cfg.timeoutMs);
  const onAbort = () => controller.abort(req.signal?.reason);
  if (req.signal?.aborted) onAbort();
  req.signal?.addEventListener("abort", onAbort, { once: true });
  const cleanup = () => {
    clearTimeout(timer);
    req.signal?.removeEventListener("abort", onAbort);
    controller.abort();
  };

  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal: controller.signal });
  } catch (err) {
    cleanup();
    throw networkError(cfg, err, timeout, url);
  }
  if (!res.ok) {
    let text = "";
    try {
      text = await res.text();
    } catch {
      // the status says enough
    }
    cleanup();
    throw errorFromBody(res.status, text, false);
  }
  return { res, timeout, cleanup };
}

/** Yields the payload of each `data:` line of a server-sent event stream. */
async function* sseData(body: ReadableStream<Uint8Array>, cfg: ChatConfig, timeout: { fired: boolean }): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = body.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        throw networkError(cfg, err, timeout);
      }
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, "");
        buffer = buffer.slice(nl + 1);
        if (line.startsWith("data:")) yield line.slice(5).trimStart();
      }
    }
    const rest = (buffer + decoder.decode()).trim();
    if (rest.startsWith("data:")) yield rest.slice(5).trimStart();
  } finally {
    reader.releaseLock();
  }
}

function networkError(cfg: ChatConfig, err: unknown, timeout: { fired: boolean }, url?: string): Error {
  if (err instanceof ModelHttpError) return err;
  if (timeout.fired) return new ModelHttpError("timeout", `The chat model did not answer within ${cfg.timeoutMs} ms.`);
  // The caller's own abort is not a model failure: rethrow it untouched.
  if ((err as { name?: string } | undefined)?.name === "AbortError") return err as Error;
  const host = url ? new URL(url).host : new URL(cfg.baseUrl).host;
  return new ModelHttpError("unreachable", `The chat model at ${host} is unreachable (${networkCause(err)}).`);
}

const CONTEXT_RE = /context[_ ]length|maximum context|context window|too many tokens|prompt is too long|token limit|reduce the length/i;
const FILTER_RE = /content[_ ]?filter|content[_ ]policy|content management policy|responsible ai/i;

function errorFromBody(status: number, text: string, inStream: boolean): ModelHttpError {
  const parsed = readUpstreamError(text);
  const message = parsed.message ?? (text.slice(0, 500) || `HTTP ${status}`);
  const code = parsed.code;
  const clientError = status >= 400 && status < 500;
  if ((clientError || inStream) && (code === "context_length_exceeded" || CONTEXT_RE.test(message))) {
    return new ModelHttpError("context_length", message, status);
  }
  if ((clientError || inStream) && (code === "content_filter" || code === "content_policy_violation" || FILTER_RE.test(message))) {
    return new ModelHttpError("content_filter", message, status);
  }
  return new ModelHttpError("upstream", `The chat model answered ${status}: ${message}`, status);
}

function usage(u: z.infer<typeof ZUsage>): ChatUsage {
  const prompt = Math.max(0, Math.round(u?.prompt_tokens ?? 0));
  const completion = Math.max(0, Math.round(u?.completion_tokens ?? 0));
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: Math.round(u?.total_tokens ?? prompt + completion) };
}
