// Benchmark of one upload's latency to search on an idle server (issue 15: "a file is searchable within 5 s of
// its upload when the queue is empty" and "the first ingestion after a start is as fast as later ones").
// One fresh process is one start: the server's own start-up (lib/server/start.ts: migrations, the local job
// runner, the embedding model and a document worker warmed in the background) on the embedded database in a
// new DATA_DIR, as `npm start` runs it; then the first upload goes in right away (or `pause-s` later), and the others one at a time,
// each once the queue is empty again (thumbnail job included).
//
//   npx tsx --conditions=react-server scripts/bench-ingest-latency.ts [--documents 6] [--words 200] [--poll-ms 50]
//                                                                      [--database embedded|memory] [--cold-routes]
//                                                                      [--pause-s 0]
//
// Each document is a small HTML or TXT page (alternating) with a word found nowhere else. Timed per document:
// upload (POST /api/v3/files → 201), upload → searchable (POST /api/v3/search for that word, repeated every
// `poll-ms`, first lists the file), and from the job's rows: queue wait (job created → claimed) and run time
// (claimed → last ingestion step stored), with each step's time. Run it several times: each run is one cold start.
import fs from "node:fs";
import os from "node:os";

import { arg, benchAppEnvironment, flag, median } from "./bench/common";

const DOCUMENTS = Number(arg("documents", "6"));
const WORDS = Number(arg("words", "200"));
const POLL_MS = Number(arg("poll-ms", "50"));
const DATABASE = arg("database", "embedded");
const GOAL_S = 5;
/** Seconds between the server's start-up (company provisioned) and the first upload. */
const PAUSE_S = Number(arg("pause-s", "0"));

const processStart = performance.now();
const DATA_DIR = benchAppEnvironment("docintel-bench-latency-", 2);
// As `npm start`: the embedded database (in its own thread) and this process's job runner, started by the server.
if (DATABASE !== "memory") delete process.env.DATABASE_URL;
process.env.JOBS_WORKER_ENABLED = "true";

const { startServer } = await import("@/lib/server/start");
const { db } = await import("@/lib/db/client");
const { stopJobRunner } = await import("@/inngest/worker");
const { closeDatabase } = await import("@/lib/db/client");
const { createCompany, createUser } = await import("@/lib/companies/provision");
const { issueApiKey } = await import("@/lib/api-keys/manage-api-keys");
const { dispatch } = await import("../tests/helpers/router");

const BASE = "http://localhost:3000";
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const sinceStart = () => ((performance.now() - processStart) / 1000).toFixed(2);

async function call(method: string, url: string, key: string, body?: BodyInit, json = false): Promise<unknown> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (json) headers["content-type"] = "application/json";
  const res = await dispatch(new Request(BASE + url, { method, headers, body }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const VOCABULARY = (
  "report budget invoice contract sensor station meeting launch policy review forecast research energy river " +
  "mountain harbour engine battery protein climate archive library museum garden railway bridge quarterly annual"
).split(" ");

function documentAt(i: number, marker: string): { name: string; bytes: Uint8Array } {
  const words = Array.from({ length: WORDS }, (_, w) => VOCABULARY[(i * 7 + w * 13) % VOCABULARY.length]);
  words.splice(WORDS >> 1, 0, marker);
  const text = words.join(" ");
  if (i % 2 === 0) {
    const html = `<!doctype html><html><head><title>Latency ${i}</title></head><body><h1>Latency ${i}</h1><p>${text}.</p></body></html>`;
    return { name: `latency-${i}.html`, bytes: new TextEncoder().encode(html) };
  }
  return { name: `latency-${i}.txt`, bytes: new TextEncoder().encode(`Latency ${i}\n\n${text}.\n`) };
}

/** Jobs that could run now (scheduled ones wait for their run_at). */
async function runnableJobs(): Promise<number> {
  const [row] = await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs WHERE status = 'running' OR (status = 'queued' AND run_at <= now())`;
  return row.n;
}

async function untilQueueEmpty(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await runnableJobs()) > 0) {
    if (Date.now() > deadline) throw new Error("the queue did not empty within 2 min");
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Row {
  i: number;
  atS: string;
  uploadMs: number;
  searchableMs: number;
  queueMs: number;
  runMs: number;
  steps: string;
}

await startServer();
const { company } = await createCompany({ name: "Bench Latency", tier: "business" });
const user = await createUser({
  email: "bench-latency@example.test",
  firstName: "Bench",
  lastName: "Latency",
  emailVerified: true,
  companyId: company.id,
  companyRole: "company_admin",
});
const { key } = await issueApiKey({ companyId: company.id, userId: user.id, name: "bench" });
console.log(
  `bench-ingest-latency: ${os.cpus().length} cores, database ${DATABASE}, server started and company provisioned ` +
    `${sinceStart()} s after the process started; load average ${loadavg()}`,
);

// The route modules a console user loads before uploading (the files list; a search), unless --cold-routes: in
// this script a first request also transpiles its route's modules (tsx), which a built app does not.
if (!flag("cold-routes")) {
  await call("GET", "/api/v3/files?page_size=10", key);
  await call("POST", "/api/v3/search", key, JSON.stringify({ query: "warm" }), true);
}

if (PAUSE_S > 0) await new Promise((r) => setTimeout(r, PAUSE_S * 1000));

const rows: Row[] = [];
for (let i = 0; i < DOCUMENTS; i++) {
  if (i > 0) await untilQueueEmpty();
  const marker = `zqx${i}k${Math.random().toString(36).slice(2, 8)}`;
  const doc = documentAt(i, marker);
  const form = new FormData();
  form.append("file", new Blob([doc.bytes as Uint8Array<ArrayBuffer>]), doc.name);
  const atS = sinceStart();
  const t0 = performance.now();
  const created = (await call("POST", "/api/v3/files", key, form)) as { id: number };
  const uploadMs = performance.now() - t0;
  const body = JSON.stringify({ query: marker, top_k: 5 });
  let searchableMs = Number.NaN;
  while (performance.now() - t0 < 60_000) {
    const found = (await call("POST", "/api/v3/search", key, body, true)) as { results: { file_id: number }[] };
    if (found.results.some((r) => r.file_id === created.id)) {
      searchableMs = performance.now() - t0;
      break;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const steps = await db().$queryRaw<{ queue_ms: number; name: string; step_ms: number }[]>`
    SELECT extract(epoch FROM j.started_at - j.created_at) * 1000 AS queue_ms, s.name,
           extract(epoch FROM s.created_at - coalesce(lag(s.created_at) OVER (ORDER BY s.created_at), j.started_at)) * 1000 AS step_ms
    FROM jobs j JOIN job_steps s ON s.job_id = j.id
    WHERE j.name = 'ingest-file' AND (j.payload->>'file_id')::int = ${created.id}
    ORDER BY s.created_at`;
  rows.push({
    i,
    atS,
    uploadMs,
    searchableMs,
    queueMs: Number(steps[0]?.queue_ms),
    runMs: steps.reduce((sum, st) => sum + Number(st.step_ms), 0),
    steps: steps.map((st) => `${st.name} ${Number(st.step_ms).toFixed(0)}`).join(", "),
  });
}

console.log(`\nupload → searchable, one document at a time with the queue empty (goal ≤ ${GOAL_S} s):`);
console.log(
  `  ${"doc".padEnd(5)} ${"uploaded at s".padStart(13)} ${"upload ms".padStart(10)} ${"queue ms".padStart(9)} ${"job ms".padStart(8)} ${"searchable ms".padStart(14)}   job steps ms`,
);
for (const r of rows) {
  console.log(
    `  ${String(r.i + 1).padEnd(5)} ${r.atS.padStart(13)} ${r.uploadMs.toFixed(0).padStart(10)} ${r.queueMs.toFixed(0).padStart(9)} ` +
      `${r.runMs.toFixed(0).padStart(8)} ${r.searchableMs.toFixed(0).padStart(14)}   ${r.steps}`,
  );
}
const later = rows.slice(1).map((r) => r.searchableMs);
const first = rows[0].searchableMs;
const worst = Math.max(...rows.map((r) => r.searchableMs));
console.log(
  `first after start ${(first / 1000).toFixed(2)} s, later median ${(median(later) / 1000).toFixed(2)} s ` +
    `(first / later ${(first / median(later)).toFixed(2)}×), worst ${(worst / 1000).toFixed(2)} s: ` +
    `${Number.isFinite(worst) && worst <= GOAL_S * 1000 ? "within" : "NOT within"} ${GOAL_S} s; load average ${loadavg()}`,
);

await stopJobRunner({ timeoutMs: 5_000 }).catch(() => undefined);
await closeDatabase();
fs.rmSync(DATA_DIR, { recursive: true, force: true });
process.exit(0);
