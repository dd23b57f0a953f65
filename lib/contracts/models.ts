// GET /api/v3/models: the models this installation is configured with (embedding, rerank, answer).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";

export const MODEL_TYPES = ["embedding", "rerank", "answer"] as const;

export const ZModel = z
  .object({
    type: z.enum(MODEL_TYPES),
    id: z.string().describe("Model id as reported in responses (`model` of /ask, the embedding model stored with each vector)"),
    provider: z.string().describe("Configured provider: embedding `local|onnx|openai`, rerank `local|onnx|http`, answer `extractive|openai`"),
    is_default: z.boolean().describe("Used when a request or agent names no model (one per type)"),
    available: z
      .boolean()
      .describe("The provider is configured completely; false when its settings are incomplete (calls would fail with model_unavailable)"),
    dimensions: z.number().int().nullable().describe("Vector size of an embedding model; null for other types"),
  })
  .meta({ id: "Model" });
export type TModel = z.infer<typeof ZModel>;

export const ZModelList = z.object({ results: z.array(ZModel) }).meta({ id: "ModelList" });
export type TModelList = z.infer<typeof ZModelList>;

export const modelEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/v3/models",
    tag: "Models",
    category: "models",
    auth: "required",
    summary: "List the configured embedding, rerank and answer models",
    description:
      "`{results: [...]}` with one entry per model type, in the order embedding, rerank, answer. Agents may name another answer model (`model`); it is passed to the answer provider as is.",
    responses: { 200: { description: "Configured models", schema: ZModelList } },
  }),
};
