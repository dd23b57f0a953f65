// Credits, storage and its cost, the 30-day usage histogram and the current period's spend.
import { afterEach, describe, expect, it } from "vitest";
import { issueApiKey } from "@/lib/api-keys/manage-api-keys";
import { recordUsage } from "@/lib/billing/record-usage";
import { setClockForTests } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { recordStorageFootprint } from "@/lib/files/storage-footprint";
import type { UsageFeature } from "@/lib/usage/features";
import { type SeededCompany, seedCompany, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();
afterEach(() => setClockForTests(null));

const GIB = 1024 ** 3;

async function addFile(c: SeededCompany, size: number) {
  return db().file.create({
    data: {
      companyId: c.companyId,
      workspaceId: c.defaultWorkspaceId,
      filename: "big.bin",
      title: "big",
      extension: "pdf",
      size,
      sha256: "x",
      storageKey: `k/${Math.random()}`,
    },
  });
}

describe("GET /api/v3/credits", () => {
  it("shows the free tier's limit, remaining credits, spend and what the rest buys", async () => {
    const free = await seedCompany({ tier: "free" });
    const fresh = await api.get("/api/v3/credits", { key: free.admin.key });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body).toMatchObject({ limit_eur: "5.00", remaining_eur: "5.00", spent_eur: "0.00", currency: "EUR" });
    expect(fresh.body.estimates).toEqual([
      { endpoint: "POST /api/v3/parse", operations: 500, unit: "page", unit_price_eur: "0.01" },
      { endpoint: "POST /api/v3/extract", operations: 250, unit: "page", unit_price_eur: "0.02" },
      { endpoint: "POST /api/v3/files", operations: 1000, unit: "page", unit_price_eur: "0.005" },
      { endpoint: "POST /api/v3/search", operations: 2500, unit: "query", unit_price_eur: "0.002" },
      { endpoint: "POST /api/v3/ask", operations: 250, unit: "answer", unit_price_eur: "0.02" },
    ]);
    await recordUsage({ feature: "parsing", quantity: 100, companyId: free.companyId });
    await recordUsage({ feature: "search", quantity: 3, companyId: free.companyId }); // 0.006 → 0.01
    const after = (await api.get("/api/v3/credits", { key: free.admin.key })).body;
    expect(after).toMatchObject({ remaining_eur: "3.99", spent_eur: "1.01" });
    expect(after.estimates[0].operations).toBe(399);
    const member = await seedUser(free.companyId);
    expect((await api.get("/api/v3/credits", { key: member.key })).status).toBe(200);
  });

  it("is 403 insufficient_permissions for paid and exempt tiers and when enforcement is off", async () => {
    for (const tier of ["payg", "business", "exempt"] as const) {
      const c = await seedCompany({ tier });
      expectError(await api.get("/api/v3/credits", { key: c.admin.key }), 403, "insufficient_permissions");
    }
    const free = await seedCompany({ tier: "free" });
    await db().company.update({ where: { id: free.companyId }, data: { limitEnforcement: false } });
    expectError(await api.get("/api/v3/credits", { key: free.admin.key }), 403, "insufficient_permissions");
    expectError(await api.get("/api/v3/credits"), 401, "unauthorized");
  });
});

describe("GET /api/v3/storage and /storage/cost", () => {
  it("reports the tier allowance (null without enforcement) and the footprint", async () => {
    const expected = { free: 5 * GIB, payg: 5 * GIB, business: 100 * GIB } as const;
    for (const tier of ["free", "payg", "business"] as const) {
      const c = await seedCompany({ tier });
      await addFile(c, 1234);
      await addFile(c, 766);
      expect((await api.get("/api/v3/storage", { key: c.admin.key })).body).toEqual({ limit_bytes: expected[tier], used_bytes: 2000 });
    }
    const off = await seedCompany({ tier: "free" });
    await db().company.update({ where: { id: off.companyId }, data: { limitEnforcement: false } });
    expect((await api.get("/api/v3/storage", { key: off.admin.key })).body).toEqual({ limit_bytes: null, used_bytes: 0 });
  });

  it("bills the month's peak rounded up to whole GiB above the allowance; deleting files does not lower it", async () => {
    const payg = await seedCompany({ tier: "payg" });
    const files = [await addFile(payg, 2_000_000_000), await addFile(payg, 2_000_000_000), await addFile(payg, 2_000_000_000)];
    await recordStorageFootprint(payg.companyId);
    const month = new Date().toISOString().slice(0, 7);
    const cost = (await api.get("/api/v3/storage/cost", { key: payg.admin.key })).body;
    expect(cost).toEqual({
      month,
      peak_bytes: 6_000_000_000,
      peak_gib: 6,
      free_gib: 5,
      billable_gib: 1,
      rate_eur_per_gib: "0.10",
      cost: "0.10",
      currency: "EUR",
    });
    await db().file.deleteMany({ where: { id: { in: [files[0].id, files[1].id] } } });
    await recordStorageFootprint(payg.companyId);
    expect((await api.get("/api/v3/storage/cost", { key: payg.admin.key })).body).toMatchObject({ peak_bytes: 6_000_000_000, cost: "0.10" });
    expect((await api.get("/api/v3/storage", { key: payg.admin.key })).body.used_bytes).toBe(2_000_000_000);

    const business = await seedCompany({ tier: "business" });
    await addFile(business, 2_000_000_000);
    expect((await api.get("/api/v3/storage/cost", { key: business.admin.key })).body).toMatchObject({
      peak_gib: 2,
      free_gib: 100,
      billable_gib: 0,
      cost: "0.00",
    });
    const exempt = await seedCompany({ tier: "exempt" });
    await addFile(exempt, 2_000_000_000);
    expect((await api.get("/api/v3/storage/cost", { key: exempt.admin.key })).body).toMatchObject({ peak_gib: 2, billable_gib: 0, cost: "0.00" });
  });

  it("counts the footprint a month started with, even when everything was deleted since", async () => {
    setClockForTests(new Date("2027-08-10T09:00:00Z"));
    const payg = await seedCompany({ tier: "payg" });
    await db().storageMonth.create({
      data: { companyId: payg.companyId, month: new Date("2027-07-01"), peakBytes: 9n * BigInt(GIB), currentBytes: 7n * BigInt(GIB) },
    });
    await db().storageMonth.create({ data: { companyId: payg.companyId, month: new Date("2027-08-01"), peakBytes: 0n, currentBytes: 0n } });
    expect((await api.get("/api/v3/storage/cost", { key: payg.admin.key })).body).toMatchObject({
      month: "2027-08",
      peak_bytes: 7 * GIB,
      peak_gib: 7,
      billable_gib: 2,
      cost: "0.20",
    });
  });
});

describe("GET /api/v3/usage", () => {
  it("gives 30 dense UTC days, oldest first, over the user's non-revoked keys; one key of theirs with api_key_id", async () => {
    setClockForTests(new Date("2027-05-10T15:00:00Z"));
    const acme = await seedCompany();
    const me = acme.admin;
    const second = (await issueApiKey({ companyId: acme.companyId, userId: me.userId, name: "second" })).row;
    const revoked = (await issueApiKey({ companyId: acme.companyId, userId: me.userId, name: "old" })).row;
    await db().apiKey.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    const colleague = await seedUser(acme.companyId);
    const at = (iso: string) => new Date(iso);
    const ev = (feature: UsageFeature, quantity: number, apiKeyId: string | null, occurredAt: Date, userId = me.userId) =>
      recordUsage({ feature, quantity, companyId: acme.companyId, userId, apiKeyId, occurredAt });
    await ev("parsing", 3, me.keyId, at("2027-05-10T01:00:00Z"));
    await ev("parsing", 2, me.keyId, at("2027-05-10T23:59:59Z"));
    await ev("search", 4, second.id, at("2027-05-08T12:00:00Z"));
    await ev("ingestion", 2, null, at("2027-04-11T00:00:00Z")); // first day of the window, no key (background ingestion)
    await ev("rag", 5, revoked.id, at("2027-05-09T12:00:00Z")); // revoked key: not in the aggregate
    await ev("rag", 7, colleague.keyId, at("2027-05-09T12:00:00Z"), colleague.userId);
    await ev("parsing", 9, me.keyId, at("2027-04-10T23:59:59Z")); // 31 days ago: outside

    const res = await api.get("/api/v3/usage", { key: me.key });
    expect(res.status, res.text).toBe(200);
    const days = res.body as { date: string; usage: Record<string, number>; cost: Record<string, string>; total_cost: string }[];
    expect(days).toHaveLength(30);
    expect(days[0].date).toBe("2027-04-11");
    expect(days[29].date).toBe("2027-05-10");
    for (let i = 1; i < 30; i++) expect(Date.parse(days[i].date) - Date.parse(days[i - 1].date)).toBe(86_400_000);
    expect(days[29]).toEqual({ date: "2027-05-10", usage: { parsing: 5 }, cost: { parsing: "0.05" }, total_cost: "0.05" });
    expect(days[27]).toEqual({ date: "2027-05-08", usage: { search: 4 }, cost: { search: "0.01" }, total_cost: "0.01" });
    expect(days[28]).toEqual({ date: "2027-05-09", usage: {}, cost: {}, total_cost: "0.00" });
    expect(days[0].usage).toEqual({ ingestion: 2 });

    const one = (await api.get(`/api/v3/usage?api_key_id=${second.id}`, { key: me.key })).body;
    expect(one.filter((d: { total_cost: string }) => d.total_cost !== "0.00").map((d: { date: string }) => d.date)).toEqual(["2027-05-08"]);
    const old = (await api.get(`/api/v3/usage?api_key_id=${revoked.id}`, { key: me.key })).body;
    expect(old[28].usage).toEqual({ rag: 5 });
    expectError(await api.get(`/api/v3/usage?api_key_id=${colleague.keyId}`, { key: me.key }), 404, "not_found");
    expectError(await api.get("/api/v3/usage?api_key_id=does-not-exist", { key: me.key }), 404, "not_found");
    const other = await seedCompany();
    expectError(await api.get(`/api/v3/usage?api_key_id=${me.keyId}`, { key: other.admin.key }), 404, "not_found");
    expect((await api.get("/api/v3/usage", { key: colleague.key })).body[28].usage).toEqual({ rag: 7 });
    expectError(await api.get("/api/v3/usage"), 401, "unauthorized");
  });
});

describe("GET /api/v3/usage/current-period", () => {
  it("sums the company's usage of the open period with the storage line, highest cost first", async () => {
    setClockForTests(new Date("2027-06-15T08:00:00Z"));
    const acme = await seedCompany({ tier: "payg" });
    const colleague = await seedUser(acme.companyId);
    const ev = (feature: UsageFeature, quantity: number, occurredAt: string, userId: number | null = acme.admin.userId, companyId = acme.companyId) =>
      recordUsage({ feature, quantity, companyId, userId, occurredAt: new Date(occurredAt) });
    await ev("parsing", 60, "2027-06-01T00:00:00Z");
    await ev("parsing", 40, "2027-06-14T00:00:00Z", colleague.userId);
    await ev("rag", 10, "2027-06-10T00:00:00Z", null);
    await ev("search", 3, "2027-06-12T00:00:00Z");
    await ev("extraction", 500, "2027-05-31T23:59:59Z"); // previous period
    const other = await seedCompany();
    await ev("parsing", 1000, "2027-06-10T00:00:00Z", other.admin.userId, other.companyId);
    await db().storageMonth.create({
      data: { companyId: acme.companyId, month: new Date("2027-06-01"), peakBytes: 8n * BigInt(GIB) - 5n, currentBytes: 0n },
    });

    const res = await api.get("/api/v3/usage/current-period", { key: colleague.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      total_cost: "1.51",
      currency: "EUR",
      period_start: "2027-06-01",
      next_period_start: "2027-07-01",
      features: [
        { feature: "parsing", quantity: 100, unit: "page", cost: "1.00" },
        { feature: "storage", quantity: 3, unit: "GiB-month", cost: "0.30" },
        { feature: "rag", quantity: 10, unit: "answer", cost: "0.20" },
        { feature: "search", quantity: 3, unit: "query", cost: "0.01" },
        { feature: "ingestion", quantity: 0, unit: "page", cost: "0.00" },
        { feature: "extraction", quantity: 0, unit: "page", cost: "0.00" },
      ],
    });
    // The budget reads the same figure.
    await api.put("/api/v3/billing/budget", { key: acme.admin.key, body: { amount_eur: "10", is_enabled: true } });
    expect((await api.get("/api/v3/billing/budget", { key: acme.admin.key })).body).toMatchObject({
      monthly_spend_eur: "1.51",
      available_eur: "8.49",
    });

    setClockForTests(new Date("2027-07-01T00:00:00Z"));
    const next = (await api.get("/api/v3/usage/current-period", { key: colleague.key })).body;
    expect(next).toMatchObject({ period_start: "2027-07-01", next_period_start: "2027-08-01" });
    // July starts with June's closing footprint (0 bytes): no storage charge, no usage yet.
    expect(next.total_cost).toBe("0.00");
    expectError(await api.get("/api/v3/usage/current-period"), 401, "unauthorized");
  });
});

describe("daily usage rollup", () => {
  it("adds up exactly what the usage events hold, per UTC day, and rolls back with the surrounding transaction", async () => {
    const acme = await seedCompany();
    const base = { companyId: acme.companyId, userId: acme.admin.userId, apiKeyId: acme.admin.keyId };
    await recordUsage({ ...base, feature: "parsing", quantity: 2, occurredAt: new Date("2027-09-01T23:59:59.999Z") });
    await recordUsage({ ...base, feature: "parsing", quantity: 3, occurredAt: new Date("2027-09-01T00:00:00Z") });
    await recordUsage({ ...base, feature: "parsing", quantity: 4, occurredAt: new Date("2027-09-02T00:00:00Z") });
    await recordUsage({ companyId: acme.companyId, feature: "search", quantity: 1, occurredAt: new Date("2027-09-02T10:00:00Z") });
    await expect(
      db().$transaction(async (tx) => {
        await recordUsage({ ...base, feature: "parsing", quantity: 100, occurredAt: new Date("2027-09-02T00:00:00Z") }, tx);
        throw new Error("the operation failed");
      }),
    ).rejects.toThrow("the operation failed");
    const rows = await db().usageDaily.findMany({ where: { companyId: acme.companyId }, orderBy: [{ day: "asc" }, { feature: "asc" }] });
    expect(rows.map((r) => [r.day.toISOString().slice(0, 10), r.feature, r.userId, r.apiKeyId, Number(r.quantity)])).toEqual([
      ["2027-09-01", "parsing", acme.admin.userId, acme.admin.keyId, 5],
      ["2027-09-02", "parsing", acme.admin.userId, acme.admin.keyId, 4],
      ["2027-09-02", "search", 0, "", 1],
    ]);
    const events = await db().usageEvent.aggregate({ where: { companyId: acme.companyId }, _sum: { quantity: true } });
    expect(events._sum.quantity).toBe(10);
  });
});
