// Benchmark of the files pipeline (issue 4, "Benchmarks"): (a) ingestion throughput of a mixed corpus from
// upload to `embedded`, (b) latency of GET /api/v3/files at 100k files with filters and ordering. Both go
// through the real route handlers in-process (as tests/helpers/api.ts does), on an in-memory PGlite in a
// temporary DATA_DIR, with the real document engine, LibreOffice, OCR and the offline embedding provider.
//
//   npx tsx --conditions=react-server scripts/bench-ingest.ts [--rounds 3] [--concurrency 2] [--formats html,txt]
//                                   [--files 100000] [--other-files 10000] [--runs 30] [--warmup 3] [--threshold 200]
//                                   [--explain all|slow|none] [--skip-ingest] [--skip-list] [--try-indexes]
//                                   [--database memory|embedded]
//
// (a) uploads `rounds` copies of every fixture format of tests/fixtures/documents.ts (13 formats: ~39 files,
//     ~70 pages; --formats keeps the listed ones only, e.g. the small text formats) through POST /api/v3/files,
//     then runs the local job runner (LocalRunner, `concurrency` jobs at a time) until every job is done.
//     Documents/min and pages/s are measured from the first upload to the last file reaching `embedded` (a
//     trigger on `files` logs every status change with clock_timestamp()). Per format: mean processing time
//     (first status change after the upload → final status, i.e. job time without the queue wait), mean
//     upload → embedded time (queue wait included), the mean time of each ingest-file step (from the
//     completion times of its job_steps rows), and of the thumbnail-file job (run time; upload → finished).
//     --database embedded runs (a) on the embedded database as `npm start` does (on disk in DATA_DIR, in its
//     own thread, jobs on the background lane of the priority pool) instead of an in-memory PGlite in this
//     thread, and prints the connection queue's figures and the statements per document.
// (b) a fresh database: `files` rows for the caller's company (5 workspaces) plus `other-files` rows of a
//     second company, inserted with one INSERT … SELECT generate_series each (varied extension, status,
//     pages, size, created_at over two years, external ids on 30%, tags on ~30%), then ANALYZE. Each query
//     runs `warmup` times untimed and `runs` times timed (request → body read). Queries whose p95 exceeds
//     `threshold` ms get EXPLAIN (ANALYZE, BUFFERS) of their count and page statements. --try-indexes then
//     creates the candidate indexes below in that throwaway database, VACUUM ANALYZEs and times the queries again,
//     then once more with SET random_page_cost = 1.1 (data in memory: random reads cost what sequential ones do).
//
// Process CPU (user + system of every thread: the database thread and document workers too, not child processes)
// from the first upload to the drained queue, per document: steadier than documents/min on a shared machine.
// Peak RSS: process.memoryUsage().rss sampled every 100 ms, per phase, plus the kernel's high-water mark
// (process.resourceUsage().maxRSS, which also covers moments the event loop was too busy to sample).
// LibreOffice runs in child processes and is not included.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { arg, benchAppEnvironment, flag } from "./bench/common";

const ROUNDS = Number(arg("rounds", "3"));
const CONCURRENCY = Number(arg("concurrency", "2"));
const FORMATS = arg("formats", "")
  .split(",")
  .map((f) => f.trim())
  .filter(Boolean);
const FILES = Number(arg("files", "100000"));
const OTHER_FILES = Number(arg("other-files", "10000"));
const RUNS = Number(arg("runs", "30"));
const WARMUP = Number(arg("warmup", "3"));
const THRESHOLD_MS = Number(arg("threshold", "200"));
const EXPLAIN = arg("explain", "slow") as "all" | "slow" | "none";
const TRY_INDEXES = flag("try-indexes");

/** --try-indexes: what the EXPLAIN findings suggest, created in the benchmark's throwaway database only. */
const CANDIDATE_INDEXES = [
  // ordering=size/-size and title/-title: an ordered index scan that stops after the page instead of seq scan + top-N sort
  `CREATE INDEX IF NOT EXISTS bench_files_company_size_id ON files (company_id, size, id)`,
  `CREATE INDEX IF NOT EXISTS bench_files_company_lower_title_id ON files (company_id, lower(title), id)`,
  // count(*) of the company scope (company_id + workspace_id IN …): index-only scan instead of a heap seq scan
  `CREATE INDEX IF NOT EXISTS bench_files_company_workspace ON files (company_id, workspace_id)`,
  // tag_id: index-only probe of the tag's files (the planner only probes files by primary key instead of
  // hash-joining a seq scan of files once random_page_cost is lowered: the second --try-indexes pass)
  `CREATE INDEX IF NOT EXISTS bench_file_tags_tag_file ON file_tags (tag_id, file_id)`,
];

// Configuration before any app module is loaded (env() parses process.env once).
const DATA_DIR = benchAppEnvironment("docintel-bench-ingest-", CONCURRENCY);
const DATABASE = arg("database", "memory");
if (DATABASE !== "memory" && DATABASE !== "embedded") throw new Error(`--database: memory or embedded, not ${DATABASE}`);
if (DATABASE === "embedded") delete process.env.DATABASE_URL;

const { createDatabase, db, setDatabase } = await import("@/lib/db/client");
type Database = ReturnType<typeof createDatabase>;
const { migrate } = await import("@/lib/db/migrate");
const { createCompany, createUser } = await import("@/lib/companies/provision");
const { issueApiKey } = await import("@/lib/api-keys/manage-api-keys");
const { jobDefinitions } = await import("@/inngest/functions");
const { LocalRunner } = await import("@/inngest/local-runner");
const { Prisma } = await import("@/lib/db/generated/client");
const { ZFileListQuery } = await import("@/lib/contracts/files-list");
const { fileListWhere } = await import("@/lib/facets/file-filter-sql");
const { queryToObject } = await import("@/lib/http/body");
const { dispatch } = await import("../tests/helpers/router");
const { documentFixtures } = await import("../tests/fixtures/documents");

const BASE = "http://localhost:3000";

// ── measurement helpers ────────────────────────────────────────────────────────────────────────────

const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const rss = { overall: 0, phase: 0 };
const sampler = setInterval(() => {
  const r = process.memoryUsage().rss;
  if (r > rss.overall) rss.overall = r;
  if (r > rss.phase) rss.phase = r;
}, 100);
sampler.unref();
function phaseStart(): void {
  rss.phase = process.memoryUsage().rss;
}
function phasePeak(): number {
  const r = process.memoryUsage().rss;
  rss.phase = Math.max(rss.phase, r);
  rss.overall = Math.max(rss.overall, r);
  return rss.phase;
}

/** Nearest-rank percentile. */
function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1))];
}
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

async function request(method: string, url: string, key: string, body?: BodyInit): Promise<{ status: number; text: string }> {
  const res = await dispatch(new Request(BASE + url, { method, headers: { authorization: `Bearer ${key}` }, body }));
  return { status: res.status, text: await res.text() };
}

async function freshDatabase(kind: "memory" | "embedded" = "memory"): Promise<Database> {
  const database = createDatabase(kind === "embedded" ? undefined : "memory://");
  await migrate(database);
  setDatabase(database);
  return database;
}

async function seedAdmin(companyName: string) {
  const { company, defaultWorkspace } = await createCompany({ name: companyName, tier: "business" });
  const user = await createUser({
    email: `bench-${company.id}@example.test`,
    firstName: "Bench",
    lastName: "Admin",
    emailVerified: true,
    companyId: company.id,
    companyRole: "company_admin",
  });
  const { key } = await issueApiKey({ companyId: company.id, userId: user.id, name: "bench" });
  return { companyId: company.id, defaultWorkspaceId: defaultWorkspace.id, userId: user.id, key };
}

// ── (a) ingestion throughput ─────────────────────────────────────────────────────────────────────────

const FINAL = ["embedded", "parsing_failed", "embedding_failed", "fail"];

async function benchIngestion(): Promise<void> {
  console.log(
    `\n== (a) ingestion: ${ROUNDS} rounds of ${FORMATS.length ? FORMATS.join(", ") : "every fixture format"}, local runner concurrency ${CONCURRENCY} ==`,
  );
  const fx = await documentFixtures();
  const database = await freshDatabase(DATABASE as "memory" | "embedded");
  const admin = await seedAdmin("Bench Ingest");
  for (const sql of [
    `CREATE TABLE bench_status_log (seq serial PRIMARY KEY, file_id int NOT NULL, status text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`,
    `CREATE FUNCTION bench_log_status() RETURNS trigger AS $$ BEGIN
       IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
         INSERT INTO bench_status_log (file_id, status) VALUES (NEW.id, NEW.status);
       END IF;
       RETURN NEW; END $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER bench_status_log AFTER INSERT OR UPDATE ON files FOR EACH ROW EXECUTE FUNCTION bench_log_status()`,
  ]) {
    await db().$executeRawUnsafe(sql);
  }

  const formats = (Object.keys(fx.files) as (keyof typeof fx.files)[]).filter((f) => !FORMATS.length || FORMATS.includes(f));
  if (!formats.length) throw new Error(`--formats: none of ${FORMATS.join(",")} is a fixture format (${Object.keys(fx.files).join(",")})`);
  const bytes = new Map(formats.map((f) => [f, fs.readFileSync(fx.files[f])]));
  const formatOf = new Map<number, string>();
  const uploadedAt = new Map<number, number>();
  let corpusBytes = 0;

  phaseStart();
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const format of formats) {
      const source = fx.files[format];
      const ext = path.extname(source);
      const form = new FormData();
      form.append("file", new Blob([bytes.get(format)!]), `${path.basename(source, ext)}-${round}${ext}`);
      const at = Date.now();
      const res = await request("POST", "/api/v3/files", admin.key, form);
      if (res.status !== 201) throw new Error(`upload of ${format} failed: ${res.status} ${res.text}`);
      const id = (JSON.parse(res.text) as { id: number }).id;
      formatOf.set(id, format);
      uploadedAt.set(id, at);
      corpusBytes += bytes.get(format)!.length;
    }
  }
  const uploadS = (Date.now() - t0) / 1000;
  console.log(`uploaded ${formatOf.size} files (${(corpusBytes / 1024).toFixed(0)} KiB) in ${uploadS.toFixed(2)} s`);

  const runner = new LocalRunner({ definitions: jobDefinitions, concurrency: CONCURRENCY, pollIntervalMs: 20 });
  const connectionFrom = database.connectionStats?.();
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    await runner.drain({ timeoutMs: Math.max(1000, deadline - Date.now()) });
    const open = await db().file.count({ where: { status: { notIn: FINAL } } });
    if (open === 0) break;
    if (Date.now() > deadline) throw new Error(`${open} files still not final after 30 min`);
    await new Promise((r) => setTimeout(r, 200)); // a retry waits for its backoff
  }
  const drainedAt = Date.now();
  const cpu = process.cpuUsage(cpu0);
  const peak = phasePeak();

  const files = await db().file.findMany({ select: { id: true, status: true, statusDetail: true, totalPages: true } });
  const log = await db().$queryRaw<{ file_id: number; status: string; at: Date }[]>`
    SELECT file_id, status, at FROM bench_status_log ORDER BY seq`;
  const events = new Map<number, { status: string; at: number }[]>();
  for (const e of log) {
    const list = events.get(e.file_id) ?? [];
    list.push({ status: e.status, at: e.at.getTime() });
    events.set(e.file_id, list);
  }

  const embedded = files.filter((f) => f.status === "embedded");
  const failures = files.filter((f) => f.status !== "embedded");
  const finalAt = (id: number) => {
    const list = events.get(id) ?? [];
    return [...list].reverse().find((e) => FINAL.includes(e.status))?.at ?? NaN;
  };
  if (!embedded.length) throw new Error(`no file reached embedded: ${failures.map((f) => `${f.id} ${f.status} ${f.statusDetail ?? ""}`).join("; ")}`);
  const lastEmbedded = Math.max(...embedded.map((f) => finalAt(f.id)));
  const windowS = (lastEmbedded - t0) / 1000;
  const pages = embedded.reduce((n, f) => n + f.totalPages, 0);

  console.log(`runner drained ${((drainedAt - t0) / 1000).toFixed(2)} s after the first upload`);
  // All threads of this process (web thread, database thread, document workers); not LibreOffice or OCR children.
  const cpuS = (cpu.user + cpu.system) / 1e6;
  console.log(
    `process CPU, first upload → drained (uploads, ingestion and thumbnail jobs): ${cpuS.toFixed(2)} s, ` +
      `${((1000 * cpuS) / formatOf.size).toFixed(0)} ms per document`,
  );
  const connectionTo = database.connectionStats?.();
  if (connectionFrom && connectionTo) {
    const bg = connectionTo.backgroundCheckouts - connectionFrom.backgroundCheckouts;
    const req = connectionTo.requestCheckouts - connectionFrom.requestCheckouts;
    console.log(
      `connection (runner start → drained): ${bg} background statements (${(bg / formatOf.size).toFixed(1)} per document), ` +
        `held ${((100 * (connectionTo.backgroundHoldMs - connectionFrom.backgroundHoldMs)) / (drainedAt - t0)).toFixed(0)}% of the time; ` +
        `${req} request-lane statements (heartbeats, the bench's polling)`,
    );
  }
  console.log(
    `throughput (first upload → last embedded, ${windowS.toFixed(2)} s): ` +
      `${((embedded.length / windowS) * 60).toFixed(1)} documents/min, ${(pages / windowS).toFixed(2)} pages/s ` +
      `(${embedded.length} documents, ${pages} pages)`,
  );
  console.log(`failures: ${failures.length}`);
  for (const f of failures) console.log(`  file ${f.id} (${formatOf.get(f.id)}): ${f.status} ${f.statusDetail ?? ""}`);

  // Step durations of the ingest-file jobs: job_steps rows are written as each step completes, in order.
  const stepRows = await db().$queryRaw<{ file_id: number; started_at: Date; name: string; at: Date }[]>`
    SELECT (j.payload->>'file_id')::int AS file_id, j.started_at, s.name, s.created_at AS at
    FROM jobs j JOIN job_steps s ON s.job_id = j.id
    WHERE j.name = 'ingest-file' ORDER BY j.id, s.created_at`;
  const stepsOf = new Map<number, Map<string, number>>();
  let prev: { file: number; at: number } | undefined;
  for (const r of stepRows) {
    const from = prev?.file === r.file_id ? prev.at : r.started_at.getTime();
    const m = stepsOf.get(r.file_id) ?? new Map<string, number>();
    m.set(r.name, (m.get(r.name) ?? 0) + (r.at.getTime() - from) / 1000);
    stepsOf.set(r.file_id, m);
    prev = { file: r.file_id, at: r.at.getTime() };
  }
  // The thumbnail is its own job since issue 15 (ingestion only queues it); "thumbnail" is the former step.
  const STEPS = ["detect", "convert", "parse", "queue-thumbnail", "embed", "finalize"];
  const label = (step: string) => (step === "queue-thumbnail" ? "q-thumb" : step);
  const thumbJobs = await db().$queryRaw<{ file_id: number; status: string; started_at: Date | null; finished_at: Date | null }[]>`
    SELECT (payload->>'file_id')::int AS file_id, status::text, started_at, finished_at FROM jobs WHERE name = 'thumbnail-file'`;
  const thumbOf = new Map(thumbJobs.map((j) => [j.file_id, j]));
  const thumbReady = (id: number) => thumbOf.get(id)?.finished_at?.getTime() ?? NaN;
  const thumbRun = (id: number) => {
    const j = thumbOf.get(id);
    return j?.started_at && j.finished_at ? (j.finished_at.getTime() - j.started_at.getTime()) / 1000 : NaN;
  };
  const thumbFiles = await db().file.groupBy({ by: ["thumbnailStatus"], _count: { _all: true } });
  console.log(
    `thumbnail jobs: ${thumbJobs.length} (${thumbFiles.map((t) => `${t.thumbnailStatus ?? "none"} ${t._count._all}`).join(", ")}), ` +
      `last one finished ${((Math.max(...thumbJobs.map((j) => j.finished_at?.getTime() ?? NaN)) - t0) / 1000).toFixed(2)} s after the first upload`,
  );
  const stepMean = (ids: number[], step: string) => {
    const xs = ids.map((id) => stepsOf.get(id)?.get(step)).filter((x): x is number => x !== undefined);
    return xs.length ? mean(xs).toFixed(2) : "-";
  };

  console.log(`per format (n = ${ROUNDS} each; mean seconds; steps from job_steps completion times):`);
  console.log(
    `  ${"format".padEnd(7)} ${"pages".padStart(5)}  ${"processing s".padStart(12)}  ${"upload→final s".padStart(14)}  ` +
      `${STEPS.map((st) => label(st).padStart(9)).join(" ")}  ${"thumb job".padStart(9)} ${"upload→thumb".padStart(12)}  statuses`,
  );
  for (const format of formats) {
    const mine = files.filter((f) => formatOf.get(f.id) === format);
    const processing: number[] = [];
    const endToEnd: number[] = [];
    for (const f of mine) {
      const list = events.get(f.id) ?? [];
      // list[0] is the INSERT (pending / pending_conversion); list[1] the job's first status change.
      const started = list[1]?.at ?? NaN;
      processing.push((finalAt(f.id) - started) / 1000);
      endToEnd.push((finalAt(f.id) - uploadedAt.get(f.id)!) / 1000);
    }
    const thumbs = `${mean(mine.map((f) => thumbRun(f.id)))
      .toFixed(2)
      .padStart(9)} ${mean(mine.map((f) => (thumbReady(f.id) - uploadedAt.get(f.id)!) / 1000))
      .toFixed(2)
      .padStart(12)}`;
    const statuses = [...new Set(mine.map((f) => f.status))].join(",");
    const pagesOf = [...new Set(mine.map((f) => f.totalPages))].join("/");
    console.log(
      `  ${format.padEnd(7)} ${pagesOf.padStart(5)}  ${mean(processing).toFixed(2).padStart(12)}  ${mean(endToEnd).toFixed(2).padStart(14)}  ` +
        `${STEPS.map((st) =>
          stepMean(
            mine.map((f) => f.id),
            st,
          ).padStart(9),
        ).join(" ")}  ${thumbs}  ${statuses}`,
    );
  }
  const allIds = files.map((f) => f.id);
  console.log(
    `  ${"all".padEnd(7)} ${String(pages).padStart(5)}  ${mean(
      files.map((f) => finalAt(f.id) - (events.get(f.id)?.[1]?.at ?? NaN)).map((x) => x / 1000),
    )
      .toFixed(2)
      .padStart(12)}  ` +
      `${mean(files.map((f) => (finalAt(f.id) - uploadedAt.get(f.id)!) / 1000))
        .toFixed(2)
        .padStart(14)}  ` +
      `${STEPS.map((st) => stepMean(allIds, st).padStart(9)).join(" ")}  ${mean(allIds.map(thumbRun)).toFixed(2).padStart(9)} ` +
      `${mean(files.map((f) => (thumbReady(f.id) - uploadedAt.get(f.id)!) / 1000))
        .toFixed(2)
        .padStart(12)}`,
  );
  console.log(
    `peak RSS (a): ${mb(peak)} sampled; process high-water mark so far ${mb(process.resourceUsage().maxRSS * 1024)}; load average ${loadavg()}`,
  );

  setDatabase(undefined);
  await database.close();
}

// ── (b) files-list latency at 100k files ─────────────────────────────────────────────────────────────

const EXTENSIONS = [
  ...Array(8).fill("pdf"),
  ...Array(4).fill("docx"),
  "odt",
  "doc",
  "html",
  "xhtml",
  "txt",
  "txt",
  "md",
  "md",
  "pptx",
  "pptx",
  "odp",
  "ppt",
  "png",
  "jpeg",
] as string[];
const TITLES = [
  "Quarterly Report",
  "Invoice",
  "Contract",
  "Meeting Notes",
  "Budget Overview",
  "Launch Plan",
  "Security Policy",
  "Annual Review",
  "Board Minutes",
  "Product Spec",
  "Sales Forecast",
  "Research Paper",
];
const sqlText = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]::text[]`;

/** One INSERT … SELECT generate_series: `count` files of a company spread over its workspaces (the first weighs 40%). */
async function insertFiles(companyId: number, workspaceIds: number[], userId: number, count: number, offset: number): Promise<void> {
  const ws = `ARRAY[${workspaceIds.join(",")}]::int[]`;
  const wsPick =
    workspaceIds.length === 1 ? "1" : `CASE WHEN r.rw < 0.4 THEN 1 ELSE 2 + floor((r.rw - 0.4) / 0.6 * ${workspaceIds.length - 1})::int END`;
  await db().$executeRawUnsafe(`
    INSERT INTO files (company_id, workspace_id, filename, title, extension, mime_type, size, sha256, storage_key,
      status, status_detail, total_pages, language, external_metadata, external_id, external_doc_type,
      created_by_id, ingested_at, created_at, updated_at)
    SELECT ${companyId},
      (${ws})[${wsPick}],
      lower(replace(r.title, ' ', '-')) || '-' || r.i || '.' || r.ext,
      r.title || ' ' || (2015 + floor(r.ry * 10)::int) || ' #' || r.i,
      r.ext,
      NULL,
      1000 + floor(power(r.rs, 3) * 20000000)::int,
      md5(r.i::text) || md5((r.i + 1)::text),
      'bench/' || r.i || '/original',
      r.status,
      CASE WHEN r.status IN ('parsing_failed', 'embedding_failed', 'fail') THEN 'benchmark failure' END,
      CASE WHEN r.status IN ('pending', 'pending_conversion', 'converting', 'parsing') THEN 0
           WHEN r.ext IN ('txt', 'md', 'html', 'xhtml', 'png', 'jpeg') THEN 1
           ELSE 1 + floor(power(r.rp, 2) * 60)::int END,
      'english',
      CASE WHEN r.rx < 0.3 THEN jsonb_build_object('external_id', 'EXT-' || lpad(r.i::text, 7, '0'), 'doc_type', r.title) END,
      CASE WHEN r.rx < 0.3 THEN 'EXT-' || lpad(r.i::text, 7, '0') END,
      CASE WHEN r.rx < 0.3 THEN r.title END,
      CASE WHEN r.rx < 0.8 THEN ${userId} END,
      CASE WHEN r.status = 'embedded' THEN r.created_at + interval '90 seconds' END,
      r.created_at,
      r.created_at + r.rs * interval '1 hour'
    FROM (
      SELECT g.i, g.rw, g.ry, g.rs, g.rp, g.rx,
        (${sqlText(EXTENSIONS)})[1 + floor(g.re * ${EXTENSIONS.length})::int] AS ext,
        (${sqlText(TITLES)})[1 + floor(g.rt * ${TITLES.length})::int] AS title,
        CASE WHEN g.rst < 0.88 THEN 'embedded' WHEN g.rst < 0.90 THEN 'pending' WHEN g.rst < 0.91 THEN 'parsing'
             WHEN g.rst < 0.92 THEN 'parsed' WHEN g.rst < 0.93 THEN 'embedding' WHEN g.rst < 0.94 THEN 'pending_conversion'
             WHEN g.rst < 0.97 THEN 'parsing_failed' WHEN g.rst < 0.98 THEN 'embedding_failed' ELSE 'fail' END AS status,
        -- ids grow with time, as uploads do: two years back, a few minutes of jitter
        now() - ((${count} - g.n) * (730.0 * 86400 / ${count}) + g.rj * 600) * interval '1 second' AS created_at
      FROM (
        SELECT n, ${offset} + n AS i, random() AS rw, random() AS ry, random() AS rs, random() AS rp, random() AS rx,
          random() AS re, random() AS rt, random() AS rst, random() AS rj
        FROM generate_series(1, ${count}) AS n
      ) g
    ) r`);
}

interface ListQuery {
  name: string;
  qs: string;
}

interface QueryResult {
  q: ListQuery;
  count: number;
  p50: number;
  p95: number;
  max: number;
}

/** `WARMUP` untimed then `RUNS` timed requests per query, through the route handler (body read included). */
async function timeQueries(queries: ListQuery[], key: string): Promise<{ results: QueryResult[]; all: number[] }> {
  const all: number[] = [];
  const results: QueryResult[] = [];
  for (const q of queries) {
    const url = `/api/v3/files${q.qs ? `?${q.qs}` : ""}`;
    let count = -1;
    for (let i = 0; i < WARMUP; i++) {
      const res = await request("GET", url, key);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
      count = (JSON.parse(res.text) as { count: number }).count;
    }
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await request("GET", url, key);
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
    }
    all.push(...times);
    results.push({ q, count, p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times) });
  }
  return { results, all };
}

function printResults(run: { results: QueryResult[]; all: number[] }, before?: { results: QueryResult[]; all: number[] }): void {
  const w = Math.max(...run.results.map((r) => r.q.name.length));
  const n = (x: number) => x.toFixed(1).padStart(7);
  const was = (i: number | "all") => {
    if (!before) return "";
    const b = i === "all" ? { p50: pct(before.all, 50), p95: pct(before.all, 95) } : before.results[i];
    return `   (before: p50 ${b.p50.toFixed(1)}, p95 ${b.p95.toFixed(1)})`;
  };
  console.log(`  ${"query".padEnd(w)}  ${"count".padStart(6)}  ${"p50 ms".padStart(7)}  ${"p95 ms".padStart(7)}  ${"max ms".padStart(7)}`);
  run.results.forEach((r, i) =>
    console.log(`  ${r.q.name.padEnd(w)}  ${String(r.count).padStart(6)}  ${n(r.p50)}  ${n(r.p95)}  ${n(r.max)}${was(i)}`),
  );
  console.log(`  ${"overall".padEnd(w)}  ${"".padStart(6)}  ${n(pct(run.all, 50))}  ${n(pct(run.all, 95))}  ${n(Math.max(...run.all))}${was("all")}`);
}

/** EXPLAIN (ANALYZE, BUFFERS) of the two statements listFiles runs for a query: the count and the page of ids. */
async function explainQuery(companyId: number, readable: number[], r: QueryResult): Promise<void> {
  const q = ZFileListQuery.parse(queryToObject(new URLSearchParams(r.q.qs)));
  const where = fileListWhere(companyId, readable, q);
  const desc = q.ordering.startsWith("-");
  const field = desc ? q.ordering.slice(1) : q.ordering;
  const column = { created_at: "f.created_at", filename: "lower(f.filename)", title: "lower(f.title)", total_pages: "f.total_pages", size: "f.size" }[
    field
  ];
  const dir = desc ? "DESC" : "ASC";
  const skip = (q.page - 1) * q.page_size;
  const statements = {
    count: Prisma.sql`SELECT count(*)::int AS count FROM files f WHERE ${where}`,
    page: Prisma.sql`SELECT f.id FROM files f WHERE ${where} ${Prisma.raw(`ORDER BY ${column} ${dir}, f.id ${dir}`)} LIMIT ${q.page_size} OFFSET ${skip}`,
  };
  console.log(`\n-- EXPLAIN ANALYZE: ${r.q.name} (p95 ${r.p95.toFixed(1)} ms)`);
  for (const [label, sql] of Object.entries(statements)) {
    const plan = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, ...sql.values);
    console.log(`   [${label}]`);
    for (const row of plan) console.log(`     ${row["QUERY PLAN"]}`);
  }
}

async function benchList(): Promise<void> {
  console.log(`\n== (b) GET /api/v3/files at ${FILES} files (+${OTHER_FILES} of another company), ${RUNS} runs after ${WARMUP} warm-ups ==`);
  phaseStart();
  const database = await freshDatabase();
  const a = await seedAdmin("Bench List A");
  const b = await seedAdmin("Bench List B");
  const workspaces = [a.defaultWorkspaceId];
  for (const name of ["Finance", "Legal", "Engineering", "Sales"]) {
    workspaces.push((await db().workspace.create({ data: { companyId: a.companyId, name } })).id);
  }
  const tagIds: number[] = [];
  for (let i = 1; i <= 20; i++) {
    const name = `Tag ${String(i).padStart(2, "0")}`;
    tagIds.push((await db().tag.create({ data: { companyId: a.companyId, name, nameKey: name.toLowerCase() } })).id);
  }

  const t0 = performance.now();
  await db().$executeRawUnsafe(`SELECT setseed(0.42)`);
  await insertFiles(a.companyId, workspaces, a.userId, FILES, 0);
  if (OTHER_FILES > 0) await insertFiles(b.companyId, [b.defaultWorkspaceId], b.userId, OTHER_FILES, FILES);
  const insertS = (performance.now() - t0) / 1000;
  // ~30% of the company's files get a tag (popular tags first), ~10% a second one.
  const t1 = performance.now();
  for (const share of [0.3, 0.1]) {
    await db().$executeRawUnsafe(`
      INSERT INTO file_tags (file_id, tag_id, auto_assigned, created_at)
      SELECT f.id, (ARRAY[${tagIds.join(",")}]::int[])[1 + floor(power(random(), 2) * ${tagIds.length})::int], random() < 0.2, f.created_at
      FROM files f WHERE f.company_id = ${a.companyId} AND random() < ${share}
      ON CONFLICT DO NOTHING`);
  }
  const tagS = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  await db().$executeRawUnsafe(`ANALYZE`);
  const analyzeS = (performance.now() - t2) / 1000;
  const [counts] = await db().$queryRawUnsafe<{ files: number; tagged: number; file_tags: number; pages: number; visible: number }[]>(
    `SELECT (SELECT count(*)::int FROM files) AS files,
            (SELECT count(DISTINCT file_id)::int FROM file_tags) AS tagged,
            (SELECT count(*)::int FROM file_tags) AS file_tags,
            relpages::int AS pages, relallvisible::int AS visible
     FROM pg_class WHERE relname = 'files'`,
  );
  console.log(
    `setup: ${counts.files} files inserted in ${insertS.toFixed(1)} s, ${counts.file_tags} tag links on ${counts.tagged} files in ` +
      `${tagS.toFixed(1)} s, ANALYZE ${analyzeS.toFixed(1)} s; files heap ${counts.pages} pages, ${counts.visible} all-visible ` +
      `(no VACUUM, as in the embedded engine, which runs no autovacuum)`,
  );

  const since = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
  const queries: ListQuery[] = [
    { name: "default (-created_at)", qs: "" },
    { name: "ordering=-size", qs: "ordering=-size" },
    { name: "ordering=title", qs: "ordering=title" },
    { name: "extension=pdf,docx", qs: "extension=pdf,docx" },
    { name: "status=embedded&total_pages_min=5", qs: "status=embedded&total_pages_min=5" },
    { name: `tag_id=<Tag 05>`, qs: `tag_id=${tagIds[4]}` },
    { name: `created_at_after=${since}`, qs: `created_at_after=${since}` },
    { name: `workspace_id=<Legal>`, qs: `workspace_id=${workspaces[2]}` },
    { name: "title=budget", qs: "title=budget" },
    { name: "page=50", qs: "page=50" },
  ];

  const baseline = await timeQueries(queries, a.key);
  printResults(baseline);
  const slow = baseline.results.filter((r) => r.p95 > THRESHOLD_MS);
  console.log(`queries with p95 > ${THRESHOLD_MS} ms: ${slow.map((r) => r.q.name).join("; ") || "none"}`);
  console.log(`peak RSS (b): ${mb(phasePeak())} sampled; load average ${loadavg()}`);

  const readable = (await db().workspace.findMany({ where: { companyId: a.companyId }, select: { id: true } })).map((x) => x.id);
  const toExplain = EXPLAIN === "all" ? baseline.results : EXPLAIN === "slow" ? slow : [];
  for (const r of toExplain) await explainQuery(a.companyId, readable, r);

  if (TRY_INDEXES) {
    // Diagnostic only, in this throwaway database: the indexes the EXPLAIN findings point to (not a migration).
    console.log(`\n-- candidate indexes (then VACUUM ANALYZE: index-only scans need the visibility map, and PGlite has no autovacuum)`);
    for (const sql of CANDIDATE_INDEXES) {
      const t = performance.now();
      await db().$executeRawUnsafe(sql);
      console.log(`   ${sql} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    }
    await db().$executeRawUnsafe(`VACUUM ANALYZE files`);
    await db().$executeRawUnsafe(`VACUUM ANALYZE file_tags`);
    const after = await timeQueries(queries, a.key);
    printResults(after, baseline);
    const stillSlow = after.results.filter((r) => r.p95 > THRESHOLD_MS);
    console.log(`queries with p95 > ${THRESHOLD_MS} ms with the candidate indexes: ${stillSlow.map((r) => r.q.name).join("; ") || "none"}`);
    for (const r of EXPLAIN === "all" ? after.results : EXPLAIN === "slow" ? stillSlow : []) await explainQuery(a.companyId, readable, r);

    // PGlite has one session, so the setting applies to every later statement of the route.
    console.log(`\n-- candidate indexes + SET random_page_cost = 1.1`);
    await db().$executeRawUnsafe(`SET random_page_cost = 1.1`);
    const tuned = await timeQueries(queries, a.key);
    printResults(tuned, baseline);
    const slowTuned = tuned.results.filter((r) => r.p95 > THRESHOLD_MS);
    console.log(`queries with p95 > ${THRESHOLD_MS} ms: ${slowTuned.map((r) => r.q.name).join("; ") || "none"}`);
    for (const r of EXPLAIN === "all" ? tuned.results : EXPLAIN === "slow" ? slowTuned : []) await explainQuery(a.companyId, readable, r);
    await db().$executeRawUnsafe(`RESET random_page_cost`);
  }

  setDatabase(undefined);
  await database.close();
}

// ── main ────────────────────────────────────────────────────────────────────────────────────────────

const args = process.argv.slice(2).join(" ");
const command =
  process.env.npm_lifecycle_event === "bench:ingest"
    ? `npm run bench:ingest${args ? ` -- ${args}` : ""}`
    : `npx tsx --conditions=react-server scripts/bench-ingest.ts${args ? ` ${args}` : ""}`;
console.log(`command: ${command}`);
console.log(
  `bench-ingest: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${mb(os.totalmem())} RAM, Node ${process.version}, ` +
    `PGlite ${DATABASE === "embedded" ? "embedded (own thread, on disk) for (a), in memory for (b)" : "in memory"}, load average ${loadavg()}, DATA_DIR ${DATA_DIR}`,
);

try {
  if (!flag("skip-ingest")) await benchIngestion();
  if (!flag("skip-list")) await benchList();
} finally {
  clearInterval(sampler);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
}
console.log(`\npeak RSS (whole run): ${mb(rss.overall)} sampled every 100 ms; kernel high-water mark ${mb(process.resourceUsage().maxRSS * 1024)}`);
process.exit(0);
