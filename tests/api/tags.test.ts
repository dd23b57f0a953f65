import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedCompany, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

describe("tags", () => {
  it("creates, lists newest first with filters and pagination, and counts documents live", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    const a = await api.post("/api/v3/tags", { key, body: { name: "Invoices", description: "Supplier invoices", auto_assign: true } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: "Invoices", description: "Supplier invoices", auto_assign: true, document_count: 0 });
    await api.post("/api/v3/tags", { key, body: { name: "Contracts" } });
    await api.post("/api/v3/tags", { key, body: { name: "Invoice drafts" } });

    const all = await api.get("/api/v3/tags", { key });
    expect(all.body.count).toBe(3);
    expect(all.body.results.map((t: { name: string }) => t.name)).toEqual(["Invoice drafts", "Contracts", "Invoices"]);
    expect((await api.get("/api/v3/tags?name=INVOICE", { key })).body.results).toHaveLength(2);
    expect((await api.get("/api/v3/tags?auto_assign=true", { key })).body.results.map((t: { name: string }) => t.name)).toEqual(["Invoices"]);
    const page = await api.get("/api/v3/tags?page_size=2&page=2", { key });
    expect(page.body).toMatchObject({ count: 3, next: null });
    expect(page.body.previous).toContain("page=1");
    expect(page.body.results).toHaveLength(1);

    const file = await db().file.create({
      data: {
        companyId: acme.companyId,
        workspaceId: acme.defaultWorkspaceId,
        filename: "a.pdf",
        title: "a",
        extension: "pdf",
        size: 1,
        sha256: "x",
        storageKey: "k",
      },
    });
    await db().fileTag.create({ data: { fileId: file.id, tagId: a.body.id } });
    expect((await api.get(`/api/v3/tags/${a.body.id}`, { key })).body.document_count).toBe(1);
  });

  it("refuses duplicate names case-insensitively with 409 and validates input", async () => {
    const acme = await seedCompany();
    await api.post("/api/v3/tags", { key: acme.admin.key, body: { name: "Legal" } });
    expectError(await api.post("/api/v3/tags", { key: acme.admin.key, body: { name: "LEGAL" } }), 409, "conflict");
    const other = await seedCompany();
    expect((await api.post("/api/v3/tags", { key: other.admin.key, body: { name: "legal" } })).status).toBe(201);
    const bad = expectError(await api.post("/api/v3/tags", { key: acme.admin.key, body: { name: "" } }), 422, "validation_error");
    expect(bad.fields?.name).toBeDefined();
    expectError(await api.get("/api/v3/tags?page_size=0", { key: acme.admin.key }), 422, "validation_error");
  });

  it("lets admins update and delete, members only create, and hides other companies' tags", async () => {
    const acme = await seedCompany();
    const member = await seedUser(acme.companyId);
    const other = await seedCompany();
    const t = (await api.post("/api/v3/tags", { key: member.key, body: { name: "Mine" } })).body;
    expectError(await api.patch(`/api/v3/tags/${t.id}`, { key: member.key, body: { name: "X" } }), 403, "insufficient_permissions");
    expectError(await api.delete(`/api/v3/tags/${t.id}`, { key: member.key }), 403, "insufficient_permissions");
    const updated = await api.patch(`/api/v3/tags/${t.id}`, { key: acme.admin.key, body: { name: "Renamed", auto_assign: true } });
    expect(updated.body).toMatchObject({ name: "Renamed", auto_assign: true });
    expectError(await api.get(`/api/v3/tags/${t.id}`, { key: other.admin.key }), 404, "not_found");
    expectError(await api.patch(`/api/v3/tags/${t.id}`, { key: other.admin.key, body: { name: "Hijack" } }), 404, "not_found");
    expect((await api.get("/api/v3/tags", { key: other.admin.key })).body.count).toBe(0);
    expect((await api.delete(`/api/v3/tags/${t.id}`, { key: acme.admin.key })).status).toBe(204);
    expectError(await api.get(`/api/v3/tags/${t.id}`, { key: acme.admin.key }), 404, "not_found");
  });
});
