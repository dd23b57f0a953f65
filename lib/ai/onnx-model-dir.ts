// Local ONNX models (embeddings, rerank) live in a directory prepared by the operator:
// <modelDir>/<model>/ with config.json, tokenizer.json and onnx/model*.onnx. Nothing is downloaded at run
// time. These checks run when a provider is built, so a wrong path fails with a clear 503 up front.
import fs from "node:fs";
import path from "node:path";
import { modelUnavailable } from "./model-errors";

// File names @huggingface/transformers looks for under onnx/, best first for CPU inference.
const DTYPES: [string, string][] = [
  ["model_quantized.onnx", "q8"],
  ["model_int8.onnx", "int8"],
  ["model.onnx", "fp32"],
  ["model_fp16.onnx", "fp16"],
];

/**
 * The path of the model's config.json; a 503 naming the settings to fix when it is missing.
 * `kind` words the message ("embedding", "rerank"); `settings` are the env names of the directory and model.
 */
export function modelConfigFile(dir: string, kind: string, settings: [dirSetting: string, modelSetting: string]): string {
  const file = path.join(dir, "config.json");
  if (!fs.existsSync(file)) {
    throw modelUnavailable(
      `ONNX ${kind} model not found: ${file} does not exist. Set ${settings[0]} and ${settings[1]} to a directory holding ` +
        `config.json, tokenizer.json and onnx/model*.onnx (models are never downloaded at run time).`,
    );
  }
  return file;
}

/** The dtype of the best weights file under <dir>/onnx (q8 first); a 503 when there are none. */
export function onnxDtype(dir: string): string {
  const found = DTYPES.find(([file]) => fs.existsSync(path.join(dir, "onnx", file)));
  if (!found) throw modelUnavailable(`No ONNX weights in ${dir}/onnx (expected one of ${DTYPES.map(([f]) => f).join(", ")}).`);
  return found[1];
}

/** @huggingface/transformers, imported on first use (so other providers never load ONNX Runtime), reading only modelDir. */
export async function transformersFor(modelDir: string) {
  const hf = await import("@huggingface/transformers");
  hf.env.allowRemoteModels = false;
  hf.env.allowLocalModels = true;
  hf.env.localModelPath = path.resolve(modelDir) + path.sep;
  return hf;
}
