// Benchmark of the sync engine (issue 17): documents/min of a first import and of an unchanged re-run, from an
// in-process fake connector (tests/sync/fake-connector.ts: small text documents, listed 100 per page) through
// the real job (sync-datasource on the local runner), files, storage and an in-memory PGlite. Ingestion of the
// imported files is only enqueued (bench:ingest measures it). Checks the exact counts: every document imported
// once, nothing fetched again on the re-run.
//
//   npm run bench:sync -- [--docs 2000] [--page-size 100] [--tier business]      (--docs 10000: the size)
import { arg, benchAppEnvironment, peakRssMiB } from "./bench/common";

const DOCS = Number(arg("docs", "2000"));
const PAGE_SIZE = Number(arg("page-size", "100"));
const TIER = arg("tier", "business");

benchAppEnvironment("docintel-bench-sync-", 2);

const { migrate } = await import("@/lib/db/migrate");
const { database, db } = await import("@/lib/db/client");
const { createCompany } = await import("@/lib/companies/provision");
const { registerConnectorForTests } = await import("@/lib/sync/registry");
const { createDatasourceRow, prepareDatasource } = await import("@/lib/sync/manage-datasource");
const { startRun } = await import("@/lib/sync/start-run");
const { LocalRunner } = await import("@/inngest/local-runner");
const { syncDatasourceJob } = await import("@/inngest/functions/sync-datasource");
const { fakeConnector, fakeSource } = await import("../tests/sync/fake-connector");

await migrate(database());
const { company } = await createCompany({ name: "Bench sync", tier: TIER as never });
const source = fakeSource(DOCS, PAGE_SIZE);
registerConnectorForTests(fakeConnector("test-bench", source));
const workspace = await db().workspace.create({ data: { companyId: company.id, name: "Synced" } });
const prepared = await prepareDatasource({ datasource_type: "test-bench", settings: { name: "bench" }, start_sync: false });
const ds = await db().$transaction((tx) => createDatasourceRow(tx, workspace, prepared));

async function timedRun(label: string) {
  const run = await startRun(ds, "manual");
  if (!run) throw new Error("a run is already active");
  const fetchesBefore = source.fetches;
  const t0 = performance.now();
  await new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 3_600_000 });
  const seconds = (performance.now() - t0) / 1000;
  const row = await db().datasourceRun.findUniqueOrThrow({ where: { id: run.id } });
  const perMin = Math.round((DOCS / seconds) * 60);
  console.log(
    `${label.padEnd(16)} ${DOCS} documents in ${seconds.toFixed(1)} s = ${perMin} documents/min` +
      ` (status ${row.status}: created ${row.createdCount}, updated ${row.updatedCount}, unchanged ${row.unchangedCount},` +
      ` deleted ${row.deletedCount}, failed ${row.failedCount}; fetched ${source.fetches - fetchesBefore})`,
  );
  return { row, fetched: source.fetches - fetchesBefore };
}

console.log(`bench:sync — ${DOCS} documents, ${PAGE_SIZE} per listed page, company tier ${TIER}`);
const first = await timedRun("first import");
const files = await db().file.count({ where: { workspaceId: workspace.id } });
const distinct = (await db().file.groupBy({ by: ["externalId"], where: { workspaceId: workspace.id } })).length;
const second = await timedRun("unchanged re-run");
const problems = [
  first.row.createdCount !== DOCS && `first run created ${first.row.createdCount}`,
  files !== DOCS && `${files} files`,
  distinct !== DOCS && `${distinct} distinct external ids`,
  second.fetched !== 0 && `re-run fetched ${second.fetched}`,
  second.row.unchangedCount !== DOCS && `re-run unchanged ${second.row.unchangedCount}`,
].filter(Boolean);
console.log(`files ${files}, distinct external ids ${distinct}; peak RSS ${Math.round(peakRssMiB())} MiB`);
if (problems.length) {
  console.error(`COUNT MISMATCH: ${problems.join("; ")}`);
  process.exit(1);
}
console.log("exact: every document imported once, nothing fetched on the re-run");
process.exit(0);
