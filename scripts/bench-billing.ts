// Benchmark of billing reads on the hot path (issue 8): the spending-limit check every metered call pays,
// recordUsage with its inline budget-alert check, the usage histogram and the current-period spend, with
// many usage events, on an in-memory embedded database (PGlite).
//
//   npx tsx --conditions=react-server scripts/bench-billing.ts [--events 200000] [--days 90] [--runs 30] [--warmup 3]
//
// Data: one free-tier company with limit enforcement, an enabled budget and two alerts (far above the
// spend, so they stay open and every recordUsage evaluates them); `events` usage events spread over the
// last `days` days across five features and three API keys; a second company with the same volume, so the
// company scope is part of every query.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, percentile } from "./bench/common";

const EVENTS = Number(arg("events", "200000"));
const DAYS = Number(arg("days", "90"));
const RUNS = Number(arg("runs", "30"));
const WARMUP = Number(arg("warmup", "3"));

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-bench-billing-"));
process.env.DATABASE_URL = "memory://";
process.env.LOG_LEVEL = "silent";
process.env.JOBS_WORKER_ENABLED = "false";
// Credits high enough that the check runs to the end instead of refusing.
process.env.FREE_TIER_CREDITS_EUR = "100000000";

const { createDatabase, db, setDatabase } = await import("@/lib/db/client");
const { migrate } = await import("@/lib/db/migrate");
const { createCompany, createUser } = await import("@/lib/companies/provision");
const { issueApiKey } = await import("@/lib/api-keys/manage-api-keys");
const { resolvePrincipal } = await import("@/lib/auth/resolve-principal");
const { enforceSpendingLimits } = await import("@/lib/billing/enforce");
const { getUsageHistogram } = await import("@/lib/billing/get-usage-histogram");
const { getCurrentPeriod } = await import("@/lib/billing/get-current-period");
const { recordUsage, usageFrom } = await import("@/lib/billing/record-usage");

const database = createDatabase("memory://");
await migrate(database);
setDatabase(database);

async function seed(name: string) {
  const { company } = await createCompany({ name, tier: "free" });
  const user = await createUser({
    email: `bench-${company.id}@example.test`,
    emailVerified: true,
    companyId: company.id,
    companyRole: "company_admin",
  });
  const keys = [];
  for (let i = 0; i < 3; i++) keys.push(await issueApiKey({ companyId: company.id, userId: user.id, name: `k${i}` }));
  await db().$executeRawUnsafe(`
    INSERT INTO usage_events (company_id, user_id, api_key_id, feature, quantity, metadata, occurred_at)
    SELECT ${company.id}, ${user.id},
           (ARRAY['${keys[0].row.id}', '${keys[1].row.id}', '${keys[2].row.id}'])[1 + i % 3],
           (ARRAY['parsing', 'ingestion', 'extraction', 'search', 'rag'])[1 + i % 5],
           1 + i % 7, '{}', now() - (random() * ${DAYS}) * interval '1 day'
    FROM generate_series(1, ${EVENTS}) AS i`);
  // The rollup recordUsage maintains, built the way the migration backfills it.
  await db().$executeRawUnsafe(`
    INSERT INTO usage_daily (company_id, day, user_id, api_key_id, feature, quantity)
    SELECT company_id, (occurred_at AT TIME ZONE 'UTC')::date, COALESCE(user_id, 0), COALESCE(api_key_id, ''), feature, SUM(quantity)
    FROM usage_events WHERE company_id = ${company.id} GROUP BY 1, 2, 3, 4, 5`);
  const budget = await db().budget.create({ data: { companyId: company.id, amountEur: "999999999", isEnabled: true } });
  for (const v of ["80", "95"])
    await db().budgetAlert.create({ data: { budgetId: budget.id, companyId: company.id, thresholdType: "percentage", thresholdValue: v } });
  const principal = await resolvePrincipal(new Request("http://localhost/api/v3/usage", { headers: { authorization: `Bearer ${keys[0].key}` } }));
  if (!principal) throw new Error("no principal");
  return principal;
}

const t0 = performance.now();
const principal = await seed("Bench A");
await seed("Bench B");
await db().$executeRawUnsafe("ANALYZE usage_events, usage_daily");
console.log(`seeded ${2 * EVENTS} usage events over ${DAYS} days in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

async function measure(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await fn();
    ms.push(performance.now() - s);
  }
  console.log(`${label.padEnd(52)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(ms, 95).toFixed(1).padStart(7)} ms`);
}

await measure("enforceSpendingLimits (budget + free-tier credits)", () => enforceSpendingLimits(principal, "parsing"));
await measure("recordUsage (insert + inline budget-alert check)", () => recordUsage({ feature: "search", quantity: 1, ...usageFrom(principal) }));
await measure("GET /api/v3/usage (30-day histogram, all keys)", () => getUsageHistogram(principal));
await measure("GET /api/v3/usage?api_key_id= (one key)", () => getUsageHistogram(principal, principal.apiKey!.id));
await measure("GET /api/v3/usage/current-period", () => getCurrentPeriod(principal));
console.log(
  `command: npx tsx --conditions=react-server scripts/bench-billing.ts --events ${EVENTS} --days ${DAYS} --runs ${RUNS} --warmup ${WARMUP}`,
);
