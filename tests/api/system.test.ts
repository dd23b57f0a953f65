// System status, maintenance periods (503 body, category and company scoping) and the announcement.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { invalidateMaintenanceCache } from "@/lib/system/maintenance-periods";
import { type SeededCompany, type SeededUser, seedCompany, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

// Maintenance and the announcement are instance-wide: leave none behind for the next test.
afterEach(async () => {
  await db().maintenancePeriod.updateMany({ where: { endedAt: null }, data: { endedAt: new Date() } });
  await db().announcement.deleteMany({});
  invalidateMaintenanceCache();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function world(): Promise<{ acme: SeededCompany; other: SeededCompany; root: SeededUser }> {
  const acme = await seedCompany();
  const other = await seedCompany();
  // The instance administrator belongs to a third company of its own.
  const ops = await seedCompany();
  const root = await seedUser(ops.companyId, { instanceRole: "system_admin" });
  return { acme, other, root };
}

async function startMaintenance(key: string, body: Record<string, unknown>) {
  const res = await api.post("/api/v3/system/maintenance", { key, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; [k: string]: unknown };
}

async function status(key?: string) {
  const res = await api.get("/api/v3/system/status", { key });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

function expectMaintenanceBody(res: { status: number; body: unknown; headers: Headers }, expected: Record<string, unknown>) {
  expect(res.status).toBe(503);
  const body = res.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["detail", "endpoint_category_names", "error", "mode", "reason", "started_at"]);
  expect(body.error).toBe("service_maintenance");
  expect(typeof body.detail).toBe("string");
  expect(body.started_at).toMatch(ISO);
  expect(body).toMatchObject(expected);
}

describe("GET /api/v3/system/status", () => {
  it("answers without and with authentication, in the spec's shape", async () => {
    const { acme } = await world();
    const empty = { maintenance: { active: false, periods: [] }, announcement: { active: false } };
    expect(await status()).toEqual(empty);
    expect(await status(acme.admin.key)).toEqual(empty);
    // An invalid bearer is treated as anonymous on this optional-auth endpoint.
    expect(await status("dik_invalid")).toEqual(empty);
  });

  it("lists active periods: endpoint_category_names only for scoped ones, never a company id", async () => {
    const { acme, root } = await world();
    const banner = await startMaintenance(root.key, { mode: "warning_banner", reason: "Upgrade tonight" });
    const scoped = await startMaintenance(root.key, {
      mode: "full_shutdown",
      reason: "Search reindex",
      endpoint_category_names: ["search", "ask", "search"],
    });
    expect(banner).toMatchObject({ mode: "warning_banner", company_id: null, endpoint_category_names: [], active: true, ended_at: null });
    expect(scoped.endpoint_category_names).toEqual(["search", "ask"]);

    for (const key of [undefined, acme.admin.key]) {
      const body = await status(key);
      expect(Object.keys(body).sort()).toEqual(["announcement", "maintenance"]);
      expect(Object.keys(body.maintenance).sort()).toEqual(["active", "periods"]);
      expect(body.maintenance.active).toBe(true);
      expect(body.maintenance.periods).toEqual([
        { frontend_mode: "warning_banner", reason: "Upgrade tonight", started_at: banner.started_at },
        {
          frontend_mode: "full_shutdown",
          reason: "Search reindex",
          started_at: scoped.started_at,
          endpoint_category_names: ["search", "ask"],
        },
      ]);
      for (const p of body.maintenance.periods) expect(p.started_at).toMatch(ISO);
      expect(JSON.stringify(body)).not.toMatch(/company|\bid\b/i);
    }
  });

  it("shows a company's periods only to that company's callers, never to anonymous ones", async () => {
    const { acme, other, root } = await world();
    const member = await seedUser(acme.companyId);
    await startMaintenance(root.key, { mode: "warning_banner", reason: "Acme migration", company_id: acme.companyId });

    for (const key of [acme.admin.key, member.key]) {
      const body = await status(key);
      expect(body.maintenance.active).toBe(true);
      expect(body.maintenance.periods).toEqual([
        { frontend_mode: "warning_banner", reason: "Acme migration", started_at: expect.stringMatching(ISO) },
      ]);
      expect(JSON.stringify(body)).not.toContain(String(acme.companyId) + ",");
      expect(JSON.stringify(body)).not.toMatch(/company/i);
    }
    for (const key of [undefined, other.admin.key, "dik_invalid"]) {
      expect((await status(key)).maintenance).toEqual({ active: false, periods: [] });
    }
    // The instance admin of another company sees only what applies to its own company.
    expect((await status(root.key)).maintenance).toEqual({ active: false, periods: [] });
  });

  it("is never blocked, even by an instance-wide full shutdown", async () => {
    const { acme, root } = await world();
    await startMaintenance(root.key, { mode: "full_shutdown", reason: "Database upgrade" });
    const anon = await api.get("/api/v3/system/status");
    expect(anon.status).toBe(200);
    expect(anon.body.maintenance.periods).toEqual([
      { frontend_mode: "full_shutdown", reason: "Database upgrade", started_at: expect.stringMatching(ISO) },
    ]);
    expect((await api.get("/api/v3/system/status", { key: acme.admin.key })).status).toBe(200);
  });

  it("does not show ended periods; periods that have not started yet are announced under `scheduled` only (issue 19)", async () => {
    const { root } = await world();
    const ended = await startMaintenance(root.key, { mode: "warning_banner", reason: "Done" });
    expect((await api.delete(`/api/v3/system/maintenance/${ended.id}`, { key: root.key })).status).toBe(204);
    const later = await startMaintenance(root.key, {
      mode: "full_shutdown",
      reason: "Later",
      started_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await status()).maintenance).toEqual({
      active: false,
      periods: [],
      scheduled: [{ id: later.id, frontend_mode: "full_shutdown", reason: "Later", starts_at: later.started_at, ends_at: null }],
    });
  });
});

describe("POST /api/v3/system/maintenance", () => {
  it("lets an instance admin start a period (201 with id)", async () => {
    const { acme, root } = await world();
    const res = await api.post("/api/v3/system/maintenance", {
      key: root.key,
      body: { mode: "full_shutdown", reason: "Storage move", endpoint_category_names: ["files"], company_id: acme.companyId },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      mode: "full_shutdown",
      reason: "Storage move",
      company_id: acme.companyId,
      endpoint_category_names: ["files"],
      started_at: expect.stringMatching(ISO),
      ended_at: null,
      ends_at: null,
      active: true,
      state: "active",
    });
    const admin = await seedUser(acme.companyId, { instanceRole: "admin" });
    expect((await api.post("/api/v3/system/maintenance", { key: admin.key, body: { mode: "warning_banner", reason: "x" } })).status).toBe(201);
  });

  it("refuses company admins and members with 403, anonymous callers with 401", async () => {
    const { acme } = await world();
    const member = await seedUser(acme.companyId);
    const body = { mode: "full_shutdown", reason: "Nope" };
    expectError(await api.post("/api/v3/system/maintenance", { key: acme.admin.key, body }), 403, "insufficient_permissions");
    expectError(await api.post("/api/v3/system/maintenance", { key: member.key, body }), 403, "insufficient_permissions");
    expectError(await api.post("/api/v3/system/maintenance", { body }), 401, "unauthorized");
    expect(await db().maintenancePeriod.count({ where: { reason: "Nope" } })).toBe(0);
  });

  it("validates mode, reason and categories with 422", async () => {
    const { acme, root } = await world();
    const unknownCategory = expectError(
      await api.post("/api/v3/system/maintenance", {
        key: root.key,
        body: { mode: "full_shutdown", reason: "x", endpoint_category_names: ["files", "teleportation"] },
      }),
      422,
      "validation_error",
    );
    expect(Object.keys(unknownCategory.fields!)).toEqual(["endpoint_category_names.1"]);
    expect(unknownCategory.fields!["endpoint_category_names.1"][0].error).toBe("invalid_choice");

    const badMode = expectError(
      await api.post("/api/v3/system/maintenance", { key: root.key, body: { mode: "panic", reason: "x" } }),
      422,
      "validation_error",
    );
    expect(badMode.fields?.mode?.[0].error).toBe("invalid_choice");

    const noReason = expectError(
      await api.post("/api/v3/system/maintenance", { key: root.key, body: { mode: "full_shutdown" } }),
      422,
      "validation_error",
    );
    expect(noReason.fields?.reason?.[0].error).toBe("required");

    expectError(
      await api.post("/api/v3/system/maintenance", { key: root.key, body: { mode: "full_shutdown", reason: "x", company_id: 987654 } }),
      404,
      "not_found",
    );
    expect((await status(acme.admin.key)).maintenance.active).toBe(false);
  });
});

describe("maintenance blocking (503)", () => {
  it("blocks exactly the period's categories with the spec's body; other categories keep working", async () => {
    const { acme, root } = await world();
    const period = await startMaintenance(root.key, { mode: "full_shutdown", reason: "Key store rotation", endpoint_category_names: ["keys"] });

    const blocked = await api.get("/api/v3/api-keys", { key: acme.admin.key });
    expectMaintenanceBody(blocked, {
      error: "service_maintenance",
      mode: "full_shutdown",
      reason: "Key store rotation",
      started_at: period.started_at,
      endpoint_category_names: ["keys"],
    });
    expect(blocked.headers.get("x-request-id")).toMatch(/^req_/);
    expectMaintenanceBody(await api.post("/api/v3/api-keys", { key: acme.admin.key, body: { name: "x" } }), { mode: "full_shutdown" });
    expectMaintenanceBody(await api.delete(`/api/v3/api-keys/${acme.admin.keyId}`, { key: acme.admin.key }), { mode: "full_shutdown" });

    expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).status).toBe(200);
    expect((await api.get(`/api/v3/auth/check-company?client_id=${acme.slug}`)).status).toBe(200);
    expect((await status(acme.admin.key)).maintenance.active).toBe(true);

    // Ending it: 204, and the category works again at once.
    const end = await api.delete(`/api/v3/system/maintenance/${period.id}`, { key: root.key });
    expect(end.status).toBe(204);
    expect((await api.get("/api/v3/api-keys", { key: acme.admin.key })).status).toBe(200);
    expect((await status()).maintenance).toEqual({ active: false, periods: [] });
  });

  it("blocks the listed categories of a warning_banner period too", async () => {
    const { acme, root } = await world();
    await startMaintenance(root.key, { mode: "warning_banner", reason: "Workspace moves", endpoint_category_names: ["workspaces"] });
    expectMaintenanceBody(await api.get("/api/v3/workspaces", { key: acme.admin.key }), {
      mode: "warning_banner",
      endpoint_category_names: ["workspaces"],
    });
    expect((await api.get("/api/v3/api-keys", { key: acme.admin.key })).status).toBe(200);
  });

  it("an unscoped warning_banner only shows in the status", async () => {
    const { acme, root } = await world();
    await startMaintenance(root.key, { mode: "warning_banner", reason: "Heads-up" });
    expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).status).toBe(200);
    expect((await api.get("/api/v3/api-keys", { key: acme.admin.key })).status).toBe(200);
    expect((await status()).maintenance.periods).toHaveLength(1);
  });

  it("an unscoped full_shutdown blocks every category but status; the admin can still end it", async () => {
    const { acme, root } = await world();
    const period = await startMaintenance(root.key, { mode: "full_shutdown", reason: "Everything off" });
    const expected = { mode: "full_shutdown", reason: "Everything off", endpoint_category_names: [] };
    expectMaintenanceBody(await api.get("/api/v3/workspaces", { key: acme.admin.key }), expected);
    expectMaintenanceBody(await api.get("/api/v3/api-keys", { key: acme.admin.key }), expected);
    expectMaintenanceBody(await api.get(`/api/v3/auth/check-company?client_id=${acme.slug}`), expected);
    expect((await api.get("/api/v3/system/status")).status).toBe(200);

    // Maintenance management stays reachable, or a full shutdown could never be lifted through the API.
    const end = await api.delete(`/api/v3/system/maintenance/${period.id}`, { key: root.key });
    expect(end.status, end.text).toBe(204);
    expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).status).toBe(200);
    expect((await api.get(`/api/v3/auth/check-company?client_id=${acme.slug}`)).status).toBe(200);
  });

  it("never blocks maintenance management, even when a period lists the system category", async () => {
    const { acme, root } = await world();
    const period = await startMaintenance(root.key, {
      mode: "full_shutdown",
      reason: "Odd scope",
      endpoint_category_names: ["system", "workspaces"],
    });
    expectMaintenanceBody(await api.get("/api/v3/workspaces", { key: acme.admin.key }), { endpoint_category_names: ["system", "workspaces"] });
    expect((await api.get("/api/v3/system/maintenance", { key: root.key })).status).toBe(200);
    expect((await api.put("/api/v3/system/announcement", { key: root.key, body: { message: "Back soon" } })).status).toBe(200);
    expect((await api.delete(`/api/v3/system/maintenance/${period.id}`, { key: root.key })).status).toBe(204);
    expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).status).toBe(200);
  });

  it("a company-scoped period blocks only that company", async () => {
    const { acme, other, root } = await world();
    const member = await seedUser(acme.companyId);
    const period = await startMaintenance(root.key, { mode: "full_shutdown", reason: "Acme data move", company_id: acme.companyId });
    for (const key of [acme.admin.key, member.key]) {
      expectMaintenanceBody(await api.get("/api/v3/workspaces", { key }), { mode: "full_shutdown", reason: "Acme data move" });
    }
    expect((await api.get("/api/v3/workspaces", { key: other.admin.key })).status).toBe(200);
    expect((await api.get("/api/v3/api-keys", { key: other.admin.key })).status).toBe(200);
    expect((await status(other.admin.key)).maintenance.active).toBe(false);

    expect((await api.delete(`/api/v3/system/maintenance/${period.id}`, { key: root.key })).status).toBe(204);
    expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).status).toBe(200);
  });
});

describe("DELETE /api/v3/system/maintenance/{id}", () => {
  it("is for instance admins; unknown → 404, non-integer → 422, ending twice is harmless", async () => {
    const { acme, root } = await world();
    const period = await startMaintenance(root.key, { mode: "warning_banner", reason: "x" });
    expectError(await api.delete(`/api/v3/system/maintenance/${period.id}`, { key: acme.admin.key }), 403, "insufficient_permissions");
    expectError(await api.delete(`/api/v3/system/maintenance/987654`, { key: root.key }), 404, "not_found");
    const bad = expectError(await api.delete(`/api/v3/system/maintenance/abc`, { key: root.key }), 422, "validation_error");
    expect(Object.keys(bad.fields!)).toEqual(["id"]);
    expect((await api.delete(`/api/v3/system/maintenance/${period.id}`, { key: root.key })).status).toBe(204);
    expect((await api.delete(`/api/v3/system/maintenance/${period.id}`, { key: root.key })).status).toBe(204);

    const list = await api.get("/api/v3/system/maintenance?active=false", { key: root.key });
    expect(list.status).toBe(200);
    const listed = list.body.results.find((p: { id: number }) => p.id === period.id);
    expect(listed).toMatchObject({ active: false, ended_at: expect.stringMatching(ISO) });
  });
});

describe("announcement", () => {
  it("is set by an instance admin, appears in the status and is cleared", async () => {
    const { acme, root } = await world();
    const start = new Date(Date.now() + 3_600_000).toISOString();
    const end = new Date(Date.now() + 7_200_000).toISOString();
    const put = await api.put("/api/v3/system/announcement", {
      key: root.key,
      body: { message: "Planned maintenance on Sunday", expected_start: start, expected_end: end },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ active: true, message: "Planned maintenance on Sunday" });

    for (const key of [undefined, acme.admin.key]) {
      const { announcement } = await status(key);
      expect(announcement).toEqual({
        active: true,
        message: "Planned maintenance on Sunday",
        expected_start: new Date(start).toISOString(),
        expected_end: new Date(end).toISOString(),
      });
    }

    // Replacing it keeps one announcement.
    await api.put("/api/v3/system/announcement", { key: root.key, body: { message: "Moved to Monday", expected_start: start, expected_end: end } });
    expect((await status()).announcement.message).toBe("Moved to Monday");

    const del = await api.delete("/api/v3/system/announcement", { key: root.key });
    expect(del.status).toBe(204);
    expect((await status()).announcement).toEqual({ active: false });
  });

  it("is refused to non-admins and validated", async () => {
    const { acme, root } = await world();
    expectError(await api.put("/api/v3/system/announcement", { key: acme.admin.key, body: { message: "hi" } }), 403, "insufficient_permissions");
    expectError(await api.delete("/api/v3/system/announcement", { key: acme.admin.key }), 403, "insufficient_permissions");
    expectError(await api.put("/api/v3/system/announcement", { body: { message: "hi" } }), 401, "unauthorized");

    const missing = expectError(await api.put("/api/v3/system/announcement", { key: root.key, body: {} }), 422, "validation_error");
    expect(missing.fields?.message?.[0].error).toBe("required");
    const backwards = expectError(
      await api.put("/api/v3/system/announcement", {
        key: root.key,
        body: { message: "x", expected_start: "2031-01-02T00:00:00Z", expected_end: "2031-01-01T00:00:00Z" },
      }),
      422,
      "validation_error",
    );
    expect(backwards.fields?.expected_end).toBeDefined();
    expect((await status()).announcement).toEqual({ active: false });
  });

  it("is inactive once its expected end has passed", async () => {
    const { root } = await world();
    await api.put("/api/v3/system/announcement", {
      key: root.key,
      body: { message: "Old news", expected_start: "2020-01-01T00:00:00Z", expected_end: "2020-01-02T00:00:00Z" },
    });
    expect((await status()).announcement).toEqual({ active: false });
  });
});
