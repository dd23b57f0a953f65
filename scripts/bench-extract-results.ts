// Benchmark of extract result storage on the embedded database: storing a job's rows (coerce + insert +
// usage event in one transaction) and reading one page of 15 (GET /extract/{id}?page=N's query) at the
// first, middle and last page, for results the size a 1000-page document at `record` granularity makes.
//
//   npx tsx --conditions=react-server scripts/bench-extract-results.ts [--sizes 1000,20000] [--reads 200]
//
// Rows are keyed by (job_id, position) in extract_results, so a page is a primary-key range read whose cost
// should not grow with the result; the figures show whether it does. Wall time on a shared machine swings with
// its load, so the load average is printed.
import os from "node:os";
import { createCompany } from "@/lib/companies/provision";
import { EXTRACT_PAGE_SIZE } from "@/lib/contracts/extract";
import { createDatabase, db, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { readExtractJob } from "@/lib/extract/get-extract-job";
import { storeResult } from "@/lib/extract/run-extract";
import { arg, percentile, rng } from "./bench/common";

const SCHEMA = {
  type: "object",
  properties: {
    description: { type: "string" },
    quantity: { type: "integer" },
    unit_price: { type: "number" },
    delivery_date: { type: "string", format: "date" },
    paid: { type: "boolean" },
  },
};

function rawRows(n: number, seed: number): Record<string, unknown>[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => ({
    description: `Item ${i + 1} ${"abcdefghij".slice(0, 1 + Math.floor(r() * 10))}`,
    quantity: String(1 + Math.floor(r() * 100)),
    unit_price: `${Math.floor(r() * 5000)},${String(Math.floor(r() * 100)).padStart(2, "0")} €`,
    delivery_date: `${1 + Math.floor(r() * 28)}.0${1 + Math.floor(r() * 9)}.2024`,
    paid: r() < 0.5 ? "yes" : "no",
  }));
}

async function main() {
  const sizes = arg("sizes", "1000,20000").split(",").map(Number);
  const reads = Number(arg("reads", "200"));
  const database = createDatabase("memory://");
  await migrate(database);
  setDatabase(database);
  const { company } = await createCompany({ name: "Bench" });
  console.log(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}, ${os.cpus().length} CPUs`,
  );
  for (const n of sizes) {
    const id = `ext_bench${String(n).padStart(19, "0")}`;
    await db().extractJob.create({
      data: {
        id,
        companyId: company.id,
        filename: "bench.pdf",
        fileSizeBytes: 1,
        status: "processing",
        schema: SCHEMA,
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    const rows = rawRows(n, n);
    const t0 = performance.now();
    await storeResult(id, { rows, granularity: "record", pagesProcessed: 1000 });
    const storeMs = performance.now() - t0;
    const lastPage = Math.ceil(n / EXTRACT_PAGE_SIZE);
    const line = [`rows ${n}: store ${storeMs.toFixed(0)} ms (${((n / storeMs) * 1000).toFixed(0)} rows/s)`];
    for (const [label, page] of [
      ["first", 1],
      ["middle", Math.ceil(lastPage / 2)],
      ["last", lastPage],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < reads; i++) {
        const t = performance.now();
        const job = await readExtractJob(id, page);
        times.push(performance.now() - t);
        if (job.result.data.length === 0) throw new Error(`page ${page} is empty`);
      }
      line.push(`${label} page p50 ${percentile(times, 50).toFixed(2)} ms p95 ${percentile(times, 95).toFixed(2)} ms`);
    }
    console.log(line.join("; "));
  }
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
