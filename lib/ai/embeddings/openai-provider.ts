// Embeddings from any OpenAI-compatible `POST {base}/embeddings` endpoint (OpenAI, Mistral, vLLM, Ollama,
// TEI, LM Studio…). Request `{model, input: [...], dimensions?}`, response `{data: [{index, embedding}]}`.
// Failures become the spec's model errors: unreachable → 503 model_unavailable, upstream 5xx or a broken
// answer → 502 model_unavailable, too slow → 504 model_timeout. 429 and 5xx are retried with backoff.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { modelUnavailable, networkCause, upstreamMessage } from "../model-errors";
import { applyPrefix, normaliseVector, prefixesForModel, type TextPrefixes } from "./prefixes";
import type { EmbeddingProvider } from "./types";

export interface OpenAIProviderOptions {
  /** e.g. `https://api.openai.com/v1`; `/embeddings` is appended. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Sent as `dimensions` (text-embedding-3-*) and checked against every answer. */
  dimensions?: number;
  batchSize?: number;
  timeoutMs?: number;
  /** Retries after the first attempt, for 429, 5xx and dropped connections. */
  maxRetries?: number;
  retryBaseMs?: number;
}

// Output sizes of common models, so the dimension is known before the first call (index creation).
const KNOWN_DIMENSIONS: Record<string, number> = {
  "text-embedding-3-small": 1536,
  "text-embedding-3-large": 3072,
  "text-embedding-ada-002": 1536,
  "mistral-embed": 1024,
  "nomic-embed-text": 768,
  "mxbai-embed-large": 1024,
  "bge-m3": 1024,
  "all-minilm": 384,
};

const ZResponse = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
});

const RETRY_AFTER_CAP_MS = 10_000;

export class OpenAIEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  private dims: number;
  private readonly url: string;
  private readonly prefixes: TextPrefixes;
  private readonly opts: Required<Omit<OpenAIProviderOptions, "apiKey" | "dimensions">> & Pick<OpenAIProviderOptions, "apiKey" | "dimensions">;

  constructor(opts: OpenAIProviderOptions) {
    this.opts = { batchSize: 64, timeoutMs: 30_000, maxRetries: 3, retryBaseMs: 500, ...opts };
    this.url = `${opts.baseUrl.replace(/\/+$/, "")}/embeddings`;
    this.id = `openai:${opts.model}${opts.dimensions ? `:d${opts.dimensions}` : ""}`;
    this.dims = opts.dimensions ?? KNOWN_DIMENSIONS[opts.model.replace(/^.*\//, "").replace(/:.*$/, "")] ?? 0;
    this.prefixes = prefixesForModel(opts.model);
  }

  /** 0 until the first answer when the model is unknown and EMBEDDINGS_DIMENSIONS is unset. */
  get dimensions(): number {
    return this.dims;
  }

  async embed(texts: string[], kind: "document" | "query"): Promise<number[][]> {
    const input = applyPrefix(texts, kind, this.prefixes);
    const out: number[][] = [];
    for (let i = 0; i < input.length; i += this.opts.batchSize) {
      out.push(...(await this.embedBatch(input.slice(i, i + this.opts.batchSize), kind)));
    }
    return out;
  }

  private async embedBatch(input: string[], kind: "document" | "query"): Promise<number[][]> {
    const body = JSON.stringify({ model: this.opts.model, input, ...(this.opts.dimensions ? { dimensions: this.opts.dimensions } : {}) });
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.opts.maxRetries;
      let res: Response;
      let text: string;
      try {
        // One budget for connecting, waiting and reading the body.
        const signal = AbortSignal.timeout(this.opts.timeoutMs);
        res = await fetch(this.url, { method: "POST", headers: this.headers(), body, signal });
        text = await res.text();
      } catch (err) {
        if (isTimeout(err)) {
          throw new AppError("model_timeout", `The embedding model did not answer within ${this.opts.timeoutMs} ms.`);
        }
        if (!last) {
          await sleep(this.backoff(attempt));
          continue;
        }
        throw modelUnavailable(`The embedding service at ${new URL(this.url).host} is unreachable (${networkCause(err)}).`);
      }
      if (res.ok) return this.parse(text, input.length);
      if ((res.status === 429 || res.status >= 500) && !last) {
        await sleep(this.backoff(attempt, res.headers.get("retry-after")));
        continue;
      }
      throw this.httpError(res, text, kind);
    }
  }

  private headers(): Record<string, string> {
    const h: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (this.opts.apiKey) h.authorization = `Bearer ${this.opts.apiKey}`;
    return h;
  }

  private backoff(attempt: number, retryAfter?: string | null): number {
    const seconds = retryAfter ? Number(retryAfter) : NaN;
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, RETRY_AFTER_CAP_MS);
    // Exponential with jitter so that several workers do not retry in lock-step.
    return this.opts.retryBaseMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
  }

  private parse(text: string, expected: number): number[][] {
    let parsed: z.infer<typeof ZResponse>;
    try {
      parsed = ZResponse.parse(JSON.parse(text));
    } catch {
      throw upstream("The embedding service returned an answer that is not an embeddings response.");
    }
    const rows = [...parsed.data].sort((a, b) => a.index - b.index);
    if (rows.length !== expected || rows.some((r, i) => r.index !== i)) {
      throw upstream(`The embedding service returned ${rows.length} vectors for ${expected} inputs.`);
    }
    const dim = rows[0]?.embedding.length ?? 0;
    if (rows.some((r) => r.embedding.length !== dim) || dim === 0) throw upstream("The embedding service returned vectors of differing sizes.");
    if (this.dims && dim !== this.dims) {
      throw upstream(`The embedding model returned ${dim} dimensions, ${this.dims} expected (check EMBEDDINGS_DIMENSIONS).`);
    }
    this.dims = dim;
    return rows.map((r) => normaliseVector(r.embedding));
  }

  private httpError(res: Response, text: string, kind: "document" | "query"): AppError {
    const message = upstreamMessage(text);
    const field = kind === "query" ? "query" : "input";
    if (res.status >= 400 && res.status < 500 && /context length|maximum context|too many tokens|token limit|input length|too long/i.test(message)) {
      return new AppError("context_length_exceeded", message, { fields: { [field]: [{ error: "context_length_exceeded", detail: message }] } });
    }
    if (res.status >= 400 && res.status < 500 && /content[_ ]?filter|content management policy/i.test(message)) {
      return new AppError("content_filtered", message, { fields: { [field]: [{ error: "content_filtered", detail: message }] } });
    }
    // Upstream throttling that outlived the retries is a temporary unavailability for our caller.
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get("retry-after"));
      return new AppError("model_unavailable", `The embedding service is rate limited: ${message}`, {
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      });
    }
    // 5xx, and 4xx that are our configuration's fault (key, model name): a bad gateway for the caller.
    return upstream(`The embedding service answered ${res.status}: ${message}`);
  }
}

const upstream = (detail: string) => modelUnavailable(detail, true);

function isTimeout(err: unknown): boolean {
  const e = err as { name?: string; cause?: { name?: string } };
  return e?.name === "TimeoutError" || e?.cause?.name === "TimeoutError";
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
