// How many SQL statements one API request costs. On the embedded default every statement is a round trip to
// the database thread (~1 ms of its CPU and ~1 ms of the web thread's), so the statement count of the hot
// read paths is what bounds throughput under concurrency (bench:load). Budgets: a request must not grow
// extra statements unnoticed.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { useTestDatabase } from "@/tests/helpers/db";
import { buildCorpus } from "@/tests/helpers/retrieval-corpus";
import { testServerUrl } from "@/tests/helpers/server-db";

useTestDatabase();

let statements: string[] = [];
let counting = false;
let key = "";
let workspaceId = 0;

// The statements are counted on the embedded engine's own query calls; on a Postgres server (TEST_POSTGRES_URL)
// this file is skipped.
const onServer = !!testServerUrl();

beforeAll(async () => {
  if (onServer) return;
  const pglite = await database().pglite!();
  for (const method of ["query", "exec"] as const) {
    const original = pglite[method].bind(pglite) as (...a: unknown[]) => Promise<unknown>;
    (pglite as unknown as Record<string, unknown>)[method] = (...a: unknown[]) => {
      if (counting) statements.push(String(a[0]).slice(0, 160));
      return original(...a);
    };
  }
  setEnvForTests({});
  // Documents through the real ingestion (chunks, postings, vectors, tags), as search reads them.
  const c = await buildCorpus();
  key = c.acme.admin.key;
  workspaceId = c.ws.general;
  // One request of each first: caches (maintenance periods, last-used stamps, vector index) settle as they do
  // on a running server.
  await api.get(`/api/v3/files?workspace_id=${workspaceId}`, { key });
  await api.post("/api/v3/search", { key, body: { query: "warm up", top_k: 10 } });
}, 240_000);

afterEach(() => {
  counting = false;
  statements = [];
});

/** Fails with the statements listed, so that a new one is easy to spot. */
function expectAtMost(name: string, s: string[], budget: number) {
  expect(s.length, `${name}: ${s.length} statements\n  ${s.join("\n  ")}`).toBeLessThanOrEqual(budget);
}

async function countStatements(run: () => Promise<{ status: number }>): Promise<string[]> {
  statements = [];
  counting = true;
  const res = await run();
  counting = false;
  expect(res.status).toBe(200);
  return statements;
}

describe.skipIf(onServer)("statements per request", () => {
  it("GET /files", async () => {
    const s = await countStatements(() => api.get(`/api/v3/files?workspace_id=${workspaceId}&page_size=20`, { key }));
    // Key (with user and memberships), readable workspaces, page ids with the total, the page's files with
    // their relations.
    expectAtMost("GET /files", s, 4);
  });
  it("GET /workspaces", async () => {
    const s = await countStatements(() => api.get("/api/v3/workspaces", { key }));
    // Key, workspaces with the caller's memberships, file statistics, syncs, scoped keys.
    expectAtMost("GET /workspaces", s, 5);
  });
  it("POST /search", async () => {
    const s = await countStatements(() => api.post("/api/v3/search", { key, body: { query: "consulting invoice total", top_k: 10 } }));
    // Key, company with its budget, readable workspaces, corpus statistics, the hybrid candidates, the hits'
    // files, the usage event with its daily rollup.
    expectAtMost("POST /search", s, 7);
  });
});
