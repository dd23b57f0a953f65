import { describe, expect, it } from "vitest";
import { recordUsage } from "@/lib/billing/record-usage";
import { db } from "@/lib/db/client";
import { seedCompany } from "../factories";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

describe("recordUsage", () => {
  it("writes a usage event with company, user, key and time", async () => {
    const acme = await seedCompany();
    const at = new Date("2026-11-01T10:00:00Z");
    await recordUsage({
      feature: "parsing",
      quantity: 7,
      companyId: acme.companyId,
      userId: acme.admin.userId,
      apiKeyId: acme.admin.keyId,
      occurredAt: at,
    });
    const rows = await db().usageEvent.findMany({ where: { companyId: acme.companyId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ feature: "parsing", quantity: 7, userId: acme.admin.userId, apiKeyId: acme.admin.keyId, occurredAt: at });
  });

  it("commits or rolls back with the surrounding transaction", async () => {
    const acme = await seedCompany();
    await expect(
      db().$transaction(async (tx) => {
        await recordUsage({ feature: "search", quantity: 1, companyId: acme.companyId }, tx);
        throw new Error("the operation failed");
      }),
    ).rejects.toThrow("the operation failed");
    expect(await db().usageEvent.count({ where: { companyId: acme.companyId } })).toBe(0);
  });

  it("refuses negative or fractional quantities and skips zero", async () => {
    const acme = await seedCompany();
    await expect(recordUsage({ feature: "rag", quantity: -1, companyId: acme.companyId })).rejects.toThrow();
    await expect(recordUsage({ feature: "rag", quantity: 1.5, companyId: acme.companyId })).rejects.toThrow();
    await recordUsage({ feature: "rag", quantity: 0, companyId: acme.companyId });
    expect(await db().usageEvent.count({ where: { companyId: acme.companyId } })).toBe(0);
  });
});
