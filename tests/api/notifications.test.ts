// Signals (issue 19): scheduled maintenance announced ahead with its planned end and cancelled by instance
// admins (POST/DELETE /api/v3/system/maintenance, GET /api/v3/system/status), and the bell's list
// (GET /api/v3/notifications): maintenance, the announcement and the company's budget alerts, the same for
// members and admins, never another company's.
import { afterEach, describe, expect, it } from "vitest";
import { recordUsage } from "@/lib/billing/record-usage";
import { db } from "@/lib/db/client";
import { invalidateMaintenanceCache } from "@/lib/system/maintenance-periods";
import { type SeededCompany, seedCompany, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

afterEach(async () => {
  await db().maintenancePeriod.updateMany({ where: { endedAt: null }, data: { endedAt: new Date() } });
  await db().announcement.deleteMany({});
  invalidateMaintenanceCache();
});

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const notifications = (key: string, query = "") => api.get(`/api/v3/notifications${query}`, { key });

async function instanceAdmin() {
  const ops = await seedCompany();
  return seedUser(ops.companyId, { instanceRole: "system_admin" });
}

/** A budget of 1.00 EUR with an alert at 50 %, crossed by 100 pages of extraction (2.00 EUR). */
async function crossBudgetAlert(c: SeededCompany) {
  expect((await api.put("/api/v3/billing/budget", { key: c.admin.key, body: { amount_eur: "1.00", is_enabled: false } })).status).toBe(201);
  expect(
    (await api.post("/api/v3/billing/budget/alerts", { key: c.admin.key, body: { threshold_type: "percentage", threshold_value: "50" } })).status,
  ).toBe(201);
  await recordUsage({ feature: "extraction", quantity: 100, companyId: c.companyId, userId: c.admin.userId });
}

describe("scheduled maintenance", () => {
  it("is announced ahead with its end time, not active, and cancelled by DELETE", async () => {
    const root = await instanceAdmin();
    const acme = await seedCompany();
    const created = await api.post("/api/v3/system/maintenance", {
      key: root.key,
      body: { mode: "full_shutdown", reason: "Database upgrade", started_at: inHours(24), ends_at: inHours(26) },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ state: "scheduled", active: false, ended_at: null, ends_at: expect.any(String) });

    const status = (await api.get("/api/v3/system/status", { key: acme.admin.key })).body;
    expect(status.maintenance.active).toBe(false);
    expect(status.maintenance.periods).toEqual([]);
    expect(status.maintenance.scheduled).toEqual([
      {
        id: created.body.id,
        frontend_mode: "full_shutdown",
        reason: "Database upgrade",
        starts_at: created.body.started_at,
        ends_at: created.body.ends_at,
      },
    ]);
    // A scheduled shutdown blocks nothing yet.
    expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).status).toBe(200);

    const listed = (await api.get("/api/v3/system/maintenance?active=true", { key: root.key })).body.results;
    expect(listed.find((p: { id: number }) => p.id === created.body.id)).toMatchObject({ state: "scheduled" });

    expect((await api.delete(`/api/v3/system/maintenance/${created.body.id}`, { key: root.key })).status).toBe(204);
    const after = (await api.get("/api/v3/system/maintenance", { key: root.key })).body.results;
    expect(after.find((p: { id: number }) => p.id === created.body.id)).toMatchObject({ state: "cancelled", active: false });
    expect((await api.get("/api/v3/system/status", { key: acme.admin.key })).body.maintenance).toEqual({ active: false, periods: [] });
  });

  it("stops being active at its planned end", async () => {
    const root = await instanceAdmin();
    const period = await db().maintenancePeriod.create({
      data: { mode: "warning_banner", reason: "Short", startedAt: new Date(Date.now() - 7_200_000), plannedEndAt: new Date(Date.now() - 60_000) },
    });
    invalidateMaintenanceCache();
    expect((await api.get("/api/v3/system/status")).body.maintenance.periods).toEqual([]);
    const row = (await api.get("/api/v3/system/maintenance", { key: root.key })).body.results.find((p: { id: number }) => p.id === period.id);
    expect(row).toMatchObject({ state: "ended", active: false, ended_at: null });
  });

  it("refuses an end before the start (422), company admins and members (403)", async () => {
    const root = await instanceAdmin();
    const acme = await seedCompany();
    const member = await seedUser(acme.companyId);
    const body = { mode: "warning_banner", reason: "Later", started_at: inHours(5), ends_at: inHours(4) };
    const bad = expectError(await api.post("/api/v3/system/maintenance", { key: root.key, body }), 422, "validation_error");
    expect(bad.fields).toHaveProperty("ends_at");
    const ok = { ...body, ends_at: inHours(6) };
    for (const key of [acme.admin.key, member.key]) {
      expectError(await api.post("/api/v3/system/maintenance", { key, body: ok }), 403, "insufficient_permissions");
    }
    const created = await api.post("/api/v3/system/maintenance", { key: root.key, body: ok });
    for (const key of [acme.admin.key, member.key]) {
      expectError(await api.delete(`/api/v3/system/maintenance/${created.body.id}`, { key }), 403, "insufficient_permissions");
    }
    expectError(await api.delete("/api/v3/system/maintenance/999999", { key: root.key }), 404, "not_found");
    expect(await db().maintenancePeriod.count({ where: { reason: "Later" } })).toBe(1);
  });
});

describe("GET /api/v3/notifications", () => {
  it("lists maintenance in progress, maintenance ahead, the announcement and budget alerts, for members and admins alike", async () => {
    const root = await instanceAdmin();
    const acme = await seedCompany({ tier: "payg" });
    const other = await seedCompany({ tier: "payg" });
    const member = await seedUser(acme.companyId);
    await crossBudgetAlert(acme);
    await crossBudgetAlert(other);
    await api.post("/api/v3/system/maintenance", { key: root.key, body: { mode: "warning_banner", reason: "Index rebuild" } });
    await api.post("/api/v3/system/maintenance", {
      key: root.key,
      body: { mode: "full_shutdown", reason: "Database upgrade", started_at: inHours(24), ends_at: inHours(26) },
    });
    await api.post("/api/v3/system/maintenance", {
      key: root.key,
      body: { mode: "warning_banner", reason: "Other company only", company_id: other.companyId },
    });
    await api.put("/api/v3/system/announcement", { key: root.key, body: { message: "New search is live" } });

    for (const key of [acme.admin.key, member.key]) {
      const res = await notifications(key);
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(4);
      const [active, scheduled, announcement, alert] = res.body.results;
      expect(active).toMatchObject({ kind: "maintenance_active", title: "Maintenance in progress", detail: "Index rebuild", ends_at: null });
      expect(scheduled).toMatchObject({
        kind: "maintenance_scheduled",
        title: "Scheduled maintenance",
        starts_at: expect.any(String),
        ends_at: expect.any(String),
      });
      expect(scheduled.detail).toContain("The console is unavailable meanwhile.");
      expect(announcement).toMatchObject({ kind: "announcement", detail: "New search is live" });
      expect(alert).toMatchObject({
        kind: "budget_alert",
        title: "Budget alert: 50 % of the monthly budget reached",
        detail: "2.00 EUR spent of the 1.00 EUR budget this cycle.",
        link: "/billing",
      });
      expect(JSON.stringify(res.body)).not.toContain("Other company only");
    }
    const ids = (await notifications(acme.admin.key)).body.results.map((n: { id: string }) => n.id);
    const otherIds = (await notifications(other.admin.key)).body.results.map((n: { id: string }) => n.id);
    expect(otherIds.filter((id: string) => id.startsWith("budget_alert")).some((id: string) => ids.includes(id))).toBe(false);
    expect(otherIds).toHaveLength(5);

    const page = await notifications(acme.admin.key, "?page=2&page_size=3");
    expect(page.body.count).toBe(4);
    expect(page.body.results.map((n: { kind: string }) => n.kind)).toEqual(["budget_alert"]);
    expect(page.body.previous).toContain("page=1");
  });

  it("answers 401 without credentials and 422 for a bad page", async () => {
    const acme = await seedCompany();
    expectError(await api.get("/api/v3/notifications"), 401, "unauthorized");
    expectError(await notifications(acme.admin.key, "?page=0"), 422, "validation_error");
  });
});
