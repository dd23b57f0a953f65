// Sentence-embedding models run locally with ONNX Runtime via @huggingface/transformers, from a model
// directory prepared by the operator (EMBEDDINGS_MODEL_DIR/<EMBEDDINGS_MODEL>/ with config.json,
// tokenizer.json and onnx/model*.onnx, e.g. Xenova/bge-small-en-v1.5 or Xenova/multilingual-e5-small).
// Remote downloads are disabled: nothing is fetched at run time. Mean pooling + L2 normalisation;
// e5/bge query/passage prefixes from the model name. The library is imported on first use only, so
// the default (local) provider never loads ONNX Runtime.
import fs from "node:fs";
import path from "node:path";
import { modelUnavailable as unavailable } from "../model-errors";
import { modelConfigFile, onnxDtype, transformersFor } from "../onnx-model-dir";
import { applyPrefix, prefixesForModel, type TextPrefixes } from "./prefixes";
import type { EmbeddingProvider } from "./types";

export interface OnnxProviderOptions {
  modelDir: string;
  /** Sub-directory of modelDir, also the model's name in the id (e.g. `Xenova/bge-small-en-v1.5`). */
  model: string;
  batchSize?: number;
}

type Extractor = (texts: string[], opts: { pooling: "mean"; normalize: boolean }) => Promise<{ tolist(): number[][] }>;

export class OnnxEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  readonly dimensions: number;
  private readonly dir: string;
  private readonly dtype: string;
  private readonly prefixes: TextPrefixes;
  private readonly batchSize: number;
  private extractor?: Promise<Extractor>;

  constructor(private readonly opts: OnnxProviderOptions) {
    this.dir = path.resolve(opts.modelDir, opts.model);
    const config = readConfig(this.dir);
    const dims = Number(config.hidden_size ?? config.dim ?? config.d_model ?? 0);
    if (!Number.isInteger(dims) || dims <= 0) throw unavailable(`${this.dir}/config.json names no hidden_size.`);
    this.dtype = onnxDtype(this.dir);
    this.dimensions = dims;
    this.batchSize = opts.batchSize ?? 32;
    this.prefixes = prefixesForModel(opts.model);
    this.id = `onnx:${opts.model}:${this.dtype}`;
  }

  async embed(texts: string[], kind: "document" | "query"): Promise<number[][]> {
    const extract = await this.load();
    const input = applyPrefix(texts, kind, this.prefixes);
    const out: number[][] = [];
    for (let i = 0; i < input.length; i += this.batchSize) {
      const tensor = await extract(input.slice(i, i + this.batchSize), { pooling: "mean", normalize: true });
      out.push(...tensor.tolist());
    }
    return out;
  }

  private load(): Promise<Extractor> {
    this.extractor ??= (async () => {
      const hf = await transformersFor(this.opts.modelDir);
      const pipe = await hf.pipeline("feature-extraction", this.opts.model, { dtype: this.dtype as "q8" });
      return pipe as unknown as Extractor;
    })().catch((err: unknown) => {
      this.extractor = undefined;
      throw unavailable(`The ONNX model in ${this.dir} could not be loaded: ${(err as Error).message}`);
    });
    return this.extractor;
  }
}

function readConfig(dir: string): Record<string, unknown> {
  const file = modelConfigFile(dir, "embedding", ["EMBEDDINGS_MODEL_DIR", "EMBEDDINGS_MODEL"]);
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch (err) {
    throw unavailable(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}
