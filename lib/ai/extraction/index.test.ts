import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { extractor } from "./index";
import { LocalExtractor } from "./local-extractor";
import { OpenAIExtractor } from "./openai-extractor";

afterEach(() => {
  setEnvForTests({ EXTRACTION_PROVIDER: undefined, EXTRACTION_MODEL: undefined });
});

describe("extractor()", () => {
  it("is the offline extractor by default, one instance while the configuration holds", () => {
    setEnvForTests({ EXTRACTION_PROVIDER: undefined });
    const a = extractor();
    expect(a).toBeInstanceOf(LocalExtractor);
    expect(extractor()).toBe(a);
  });

  it("is the OpenAI-compatible extractor when configured, and needs a model", () => {
    setEnvForTests({ EXTRACTION_PROVIDER: "openai", EXTRACTION_MODEL: "gpt-4o-mini", EXTRACTION_BASE_URL: "http://127.0.0.1:1/v1" });
    const e = extractor();
    expect(e).toBeInstanceOf(OpenAIExtractor);
    expect(e.id).toBe("openai:gpt-4o-mini");
    setEnvForTests({ EXTRACTION_PROVIDER: "openai", EXTRACTION_MODEL: undefined });
    let err: unknown;
    try {
      extractor();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("model_unavailable");
    expect((err as AppError).options.upstream).toBeFalsy();
  });

  it("rejects an unknown provider in the configuration", () => {
    expect(() => setEnvForTests({ EXTRACTION_PROVIDER: "magic" })).toThrow(/EXTRACTION_PROVIDER/);
  });
});
