// No ONNX model weights can be installed on these machines, so only the failure paths are testable:
// a missing or incomplete model directory must give a clear model_unavailable error, never a download.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { embeddingProvider } from "./index";
import { LocalEmbeddingProvider } from "./local-provider";
import { OnnxEmbeddingProvider } from "./onnx-provider";
import { OpenAIEmbeddingProvider } from "./openai-provider";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-onnx-"));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  setEnvForTests({});
});

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error("expected an error");
}

describe("OnnxEmbeddingProvider", () => {
  it("explains a missing model directory", () => {
    const err = thrown(() => new OnnxEmbeddingProvider({ modelDir: dir, model: "Xenova/bge-small-en-v1.5" }));
    expect(err).toMatchObject({ code: "model_unavailable" });
    expect(err.detail).toContain(path.join(dir, "Xenova/bge-small-en-v1.5", "config.json"));
    expect(err.detail).toContain("EMBEDDINGS_MODEL_DIR");
  });

  it("explains missing weights, and a model that cannot be loaded, without going online", async () => {
    const model = path.join(dir, "local/tiny");
    fs.mkdirSync(path.join(model, "onnx"), { recursive: true });
    fs.writeFileSync(path.join(model, "config.json"), JSON.stringify({ model_type: "bert", hidden_size: 384 }));
    expect(thrown(() => new OnnxEmbeddingProvider({ modelDir: dir, model: "local/tiny" })).detail).toContain("No ONNX weights");

    fs.writeFileSync(path.join(model, "onnx", "model_quantized.onnx"), "not a model");
    const p = new OnnxEmbeddingProvider({ modelDir: dir, model: "local/tiny" });
    expect(p).toMatchObject({ id: "onnx:local/tiny:q8", dimensions: 384 });
    // ONNX Runtime really runs here: it rejects the file, and the error says which one.
    await expect(p.embed(["hello"], "query")).rejects.toMatchObject({
      code: "model_unavailable",
      detail: expect.stringContaining("could not be loaded"),
    });
  }, 60_000);
});

describe("embeddingProvider()", () => {
  it("is chosen by configuration, with the offline model as the default", () => {
    setEnvForTests({ EMBEDDINGS_PROVIDER: undefined });
    expect(embeddingProvider()).toBeInstanceOf(LocalEmbeddingProvider);
    expect(embeddingProvider()).toBe(embeddingProvider());
    setEnvForTests({ EMBEDDINGS_PROVIDER: "local", EMBEDDINGS_DIMENSIONS: "164" });
    expect(embeddingProvider().id).toBe("docintel-local-v1-164");
    setEnvForTests({ EMBEDDINGS_PROVIDER: "openai", EMBEDDINGS_MODEL: "nomic-embed-text", EMBEDDINGS_BASE_URL: "http://127.0.0.1:11434/v1" });
    expect(embeddingProvider()).toBeInstanceOf(OpenAIEmbeddingProvider);
    expect(embeddingProvider().dimensions).toBe(768);
    setEnvForTests({ EMBEDDINGS_PROVIDER: "onnx", EMBEDDINGS_MODEL_DIR: dir, EMBEDDINGS_MODEL: "missing" });
    expect(thrown(() => embeddingProvider())).toMatchObject({ code: "model_unavailable" });
  });
});
