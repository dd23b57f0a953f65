// Benchmark of API latency under ingestion load (issue 15: "CPU-heavy work must not stall the web process").
// Like the web process of `npm start`, one process serves the API (the real route handlers, in-process as
// tests/helpers/api.ts does) and runs the local job runner, on the embedded database in a temporary DATA_DIR.
//
//   npx tsx --conditions=react-server scripts/bench-ingest-load.ts [--documents 1000] [--pdf-share 0.1]
//                                        [--seed 100] [--concurrency 2] [--samples 200] [--max-minutes 20]
//                                        [--database embedded|thread-off|memory]
//
// 1. `seed` documents are uploaded and ingested, so that search has chunks to rank.
// 2. `documents` small documents (HTML and TXT of 150–400 words, `pdf-share` of them one- to three-page PDFs)
//    are uploaded; the runner is not started yet.
// 3. Idle: `samples` requests each of GET /api/v3/files?page_size=50 and POST /api/v3/search (hybrid,
//    top_k 10), alternating, one at a time, timed from request to body read.
// 4. Load: the runner starts on the queued documents (start(), as in `npm start`: claims on enqueue and on
//    completion, polls every JOBS_POLL_INTERVAL_MS) and the same requests are timed again while it works
//    (until `samples` of each or the queue is drained). Printed: p50/p95/max of both phases, the p95 ratio,
//    the load average and the event loop's delay (a stall shows there; a busy machine only in the latencies),
//    the embedded connection's queue (requests' wait for it per request, background statements' share of it),
//    the documents ingested during the load phase, and the document workers' settings.
import fs from "node:fs";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";

import { arg, benchAppEnvironment } from "./bench/common";

const DOCUMENTS = Number(arg("documents", "1000"));
const PDF_SHARE = Number(arg("pdf-share", "0.1"));
const SEED = Number(arg("seed", "100"));
const CONCURRENCY = Number(arg("concurrency", "2"));
const SAMPLES = Number(arg("samples", "200"));
const MAX_MINUTES = Number(arg("max-minutes", "20"));

const DATA_DIR = benchAppEnvironment("docintel-bench-load-", CONCURRENCY);
// The embedded default (PGlite on disk in its own thread, as `npm start` runs it) unless --database says
// `memory` (in-memory PGlite in this thread) or `thread-off` (on disk, in this thread: DB_EMBEDDED_THREAD=false).
const DATABASE = arg("database", "embedded");
if (DATABASE !== "memory") delete process.env.DATABASE_URL;
if (DATABASE === "thread-off") process.env.DB_EMBEDDED_THREAD = "false";

const { createDatabase, db, setDatabase } = await import("@/lib/db/client");
const { migrate } = await import("@/lib/db/migrate");
const { createCompany, createUser } = await import("@/lib/companies/provision");
const { issueApiKey } = await import("@/lib/api-keys/manage-api-keys");
const { jobDefinitions } = await import("@/inngest/functions");
const { LocalRunner } = await import("@/inngest/local-runner");
const { warmUpEmbeddings } = await import("@/lib/ai/embeddings");
const { documentWorkerStats } = await import("@/lib/documents/worker/pool");
const { PDFDocument, StandardFonts } = await import("pdf-lib");
const { dispatch } = await import("../tests/helpers/router");

const BASE = "http://localhost:3000";
const FINAL = ["embedded", "parsing_failed", "embedding_failed", "fail"];
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1))];
}

// ── corpus ──────────────────────────────────────────────────────────────────────────────────────────

const WORDS = (
  "report budget invoice contract sensor station meeting launch policy review forecast research energy " +
  "river mountain harbour engine battery protein climate archive library museum garden railway bridge " +
  "quarterly annual revenue customer supplier warehouse shipment delivery payment schedule network server " +
  "database security audit compliance training hiring benefits pension insurance vehicle maintenance"
).split(" ");
let rng = 42;
const rand = () => {
  rng = (rng * 1103515245 + 12345) & 0x7fffffff;
  return rng / 0x7fffffff;
};
const word = () => WORDS[Math.floor(rand() * WORDS.length)];
function sentence(): string {
  const n = 8 + Math.floor(rand() * 10);
  const s = Array.from({ length: n }, word).join(" ");
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
}
const paragraph = () => Array.from({ length: 3 + Math.floor(rand() * 4) }, sentence).join(" ");

async function pdfBytes(i: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 1 + (i % 3); p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Document ${i} page ${p + 1}`, { x: 50, y: 790, size: 18, font });
    let y = 760;
    for (let l = 0; l < 30; l++, y -= 16) page.drawText(Array.from({ length: 10 }, word).join(" "), { x: 50, y, size: 11, font });
  }
  return doc.save();
}

async function documentAt(i: number): Promise<{ name: string; bytes: Uint8Array }> {
  if (rand() < PDF_SHARE) return { name: `doc-${i}.pdf`, bytes: await pdfBytes(i) };
  const paras = Array.from({ length: 2 + Math.floor(rand() * 3) }, paragraph);
  if (i % 2 === 0) {
    const html = `<!doctype html><html><head><title>Document ${i}</title></head><body><h1>Document ${i} ${word()}</h1>${paras.map((p) => `<p>${p}</p>`).join("")}</body></html>`;
    return { name: `doc-${i}.html`, bytes: new TextEncoder().encode(html) };
  }
  return { name: `doc-${i}.txt`, bytes: new TextEncoder().encode(`Document ${i}\n\n${paras.join("\n\n")}\n`) };
}

// ── requests ────────────────────────────────────────────────────────────────────────────────────────

async function timed(method: string, url: string, key: string, body?: BodyInit, json = false): Promise<number> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (json) headers["content-type"] = "application/json";
  const t = performance.now();
  const res = await dispatch(new Request(BASE + url, { method, headers, body }));
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return ms;
}

async function upload(key: string, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const doc = await documentAt(i);
    const form = new FormData();
    form.append("file", new Blob([doc.bytes as Uint8Array<ArrayBuffer>]), doc.name);
    await timed("POST", "/api/v3/files", key, form);
  }
}

const QUERIES = ["quarterly revenue report", "sensor station", "battery maintenance schedule", "customer payment", "railway bridge"];
interface Samples {
  files: number[];
  search: number[];
}

async function sample(key: string, until: () => boolean): Promise<Samples> {
  const out: Samples = { files: [], search: [] };
  let i = 0;
  while ((out.files.length < SAMPLES || out.search.length < SAMPLES) && !until()) {
    out.files.push(await timed("GET", `/api/v3/files?page_size=50&page=${1 + (i % 3)}`, key));
    const body = JSON.stringify({ query: QUERIES[i % QUERIES.length], top_k: 10 });
    out.search.push(await timed("POST", "/api/v3/search", key, body, true));
    i++;
  }
  return out;
}

const openFiles = () => db().file.count({ where: { status: { notIn: FINAL } } });

/** The runner as `npm start` runs it (start(): claims on enqueue and completion, polls every JOBS_POLL_INTERVAL_MS). */
function startRunner(): InstanceType<typeof LocalRunner> {
  const runner = new LocalRunner({ definitions: jobDefinitions, concurrency: CONCURRENCY });
  runner.start();
  return runner;
}

let stopping = false;
async function untilIngested(deadline: number): Promise<void> {
  while (!stopping && Date.now() < deadline && (await openFiles()) > 0) await new Promise((r) => setTimeout(r, 1000));
}

// ── run ─────────────────────────────────────────────────────────────────────────────────────────────

const database = createDatabase(DATABASE === "memory" ? "memory://" : undefined);
await migrate(database);
setDatabase(database);
const { company } = await createCompany({ name: "Bench Load", tier: "business" });
const user = await createUser({
  email: "bench-load@example.test",
  firstName: "Bench",
  lastName: "Load",
  emailVerified: true,
  companyId: company.id,
  companyRole: "company_admin",
});
const { key } = await issueApiKey({ companyId: company.id, userId: user.id, name: "bench" });
await warmUpEmbeddings();

const workers = documentWorkerStats();
console.log(
  `machine: ${os.cpus().length} cores, load average ${loadavg()}; runner concurrency ${CONCURRENCY}; ` +
    `database ${DATABASE}; document workers ${workers.maxWorkers || "none (DOC_WORKERS=0: converters in this thread)"}, heap limit ${workers.maxHeapMb} MB`,
);
let t = Date.now();
await upload(key, 0, SEED);
const seedRunner = startRunner();
await untilIngested(Date.now() + MAX_MINUTES * 60_000);
await seedRunner.stop();
console.log(`seed: ${SEED} documents ingested in ${((Date.now() - t) / 1000).toFixed(1)} s`);

t = Date.now();
await upload(key, SEED, DOCUMENTS);
console.log(`uploaded ${DOCUMENTS} documents (~${Math.round(PDF_SHARE * 100)}% PDF) in ${((Date.now() - t) / 1000).toFixed(1)} s`);

// Warm-up (JIT, caches, the first search's vectors) untimed, then a pause for the load average to settle.
for (let i = 0; i < 20; i++) {
  await timed("GET", "/api/v3/files?page_size=50", key);
  await timed("POST", "/api/v3/search", key, JSON.stringify({ query: QUERIES[i % QUERIES.length] }), true);
}
await new Promise((r) => setTimeout(r, 2000));
// The embedded connection's queue (thread mode): what requests waited for it, what background work held it.
const connection = () => database.connectionStats?.();
function connectionLine(from: ReturnType<typeof connection>, requests: number, seconds: number): string {
  const to = connection();
  if (!from || !to) return "connection queue: n/a (database not in its thread)";
  const wait = to.requestWaitMs - from.requestWaitMs;
  const bgHold = to.backgroundHoldMs - from.backgroundHoldMs;
  return (
    `connection: requests waited ${(wait / requests).toFixed(1)} ms per request ` +
    `(${((to.requestCheckouts - from.requestCheckouts) / requests).toFixed(1)} statements each), background held it ` +
    `${((100 * bgHold) / (seconds * 1000)).toFixed(0)}% of the time (${to.backgroundCheckouts - from.backgroundCheckouts} checkouts)`
  );
}
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let connectionFrom = connection();
let phaseStart = Date.now();
const idle = await sample(key, () => false);
const idleConnection = connectionLine(connectionFrom, idle.files.length + idle.search.length, (Date.now() - phaseStart) / 1000);
const idleLoad = loadavg();
const idleLoop = { p95: loop.percentile(95) / 1e6, max: loop.max / 1e6 };
loop.reset();

const loadStart = Date.now();
const runner = startRunner();
let drained = false;
void untilIngested(loadStart + MAX_MINUTES * 60_000).then(() => {
  drained = true;
});
await new Promise((r) => setTimeout(r, 3000)); // the runner reaches full speed
const openAtSampling = await openFiles();
connectionFrom = connection();
phaseStart = Date.now();
const loaded = await sample(key, () => drained);
const samplingS = (Date.now() - phaseStart) / 1000;
const loadedConnection = connectionLine(connectionFrom, loaded.files.length + loaded.search.length, (Date.now() - phaseStart) / 1000);
const loadedLoad = loadavg();
const loadedLoop = { p95: loop.percentile(95) / 1e6, max: loop.max / 1e6 };
loop.disable();
const openAtEnd = await openFiles();
const ingestedWhileTimed = openAtSampling - openAtEnd;
const ingested = DOCUMENTS - openAtEnd;
const loadS = (Date.now() - loadStart) / 1000;

const line = (name: string, xs: number[]) =>
  `${name.padEnd(22)} n=${String(xs.length).padStart(4)}  p50 ${pct(xs, 50).toFixed(1).padStart(7)} ms  p95 ${pct(xs, 95).toFixed(1).padStart(7)} ms  max ${Math.max(
    ...xs,
  )
    .toFixed(1)
    .padStart(7)} ms`;
const delay = (d: { p95: number; max: number }) => `event-loop delay p95 ${d.p95.toFixed(0)} ms, max ${d.max.toFixed(0)} ms`;
console.log(`\nidle (load average ${idleLoad}; ${delay(idleLoop)}):`);
console.log(`  ${line("GET /api/v3/files", idle.files)}`);
console.log(`  ${line("POST /api/v3/search", idle.search)}`);
console.log(`  ${idleConnection}`);
console.log(
  `under ingestion (load average ${loadedLoad}; ${delay(loadedLoop)}; ${ingested} of ${DOCUMENTS} documents final after ${loadS.toFixed(1)} s):`,
);
console.log(`  ${line("GET /api/v3/files", loaded.files)}`);
console.log(`  ${line("POST /api/v3/search", loaded.search)}`);
console.log(`  ${loadedConnection}`);
console.log(
  `  ingestion while the requests were timed: ${ingestedWhileTimed} documents in ${samplingS.toFixed(1)} s ` +
    `(${((60 * ingestedWhileTimed) / samplingS).toFixed(0)}/min)`,
);
console.log(
  `p95 ratio (under load / idle): files ${(pct(loaded.files, 95) / pct(idle.files, 95)).toFixed(2)}×, ` +
    `search ${(pct(loaded.search, 95) / pct(idle.search, 95)).toFixed(2)}× (goal ≤ 2×)`,
);

stopping = true;
await runner.stop({ timeoutMs: 5_000 }).catch(() => undefined);
const statuses = await db().file.groupBy({ by: ["status"], _count: { _all: true } });
console.log(`statuses: ${statuses.map((s) => `${s.status} ${s._count._all}`).join(", ")}`);
setDatabase(undefined);
await database.close();
fs.rmSync(DATA_DIR, { recursive: true, force: true });
process.exit(0);
