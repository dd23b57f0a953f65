// Spending limits on metered endpoints: an exhausted enabled budget or used-up free-tier credits refuse
// parse and uploads with 403 budget_exhausted / credits_exhausted, while reads keep working.
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { recordUsage } from "@/lib/billing/record-usage";
import { setClockForTests } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import type { UsageFeature } from "@/lib/usage/features";
import { type SeededCompany, seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-billing-enforce-test-");
  setEnvForTests({});
});
afterEach(() => setClockForTests(null));
afterAll(() => setEnvForTests({}));

const use = (c: SeededCompany, feature: UsageFeature, quantity: number) =>
  recordUsage({ feature, quantity, companyId: c.companyId, userId: c.admin.userId, apiKeyId: c.admin.keyId });

function textFile(): FormData {
  const f = new FormData();
  f.append("file", new Blob(["Quarterly notes\n\nRevenue grew in the north.\n"], { type: "text/plain" }), "notes.txt");
  return f;
}
const parse = (key: string) => api.post("/api/v3/parse", { key, raw: textFile() });
const uploadFile = (key: string) => api.post("/api/v3/files", { key, raw: textFile() });

describe("budget enforcement", () => {
  it("refuses metered calls once the enabled budget is spent, keeps reads, and lifts with the next cycle or when disabled", async () => {
    setClockForTests(new Date("2027-03-30T10:00:00Z"));
    const acme = await seedCompany({ tier: "payg" });
    const key = acme.admin.key;
    await api.put("/api/v3/billing/budget", { key, body: { amount_eur: "0.50", is_enabled: true } });

    const ok = await parse(key);
    expect(ok.status, ok.text).toBe(200);
    expect(await db().usageEvent.count({ where: { companyId: acme.companyId, feature: "parsing" } })).toBe(1);
    await use(acme, "parsing", 48); // 0.01 + 0.48 = 0.49: still below
    expect((await parse(key)).status).toBe(200); // 0.50 now
    const refused = expectError(await parse(key), 403, "budget_exhausted");
    expect(refused.detail).toContain("0.50");
    expectError(await uploadFile(key), 403, "budget_exhausted");
    expect(await db().file.count({ where: { companyId: acme.companyId } })).toBe(0);

    // Reads keep working.
    expect((await api.get("/api/v3/files", { key })).status).toBe(200);
    expect((await api.get("/api/v3/billing/budget", { key })).body).toMatchObject({ monthly_spend_eur: "0.50", available_eur: "0.00" });
    expect((await api.get(`/api/v3/parse/${ok.body.id}`, { key })).status).toBe(200);

    // A new cycle starts from zero.
    setClockForTests(new Date("2027-04-01T00:00:00Z"));
    expect((await parse(key)).status).toBe(200);
    setClockForTests(new Date("2027-03-31T23:59:59Z"));
    expectError(await parse(key), 403, "budget_exhausted");
    // Disabling (or raising) the budget lifts the limit.
    await api.put("/api/v3/billing/budget", { key, raw: new URLSearchParams({ amount_eur: "0.50", is_enabled: "false" }) });
    expect((await parse(key)).status).toBe(200);
    await api.put("/api/v3/billing/budget", { key, body: { amount_eur: "5", is_enabled: true } });
    expect((await uploadFile(key)).status).toBe(201);
  });

  it("counts the storage line towards the budget", async () => {
    const acme = await seedCompany({ tier: "payg" });
    const key = acme.admin.key;
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    // 6 GiB peak this month on a 5 GiB allowance: 1 billable GiB at 0.10.
    await db().storageMonth.create({ data: { companyId: acme.companyId, month, peakBytes: 6n * 1024n ** 3n, currentBytes: 0n } });
    await api.put("/api/v3/billing/budget", { key, body: { amount_eur: "0.10", is_enabled: true } });
    expectError(await parse(key), 403, "budget_exhausted");
    await api.put("/api/v3/billing/budget", { key, body: { amount_eur: "0.11", is_enabled: true } });
    expect((await parse(key)).status).toBe(200);
  });
});

describe("free-tier credits", () => {
  it("refuse metered calls once used up (enforcement on), not for paid tiers or with enforcement off", async () => {
    const free = await seedCompany({ tier: "free" });
    await use(free, "parsing", 300); // 3.00 of 5.00
    expect((await parse(free.admin.key)).status).toBe(200);
    await use(free, "rag", 100); // +2.00 → 5.01
    expectError(await parse(free.admin.key), 403, "credits_exhausted");
    expectError(await uploadFile(free.admin.key), 403, "credits_exhausted");
    expect((await api.get("/api/v3/credits", { key: free.admin.key })).body).toMatchObject({ remaining_eur: "0.00", spent_eur: "5.01" });
    expect((await api.get("/api/v3/usage/current-period", { key: free.admin.key })).status).toBe(200);

    await db().company.update({ where: { id: free.companyId }, data: { limitEnforcement: false } });
    expect((await parse(free.admin.key)).status).toBe(200);

    const payg = await seedCompany({ tier: "payg" });
    await use(payg, "extraction", 1000); // 20.00, no budget: pay as you go
    expect((await parse(payg.admin.key)).status).toBe(200);
  });

  it("use the configured credit amount", async () => {
    setEnvForTests({ FREE_TIER_CREDITS_EUR: "0.02" });
    try {
      const free = await seedCompany({ tier: "free" });
      expect((await parse(free.admin.key)).status).toBe(200);
      expect((await parse(free.admin.key)).status).toBe(200);
      expectError(await parse(free.admin.key), 403, "credits_exhausted");
    } finally {
      setEnvForTests({});
    }
  });
});
