import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

type TRow = { id: number; email: string; username: string; first_name: string; last_name: string; company_role: string };

async function rename(userId: number, firstName: string, lastName: string, username?: string) {
  await db().user.update({ where: { id: userId }, data: { firstName, lastName, ...(username ? { username } : {}) } });
}

describe("GET /api/v3/users", () => {
  it("lists the company's users by name with their company role, searches and pages", async () => {
    const acme = await seedCompany();
    const ada = await seedUser(acme.companyId, { role: "member" });
    const grace = await seedUser(acme.companyId, { role: "company_dpo" });
    await rename(acme.admin.userId, "Zed", "Admin");
    await rename(ada.userId, "Ada", "Lovelace", `ada-${ada.userId}`);
    await rename(grace.userId, "Grace", "Hopper");
    await db().user.update({ where: { id: grace.userId }, data: { isActive: false, emailVerified: false } });

    const all = await api.get("/api/v3/users", { key: acme.admin.key });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(all.body.results.map((u: TRow) => u.first_name)).toEqual(["Ada", "Grace", "Zed"]);
    expect(all.body.results[1]).toEqual({
      id: grace.userId,
      username: expect.any(String),
      email: grace.email,
      first_name: "Grace",
      last_name: "Hopper",
      company_role: "company_dpo",
      email_verified: false,
      is_active: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(all.body.results[2]).toMatchObject({ id: acme.admin.userId, company_role: "company_admin", is_active: true });

    // Case-insensitive partial match on first name, last name, username or e-mail.
    const ids = async (search: string) =>
      (await api.get(`/api/v3/users?search=${encodeURIComponent(search)}`, { key: acme.admin.key })).body.results.map((u: TRow) => u.id);
    expect(await ids("LOVE")).toEqual([ada.userId]);
    expect(await ids("gRaC")).toEqual([grace.userId]);
    expect(await ids(`ADA-${ada.userId}`)).toEqual([ada.userId]);
    expect(await ids(acme.admin.email.slice(0, 10).toUpperCase())).toEqual([acme.admin.userId]);
    expect(await ids("example.test")).toHaveLength(3);
    expect(await ids("nobody-by-that-name")).toEqual([]);

    const p1 = await api.get("/api/v3/users?page_size=2", { key: acme.admin.key });
    expect(p1.body).toMatchObject({ count: 3, previous: null });
    expect(p1.body.next).toContain("page=2");
    expect(p1.body.results.map((u: TRow) => u.first_name)).toEqual(["Ada", "Grace"]);
    const p2 = await api.get("/api/v3/users?page_size=2&page=2&search=a", { key: acme.admin.key });
    expect(p2.body.count).toBe(3);
    expect(p2.body.next).toBeNull();
    expect(p2.body.previous).toContain("search=a");
    expect(p2.body.results.map((u: TRow) => u.first_name)).toEqual(["Zed"]);
    expectError(await api.get("/api/v3/users?page_size=0", { key: acme.admin.key }), 422, "validation_error");
  });

  it("is open to company DPOs and instance-level users, refuses members and workspace-scoped keys", async () => {
    const acme = await seedCompany();
    const member = await seedUser(acme.companyId);
    const dpo = await seedUser(acme.companyId, { role: "company_dpo" });
    const instance = await seedUser(acme.companyId, { instanceRole: "account_manager" });
    expect((await api.get("/api/v3/users", { key: dpo.key })).body.count).toBe(4);
    expect((await api.get("/api/v3/users", { key: instance.key })).body.count).toBe(4);

    expectError(await api.get("/api/v3/users", { key: member.key }), 403, "insufficient_permissions");
    // A key scoped to a workspace never inherits its owner's company-admin role.
    const scoped = await seedScopedKey(acme.admin, acme.defaultWorkspaceId, "owner");
    expectError(await api.get("/api/v3/users", { key: scoped }), 403, "insufficient_permissions");
    expectError(await api.get("/api/v3/users"), 401, "unauthorized");
  });

  it("never lists another company's users, not even to an instance-level user or by search", async () => {
    const acme = await seedCompany();
    const globex = await seedCompany();
    const outsider = await seedUser(globex.companyId);
    await rename(outsider.userId, "Outsider", "Globex");
    const sysadmin = await seedUser(acme.companyId, { instanceRole: "system_admin" });

    for (const key of [acme.admin.key, sysadmin.key]) {
      const all = await api.get("/api/v3/users?page_size=500", { key });
      const ids = all.body.results.map((u: TRow) => u.id);
      expect(ids.sort()).toEqual([acme.admin.userId, sysadmin.userId].sort());
      expect((await api.get("/api/v3/users?search=outsider", { key })).body).toMatchObject({ count: 0, results: [] });
      expect((await api.get(`/api/v3/users?search=${encodeURIComponent(outsider.email)}`, { key })).body.count).toBe(0);
    }
    const theirs = await api.get("/api/v3/users", { key: globex.admin.key });
    expect(theirs.body.results.map((u: TRow) => u.id).sort()).toEqual([globex.admin.userId, outsider.userId].sort());
  });
});
