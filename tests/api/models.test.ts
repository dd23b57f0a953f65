// GET /api/v3/models: the configured embedding, rerank and answer models, as the requests report them.
import { afterAll, describe, expect, it } from "vitest";
import { embeddingProvider } from "@/lib/ai/embeddings";
import { setEnvForTests } from "@/lib/env";
import { seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

afterAll(() => {
  setEnvForTests({});
});

describe("GET /api/v3/models", () => {
  it("lists the offline defaults with the ids the other endpoints report", async () => {
    setEnvForTests({});
    const acme = await seedCompany();
    const res = await api.get("/api/v3/models", { key: acme.admin.key });
    expect(res.status, res.text).toBe(200);
    const provider = embeddingProvider();
    expect(res.body.results).toEqual([
      { type: "embedding", id: provider.id, provider: "local", is_default: true, available: true, dimensions: provider.dimensions },
      { type: "rerank", id: expect.any(String), provider: "local", is_default: true, available: true, dimensions: null },
      { type: "answer", id: "extractive", provider: "extractive", is_default: true, available: true, dimensions: null },
    ]);
  });

  it("shows a configured chat model, and an incomplete configuration as unavailable instead of failing", async () => {
    const acme = await seedCompany();
    setEnvForTests({ ANSWER_PROVIDER: "openai", ANSWER_MODEL: "gpt-4o-mini", ANSWER_BASE_URL: "http://127.0.0.1:9/v1", RERANK_PROVIDER: "http" });
    const res = await api.get("/api/v3/models", { key: acme.admin.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results[2]).toEqual({
      type: "answer",
      id: "gpt-4o-mini",
      provider: "openai",
      is_default: true,
      available: true,
      dimensions: null,
    });
    // RERANK_PROVIDER=http without RERANK_BASE_URL cannot be built.
    expect(res.body.results[1]).toMatchObject({ type: "rerank", provider: "http", available: false });
  });

  it("requires credentials", async () => {
    expectError(await api.get("/api/v3/models"), 401, "unauthorized");
  });
});
