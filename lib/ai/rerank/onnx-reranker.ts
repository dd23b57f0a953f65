// Cross-encoder reranking with ONNX Runtime via @huggingface/transformers, from a model directory prepared
// by the operator (RERANK_MODEL_DIR/<RERANK_MODEL>/ with config.json, tokenizer.json, onnx/model*.onnx,
// e.g. Xenova/ms-marco-MiniLM-L-6-v2 or a bge-reranker export). Nothing is downloaded at run time.
// Each (query, passage) pair is scored by the sequence-classification head: the single logit of
// relevance models, or the probability of the last ("relevant") label when the head has several.
import path from "node:path";
import { modelUnavailable as unavailable } from "../model-errors";
import { modelConfigFile, onnxDtype, transformersFor } from "../onnx-model-dir";
import type { RerankCandidate, Reranker, RerankResult } from "./types";

export interface OnnxRerankerOptions {
  modelDir: string;
  model: string;
  /** Pairs per forward pass. */
  batchSize?: number;
}

type Tokenizer = (
  text: string[],
  opts: { text_pair: string[]; padding: boolean; truncation: boolean; max_length?: number },
) => Record<string, unknown>;
type Model = (inputs: Record<string, unknown>) => Promise<{ logits: { dims: number[]; tolist(): number[][] } }>;

export class OnnxReranker implements Reranker {
  readonly id: string;
  private readonly dir: string;
  private readonly dtype: string;
  private loaded?: Promise<{ tokenizer: Tokenizer; model: Model }>;

  constructor(private readonly opts: OnnxRerankerOptions) {
    this.dir = path.resolve(opts.modelDir, opts.model);
    modelConfigFile(this.dir, "rerank", ["RERANK_MODEL_DIR", "RERANK_MODEL"]);
    this.dtype = onnxDtype(this.dir);
    this.id = `onnx:${opts.model}:${this.dtype}`;
  }

  async rerank(query: string, candidates: RerankCandidate[]): Promise<RerankResult[]> {
    if (!candidates.length) return [];
    const { tokenizer, model } = await this.load();
    const size = this.opts.batchSize ?? 16;
    const scores: number[] = [];
    for (let i = 0; i < candidates.length; i += size) {
      const texts = candidates.slice(i, i + size).map((c) => c.text);
      const inputs = tokenizer(
        texts.map(() => query),
        { text_pair: texts, padding: true, truncation: true, max_length: 512 },
      );
      const { logits } = await model(inputs);
      for (const row of logits.tolist()) scores.push(relevance(row));
      // The forward pass is CPU-bound: let requests through between batches.
      await new Promise((r) => setImmediate(r));
    }
    return candidates
      .map((c, i) => ({ id: c.id, score: scores[i], i }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map(({ id, score }) => ({ id, score }));
  }

  private load() {
    this.loaded ??= (async () => {
      const hf = await transformersFor(this.opts.modelDir);
      const tokenizer = await hf.AutoTokenizer.from_pretrained(this.opts.model);
      const model = await hf.AutoModelForSequenceClassification.from_pretrained(this.opts.model, { dtype: this.dtype as "q8" });
      return { tokenizer: tokenizer as unknown as Tokenizer, model: model as unknown as Model };
    })().catch((err: unknown) => {
      this.loaded = undefined;
      throw unavailable(`The ONNX rerank model in ${this.dir} could not be loaded: ${(err as Error).message}`);
    });
    return this.loaded;
  }
}

/** One logit: the relevance score itself; several labels: probability of the last one. */
export function relevance(logits: number[]): number {
  if (logits.length === 1) return logits[0];
  const max = Math.max(...logits);
  const exps = logits.map((x) => Math.exp(x - max));
  return exps[exps.length - 1] / exps.reduce((a, b) => a + b, 0);
}
