// Cross-encoder reranking through an HTTP rerank API:
//  - Cohere (`/v2/rerank`), Jina (`/v1/rerank`), vLLM, Infinity…: `POST {base}/rerank`
//    {model, query, documents, top_n} → {results: [{index, relevance_score}]}; used when RERANK_MODEL is set.
//  - Hugging Face text-embeddings-inference (TEI) serves one model and takes no model field:
//    `POST {base}/rerank` {query, texts} → [{index, score}]; used when RERANK_MODEL is unset.
// Both answer shapes are accepted either way. Failures: unreachable → 503 model_unavailable, any other
// failure upstream → 502 model_unavailable, too slow → 504 model_timeout.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { modelUnavailable, networkCause, upstreamMessage } from "../model-errors";
import type { RerankCandidate, Reranker, RerankResult } from "./types";

export interface HttpRerankerOptions {
  baseUrl: string;
  /** Cohere/Jina format when set; TEI format when unset. */
  model?: string;
  apiKey?: string;
  timeoutMs?: number;
}

const ZItem = z.object({ index: z.number().int().min(0), relevance_score: z.number().optional(), score: z.number().optional() });
const ZResponse = z.union([z.object({ results: z.array(ZItem) }), z.array(ZItem)]);

export class HttpReranker implements Reranker {
  readonly id: string;
  private readonly url: string;

  constructor(private readonly opts: HttpRerankerOptions) {
    this.url = `${opts.baseUrl.replace(/\/+$/, "")}/rerank`;
    this.id = opts.model ? `http:${opts.model}` : `tei:${new URL(this.url).host}`;
  }

  async rerank(query: string, candidates: RerankCandidate[], opts: { signal?: AbortSignal } = {}): Promise<RerankResult[]> {
    if (!candidates.length) return [];
    const documents = candidates.map((c) => c.text);
    const body = this.opts.model
      ? { model: this.opts.model, query, documents, top_n: documents.length, return_documents: false }
      : { query, texts: documents, truncate: true };
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    const timeoutMs = this.opts.timeoutMs ?? 15_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;

    let res: Response;
    let text: string;
    try {
      res = await fetch(this.url, { method: "POST", headers, body: JSON.stringify(body), signal });
      text = await res.text();
    } catch (err) {
      if (timeout.aborted) throw new AppError("model_timeout", `The rerank model did not answer within ${timeoutMs} ms.`);
      if (opts.signal?.aborted) throw err;
      throw modelUnavailable(`The rerank service at ${new URL(this.url).host} is unreachable (${networkCause(err)}).`);
    }
    if (!res.ok) throw upstream(`The rerank service answered ${res.status}: ${upstreamMessage(text)}`);
    let items: z.infer<typeof ZItem>[];
    try {
      const parsed = ZResponse.parse(JSON.parse(text));
      items = Array.isArray(parsed) ? parsed : parsed.results;
    } catch {
      throw upstream("The rerank service returned an answer that is not a rerank response.");
    }
    const scores = new Map<number, number>();
    for (const item of items) {
      const score = item.relevance_score ?? item.score;
      if (score === undefined || item.index >= candidates.length || scores.has(item.index)) {
        throw upstream("The rerank service returned a result without a score, with an unknown index, or twice for one document.");
      }
      scores.set(item.index, score);
    }
    // Every candidate once: any the service left out (top_n ignored, truncation) go last, in input order.
    return candidates
      .map((c, i) => ({ id: c.id, score: scores.get(i) ?? -Infinity, i }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map(({ id, score }) => ({ id, score: Number.isFinite(score) ? score : -1e9 }));
  }
}

const upstream = (detail: string) => modelUnavailable(detail, true);
