// Benchmark of ingestion fairness between tenants (issue 16: "one tenant can stall everyone's ingestion").
// One process serves the API (the real route handlers, in process) and runs the local job runner, as
// `npm start` does, on an in-memory PGlite in a temporary DATA_DIR.
//
//   npx tsx --conditions=react-server scripts/bench-fairness.ts [--backlog 20] [--concurrency 2] [--skip-fifo]
//                                                              [--skip-5000]
//
// Tenant B uploads one small file (a 2-page text PDF); printed is its time from upload to `embedded`:
//   1. alone;
//   2. right after tenant A uploaded a hostile backlog: the issue's 64 KB PDF of 5,000 empty pages (over the
//      page cap: refused), a PDF of 1,000 empty pages (at the cap: blank pages skip OCR) and `backlog` 3-page
//      text PDFs, with the runner claiming fairly (the default);
//   3. the same with claims by age only, as before fair scheduling (emulated by clearing the jobs' company, so
//      every job is one tenant's) — unless --skip-fifo.
// Also printed: the time of A's hostile files from upload to their final status, and (unless --skip-5000) the
// 5,000-empty-page file ingested in full with the cap raised to 5,000, alone.
import fs from "node:fs";
import os from "node:os";

import { arg, benchAppEnvironment, flag } from "./bench/common";

const BACKLOG = Number(arg("backlog", "20"));
const CONCURRENCY = Number(arg("concurrency", "2"));

const DATA_DIR = benchAppEnvironment("docintel-bench-fairness-", CONCURRENCY);

const { createDatabase, db, setDatabase } = await import("@/lib/db/client");
const { migrate } = await import("@/lib/db/migrate");
const { createCompany, createUser } = await import("@/lib/companies/provision");
const { issueApiKey } = await import("@/lib/api-keys/manage-api-keys");
const { jobDefinitions } = await import("@/inngest/functions");
const { LocalRunner } = await import("@/inngest/local-runner");
const { warmUpEmbeddings } = await import("@/lib/ai/embeddings");
const { env, setEnvForTests } = await import("@/lib/env");
const { dispatch } = await import("../tests/helpers/router");
const { emptyPagesPdf, textPagesPdf } = await import("../tests/jobs/fixtures/hostile-pdfs");

const BASE = "http://localhost:3000";
const FINAL = new Set(["embedded", "parsing_failed", "embedding_failed", "fail"]);
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function tenant(name: string): Promise<string> {
  const { company } = await createCompany({ name, tier: "business" });
  const user = await createUser({
    email: `${name.toLowerCase().replace(/\W+/g, "-")}@example.test`,
    firstName: name,
    lastName: "Bench",
    emailVerified: true,
    companyId: company.id,
    companyRole: "company_admin",
  });
  return (await issueApiKey({ companyId: company.id, userId: user.id, name: "bench" })).key;
}

/** Uploads a file; returns its id and the time the upload was answered. */
async function upload(key: string, bytes: Uint8Array, filename: string): Promise<{ id: number; at: number }> {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  const res = await dispatch(new Request(`${BASE}/api/v3/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form }));
  const text = await res.text();
  if (res.status !== 201) throw new Error(`upload ${filename}: ${res.status} ${text.slice(0, 300)}`);
  return { id: (JSON.parse(text) as { id: number }).id, at: performance.now() };
}

/** Polls every 50 ms until the files reach a final status; returns each one's time from upload, and status. */
async function untilFinal(files: { id: number; at: number }[], timeoutMs = 30 * 60_000) {
  const out = new Map<number, { ms: number; status: string; detail: string | null }>();
  const deadline = Date.now() + timeoutMs;
  while (out.size < files.length && Date.now() < deadline) {
    const rows = await db().file.findMany({
      where: { id: { in: files.filter((f) => !out.has(f.id)).map((f) => f.id) } },
      select: { id: true, status: true, statusDetail: true },
    });
    const now = performance.now();
    for (const r of rows) {
      if (FINAL.has(r.status)) out.set(r.id, { ms: now - files.find((f) => f.id === r.id)!.at, status: r.status, detail: r.statusDetail });
    }
    if (out.size < files.length) await new Promise((r) => setTimeout(r, 50));
  }
  return out;
}

function startRunner() {
  const runner = new LocalRunner({ definitions: jobDefinitions, concurrency: CONCURRENCY });
  runner.start();
  return runner;
}

/** Waits until no job is queued or running (thumbnails included), so that phases do not overlap. */
async function untilIdle(): Promise<void> {
  while ((await db().job.count({ where: { status: { in: ["queued", "running"] } } })) > 0) await new Promise((r) => setTimeout(r, 100));
}

const database = createDatabase("memory://");
await migrate(database);
setDatabase(database);
const keyA = await tenant("Tenant A");
const keyB = await tenant("Tenant B");
await warmUpEmbeddings();
const [hostile5000, empty1000, smallB] = await Promise.all([emptyPagesPdf(5000), emptyPagesPdf(1000), textPagesPdf(2, "Tenant B")]);
const backlog = await Promise.all(Array.from({ length: BACKLOG }, (_, i) => textPagesPdf(3, `Tenant A file ${i + 1}`)));
console.log(
  `machine: ${os.cpus().length} cores, load average ${loadavg()}; runner concurrency ${CONCURRENCY}; INGEST_MAX_PAGES ${env().INGEST_MAX_PAGES}; ` +
    `hostile PDF ${(hostile5000.length / 1024).toFixed(0)} KB for 5,000 pages`,
);

const runner = startRunner();
// Warm-up (first PDF through a document worker, first embedding), untimed.
await untilFinal([await upload(keyB, await textPagesPdf(1, "warm-up"), "warm-up.pdf")]);
await untilIdle();

// 1. B alone.
const alone = await upload(keyB, smallB, "b-alone.pdf");
const bAlone = (await untilFinal([alone])).get(alone.id)!;
await untilIdle();
console.log(`\n1. tenant B alone: upload → ${bAlone.status} in ${s(bAlone.ms)}`);

/** A's hostile backlog, then B's one file; the runner is stopped while they are queued when `fifo`. */
async function contended(fifo: boolean) {
  if (fifo) await runner.stop();
  const a = [
    await upload(keyA, hostile5000, "a-5000-empty-pages.pdf"),
    await upload(keyA, empty1000, "a-1000-empty-pages.pdf"),
    ...(await Promise.all(backlog.map((bytes, i) => upload(keyA, bytes, `a-backlog-${i + 1}.pdf`)))),
  ];
  const b = await upload(keyB, smallB, "b-contended.pdf");
  if (fifo) {
    // Claims by age only: every queued job looks like one tenant's.
    await db().$executeRaw`UPDATE jobs SET company_id = NULL WHERE status = 'queued'`;
    runner.start();
  }
  const t0 = performance.now();
  const done = await untilFinal([...a, b]);
  const aAll = s(performance.now() - t0);
  await untilIdle();
  return { a, b, done, aAll };
}

const fair = await contended(false);
const fb = fair.done.get(fair.b.id)!;
const h5 = fair.done.get(fair.a[0].id)!;
const e1 = fair.done.get(fair.a[1].id)!;
console.log(`\n2. tenant B after tenant A's hostile backlog (${2 + BACKLOG} files), fair claims (load average ${loadavg()}):`);
console.log(`   tenant B: upload → ${fb.status} in ${s(fb.ms)}`);
console.log(`   tenant A, 5,000 empty pages: ${h5.status} in ${s(h5.ms)} (${h5.detail ?? ""})`);
console.log(`   tenant A, 1,000 empty pages: ${e1.status} in ${s(e1.ms)}`);
console.log(`   tenant A's whole backlog final after ${fair.aAll}`);

if (!flag("skip-fifo")) {
  const fifo = await contended(true);
  const b = fifo.done.get(fifo.b.id)!;
  console.log(`\n3. the same with claims by age only (before this change; load average ${loadavg()}):`);
  console.log(`   tenant B: upload → ${b.status} in ${s(b.ms)}`);
  console.log(`   tenant A's whole backlog final after ${fifo.aAll}`);
}

if (!flag("skip-5000")) {
  setEnvForTests({ INGEST_MAX_PAGES: "5000" });
  const f = await upload(keyA, hostile5000, "a-5000-empty-pages-raised-cap.pdf");
  const r = (await untilFinal([f])).get(f.id)!;
  const pages = await db().filePage.count({ where: { fileId: f.id } });
  const ocr = await db().filePage.count({ where: { fileId: f.id, ocr: true } });
  console.log(`\n4. the 5,000-empty-page PDF with INGEST_MAX_PAGES=5000, alone: ${r.status} in ${s(r.ms)}, ${pages} pages stored, ${ocr} OCR'd`);
}

await runner.stop({ timeoutMs: 5_000 }).catch(() => undefined);
setDatabase(undefined);
await database.close();
fs.rmSync(DATA_DIR, { recursive: true, force: true });
process.exit(0);
