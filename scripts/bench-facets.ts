// Benchmark of the facet filters (issue 7): p50/p95 latency of listFiles (GET /api/v3/files) with
// `attribute` and `content_type` filters at 100k files, on an in-memory embedded database (PGlite).
//
//   npx tsx --conditions=react-server scripts/bench-facets.ts [--files 100000] [--other-files 10000] [--runs 20] [--warmup 2]
//                                   [--seed 7] [--explain slow|all|none] [--threshold 150]
//
// Data: the company adopts the `finance` and `legal` starter templates; ~75% of its files are classified
// in finance (invoices and their three subtypes, receipts, bank statements, tax documents), ~35% in legal
// (some in both trees), and every attribute a file's node carries gets a value with probability 0.9,
// drawn by type (numbers 0–10 000, dates 2019–2025, selects uniform over the choices, one or two
// multi-select choices, counterparties from 500 names). A second company holds `other-files` files with
// the same schema, so the company scope is part of every query. Each query runs `warmup` times untimed
// and `runs` times timed (the count, the page of 50 ids, the page's rows and their serialization).
// Queries whose p95 exceeds `threshold` ms get EXPLAIN ANALYZE of their count statement. PGlite runs
// in this process, so the process CPU time per query (user + system) is printed too: on a shared,
// loaded machine it stays close to what the query costs while wall time swings with the load.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, percentile } from "./bench/common";

const FILES = Number(arg("files", "100000"));
const OTHER_FILES = Number(arg("other-files", "10000"));
const RUNS = Number(arg("runs", "20"));
const WARMUP = Number(arg("warmup", "2"));
const SEED = Number(arg("seed", "7"));
const EXPLAIN = arg("explain", "slow") as "slow" | "all" | "none";
const THRESHOLD = Number(arg("threshold", "150"));

// Configuration before any app module is loaded (env() parses process.env once).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-bench-facets-"));
process.env.DATABASE_URL = "memory://";
process.env.LOG_LEVEL = "silent";
process.env.JOBS_WORKER_ENABLED = "false";

const { createDatabase, db, setDatabase } = await import("@/lib/db/client");
const { migrate } = await import("@/lib/db/migrate");
const { createCompany, createUser } = await import("@/lib/companies/provision");
const { issueApiKey } = await import("@/lib/api-keys/manage-api-keys");
const { resolvePrincipal } = await import("@/lib/auth/resolve-principal");
const { ZFileListQuery } = await import("@/lib/contracts/files-list");
const { listFiles } = await import("@/lib/files/list-files");
const { fileListWhere } = await import("@/lib/facets/file-filter-sql");
const { runContentTypeAction } = await import("@/lib/facets/manage-content-types");
const { queryToObject } = await import("@/lib/http/body");
const { Prisma } = await import("@/lib/db/generated/client");

type Principal = NonNullable<Awaited<ReturnType<typeof resolvePrincipal>>>;

async function seedCompany(name: string): Promise<{ principal: Principal; companyId: number; workspaceId: number }> {
  const { company, defaultWorkspace } = await createCompany({ name, tier: "business" });
  const user = await createUser({
    email: `bench-${company.id}@example.test`,
    emailVerified: true,
    companyId: company.id,
    companyRole: "company_admin",
  });
  const { key } = await issueApiKey({ companyId: company.id, userId: user.id, name: "bench" });
  const principal = await resolvePrincipal(new Request("http://localhost/api/v3/files", { headers: { authorization: `Bearer ${key}` } }));
  if (!principal) throw new Error("no principal");
  await runContentTypeAction(principal, { action: "adopt", paths: ["finance", "legal"] });
  return { principal, companyId: company.id, workspaceId: defaultWorkspace.id };
}

/** `count` files, then their classifications and typed values, all with INSERT … SELECT. */
async function seedFiles(companyId: number, workspaceId: number, count: number, offset: number): Promise<void> {
  await db().$executeRawUnsafe(`
    INSERT INTO files (company_id, workspace_id, filename, title, extension, size, sha256, storage_key, status, created_at, updated_at)
    SELECT ${companyId}, ${workspaceId}, 'doc-' || (${offset} + n) || '.pdf', 'Document ' || (${offset} + n), 'pdf', 1000 + n, md5(n::text),
           'bench/' || (${offset} + n), 'embedded', now() - (${count} - n) * interval '10 minutes', now()
    FROM generate_series(1, ${count}) AS n`);
  const nodes = async (paths: string[]) =>
    (await db().contentType.findMany({ where: { companyId, path: { in: paths } }, orderBy: { path: "asc" } })).map((n) => n.id);
  const finance = await nodes([
    "finance:invoice",
    "finance:invoice:purchase_invoice",
    "finance:invoice:sales_invoice",
    "finance:invoice:credit_note",
    "finance:receipt",
    "finance:bank_statement",
    "finance:tax_document",
  ]);
  const legal = await nodes([
    "legal:contract",
    "legal:contract:nda",
    "legal:contract:employment_agreement",
    "legal:litigation",
    "legal:corporate",
    "legal:compliance",
  ]);
  for (const [ids, share] of [
    [finance, 0.75],
    [legal, 0.35],
  ] as const) {
    await db().$executeRawUnsafe(`
      INSERT INTO file_content_types (file_id, content_type_id, root_id)
      SELECT f.id, t.id, t.root_id FROM (
        SELECT id, (ARRAY[${ids.join(",")}]::int[])[1 + floor(random() * ${ids.length})::int] AS node
        FROM files WHERE company_id = ${companyId} AND random() < ${share}
      ) f JOIN content_types t ON t.id = f.node`);
  }
  await db().$executeRawUnsafe(`
    INSERT INTO file_attribute_values (file_id, attribute_id, value_text, value_key, value_number, value_date, value_bool, value_array, linked, updated_at)
    SELECT file_id, attribute_id, txt, lower(left(txt, 200)), num, dt, bool, arr, true, now() FROM (
      SELECT c.file_id, a.id AS attribute_id,
        CASE WHEN a.attribute_type = 'select' THEN a.choices[1 + floor(r.r1 * cardinality(a.choices))::int]
             WHEN a.attribute_type IN ('text', 'rich-text') AND a.name IN ('counterparty', 'parties') THEN
               (ARRAY['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Tyrell', 'Cyberdyne'])[1 + floor(r.r2 * 10)::int]
               || ' ' || (ARRAY['Corp', 'GmbH', 'Ltd', 'SA', 'Inc'])[1 + floor(r.r1 * 5)::int] || ' ' || floor(r.r3 * 10)::int
             WHEN a.attribute_type IN ('text', 'rich-text') THEN upper(left(a.name, 3)) || '-' || lpad(floor(r.r1 * 1000000)::text, 6, '0')
        END AS txt,
        CASE WHEN a.attribute_type = 'number' THEN round((r.r1 * 10000)::numeric, 2)::float8 END AS num,
        CASE WHEN a.attribute_type = 'date' THEN date '2019-01-01' + floor(r.r1 * 2550)::int END AS dt,
        CASE WHEN a.attribute_type = 'boolean' THEN r.r1 < 0.5 END AS bool,
        CASE WHEN a.attribute_type = 'multi-select' THEN ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[
               a.choices[1 + floor(r.r1 * cardinality(a.choices))::int], a.choices[1 + floor(r.r2 * cardinality(a.choices))::int]]) x) END AS arr
      FROM file_content_types c
      JOIN files f ON f.id = c.file_id AND f.company_id = ${companyId}
      JOIN content_type_attribute_links l ON l.content_type_id = c.content_type_id
      JOIN content_type_attributes a ON a.id = l.attribute_id
      CROSS JOIN LATERAL (SELECT random() AS r1, random() AS r2, random() AS r3, random() AS keep, c.file_id AS dep) r
      WHERE r.keep < 0.9
    ) v`);
}

const QUERIES: [string, string][] = [
  ["no facet filter", ""],
  ["content_type=finance:invoice", "content_type=finance:invoice"],
  ["content_type=*invoice*", "content_type=*invoice*"],
  ["content_type=legal:compliance,finance:receipt", "content_type=legal:compliance,finance:receipt"],
  ["amount:>9000", "attribute=amount:>9000"],
  ["amount:1234.5|42 (rare)", "attribute=amount:1234.5|42"],
  ["currency:EUR", "attribute=currency:EUR"],
  ["due_date:2023-06", "attribute=due_date:2023-06"],
  ["due_date:>=2025", "attribute=due_date:>=2025"],
  ["invoice_number:inv-01* (prefix)", "attribute=invoice_number:inv-01*"],
  ["counterparty:*wonka* (contains)", "attribute=counterparty:*wonka*"],
  ["paid:true & currency:USD & amount:>=9000", "attribute=paid:true&attribute=currency:USD&attribute=amount:>=9000"],
  ["regulation:gdpr (multi-select)", "attribute=regulation:gdpr"],
  ["scoped sales_invoice.amount:<100", "attribute=content_type(finance:invoice:sales_invoice).amount:<100"],
  ["content_type=legal & confidential:true", "content_type=legal&attribute=confidential:true"],
  ["fiscal_year (exists)", "attribute=fiscal_year"],
];

const database = createDatabase("memory://");
await migrate(database);
setDatabase(database);
const t0 = performance.now();
const a = await seedCompany("Bench Facets A");
const b = await seedCompany("Bench Facets B");
await db().$executeRawUnsafe(`SELECT setseed(${(SEED % 1000) / 1000})`);
await seedFiles(a.companyId, a.workspaceId, FILES, 0);
if (OTHER_FILES) await seedFiles(b.companyId, b.workspaceId, OTHER_FILES, FILES);
await db().$executeRawUnsafe("ANALYZE");
const [sizes] = await db().$queryRawUnsafe<{ files: number; classifications: number; values: number }[]>(
  `SELECT (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM file_content_types) AS classifications,
          (SELECT count(*)::int FROM file_attribute_values) AS values`,
);
console.log(
  `seeded ${sizes.files} files, ${sizes.classifications} classifications, ${sizes.values} attribute values in ${((performance.now() - t0) / 1000).toFixed(1)} s (load ${os.loadavg()[0].toFixed(1)})`,
);

const readable = [a.workspaceId];
const width = Math.max(...QUERIES.map(([n]) => n.length));
console.log(
  `\n${"query".padEnd(width)}  ${"count".padStart(6)}  ${"p50 ms".padStart(7)}  ${"p95 ms".padStart(7)}  ${"cpu p50".padStart(7)}  ${"cpu p95".padStart(7)}`,
);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const allCpu: number[] = [];
const all: number[] = [];
for (const [name, qs] of QUERIES) {
  const q = ZFileListQuery.parse(queryToObject(new URLSearchParams(qs)));
  let count = 0;
  for (let i = 0; i < WARMUP; i++) count = (await listFiles(a.principal, q)).count;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const c = cpuMs();
    await listFiles(a.principal, q);
    cpu.push(cpuMs() - c);
    times.push(performance.now() - t);
  }
  all.push(...times);
  allCpu.push(...cpu);
  const p95 = percentile(times, 95);
  const f = (x: number) => x.toFixed(1).padStart(7);
  console.log(
    `${name.padEnd(width)}  ${String(count).padStart(6)}  ${f(percentile(times, 50))}  ${f(p95)}  ${f(percentile(cpu, 50))}  ${f(percentile(cpu, 95))}`,
  );
  if (EXPLAIN === "all" || (EXPLAIN === "slow" && p95 > THRESHOLD)) {
    const where = fileListWhere(a.companyId, readable, q);
    const sql = Prisma.sql`EXPLAIN ANALYZE SELECT count(*) FROM files f WHERE ${where}`;
    const plan = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(sql.text, ...sql.values);
    for (const row of plan) console.log(`    ${row["QUERY PLAN"]}`);
  }
}
console.log(
  `${"overall".padEnd(width)}  ${"".padStart(6)}  ${[percentile(all, 50), percentile(all, 95), percentile(allCpu, 50), percentile(allCpu, 95)].map((x) => x.toFixed(1).padStart(7)).join("  ")}`,
);
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")} (${os.cpus().length} CPUs)`,
);
await database.close();
