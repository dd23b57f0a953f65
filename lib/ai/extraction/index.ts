// Entry point of the extraction models: the configured extractor (one per process, rebuilt when the
// configuration changes). `local` (default) needs nothing; `openai` needs EXTRACTION_MODEL.
import { env, type TEnv } from "@/lib/env";
import { configured } from "../configured";
import { modelUnavailable } from "../model-errors";
import { LocalExtractor } from "./local-extractor";
import { OpenAIExtractor } from "./openai-extractor";
import type { Extractor } from "./types";

export type { ExtractionPage, ExtractionRequest, ExtractionResult, Extractor, Granularity, ObjectSchema } from "./types";

export function extractor(): Extractor {
  const e = env();
  return configured(
    "extractor",
    [e.EXTRACTION_PROVIDER, e.EXTRACTION_MODEL, e.EXTRACTION_BASE_URL, e.EXTRACTION_API_KEY, e.EXTRACTION_TIMEOUT_MS, e.EXTRACTION_PAGES_PER_BATCH],
    () => createExtractor(e),
  );
}

function createExtractor(e: TEnv): Extractor {
  switch (e.EXTRACTION_PROVIDER) {
    case "local":
      return new LocalExtractor();
    case "openai":
      if (!e.EXTRACTION_MODEL) {
        throw modelUnavailable("EXTRACTION_PROVIDER=openai needs EXTRACTION_MODEL.");
      }
      return new OpenAIExtractor({
        baseUrl: e.EXTRACTION_BASE_URL ?? "https://api.openai.com/v1",
        apiKey: e.EXTRACTION_API_KEY,
        model: e.EXTRACTION_MODEL,
        timeoutMs: e.EXTRACTION_TIMEOUT_MS,
        pagesPerBatch: e.EXTRACTION_PAGES_PER_BATCH,
      });
  }
}
