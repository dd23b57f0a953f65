import { describe, expect, it } from "vitest";
import { addWorkspaceMember, seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

describe("workspaces", () => {
  it("creates a workspace whose creator is owner, and lists it", async () => {
    const acme = await seedCompany();
    const res = await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Contracts", description: "Legal" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Contracts",
      description: "Legal",
      workspace_type: "shared",
      document_upload_method: "manual",
      files_count: 0,
      used_storage: 0,
      user_role: "owner",
      sync: null,
      summaries: [],
      scoped_api_keys: [],
    });
    expect(res.body.members).toEqual([expect.objectContaining({ user_id: acme.admin.userId, role: "owner" })]);

    const list = await api.get("/api/v3/workspaces", { key: acme.admin.key });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((w: { name: string }) => w.name)).toEqual(["Contracts", "General"]);
    expect(list.body.next).toBeNull();
    expect(list.body.previous).toBeNull();
  });

  it("paginates with absolute next/previous links and validates page_size", async () => {
    const acme = await seedCompany();
    for (const n of ["A", "B", "C"]) await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: n } });
    const p1 = await api.get("/api/v3/workspaces?page_size=2", { key: acme.admin.key });
    expect(p1.body.count).toBe(4);
    expect(p1.body.results).toHaveLength(2);
    expect(p1.body.next).toBe("http://localhost:3000/api/v3/workspaces?page_size=2&page=2");
    const p2 = await api.get("/api/v3/workspaces?page_size=2&page=2", { key: acme.admin.key });
    expect(p2.body.previous).toBe("http://localhost:3000/api/v3/workspaces?page_size=2&page=1");
    const bad = await api.get("/api/v3/workspaces?page_size=501", { key: acme.admin.key });
    const err = expectError(bad, 422, "validation_error");
    expect(err.fields?.page_size?.[0].error).toBe("invalid");
  });

  it("refuses duplicate names with 409 conflict and validates the body", async () => {
    const acme = await seedCompany();
    await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Dup" } });
    expectError(await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Dup" } }), 409, "conflict");
    const missing = expectError(await api.post("/api/v3/workspaces", { key: acme.admin.key, body: {} }), 422, "validation_error");
    expect(missing.fields?.name?.[0].error).toBe("required");
    expectError(
      await api.post("/api/v3/workspaces", { key: acme.admin.key, raw: "{not json", headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
  });

  it("applies the spec's visibility rules to GET /workspaces/{id}", async () => {
    const acme = await seedCompany();
    const other = await seedCompany();
    const member = await seedUser(acme.companyId);
    const outsider = await seedUser(acme.companyId);
    const dpo = await seedUser(acme.companyId, { role: "company_dpo" });
    const instanceAdmin = await seedUser(other.companyId, { instanceRole: "system_admin" });
    const ws = (await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Secret" } })).body;
    await addWorkspaceMember(ws.id, member.userId, "viewer");

    const asMember = await api.get(`/api/v3/workspaces/${ws.id}`, { key: member.key });
    expect(asMember.status).toBe(200);
    expect(asMember.body.user_role).toBe("viewer");
    expect(asMember.body.effective_role).toBe("viewer");
    expect(asMember.body.members).toBeUndefined();

    expectError(await api.get(`/api/v3/workspaces/${ws.id}`, { key: outsider.key }), 404, "not_found");
    expectError(await api.get(`/api/v3/workspaces/${ws.id}`, { key: other.admin.key }), 404, "not_found");
    expectError(await api.get(`/api/v3/workspaces/999999`, { key: acme.admin.key }), 404, "not_found");

    const asDpo = await api.get(`/api/v3/workspaces/${ws.id}`, { key: dpo.key });
    expect(asDpo.status).toBe(200);
    expect(asDpo.body.user_role).toBe("");
    expect(asDpo.body.effective_role).toBe("viewer"); // a DPO reads every workspace of the company
    // A company admin acts as an owner without a membership.
    expect((await api.get(`/api/v3/workspaces/${ws.id}`, { key: acme.admin.key })).body.effective_role).toBe("owner");
    expect(asDpo.body.members).toHaveLength(2);

    const asInstance = await api.get(`/api/v3/workspaces/${ws.id}`, { key: instanceAdmin.key });
    expect(asInstance.status).toBe(200);
    expect(asInstance.body.members).toBeDefined();

    const bad = expectError(await api.get(`/api/v3/workspaces/abc`, { key: acme.admin.key }), 422, "validation_error");
    expect(Object.keys(bad.fields ?? {})).toEqual(["id"]);
  });

  it("limits a workspace-scoped key to its workspace and role", async () => {
    const acme = await seedCompany();
    const ws = (await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Scoped" } })).body;
    const viewerKey = await seedScopedKey(acme.admin, ws.id, "viewer");
    const list = await api.get("/api/v3/workspaces", { key: viewerKey });
    expect(list.body.results.map((w: { id: number }) => w.id)).toEqual([ws.id]);
    expectError(await api.get(`/api/v3/workspaces/${acme.defaultWorkspaceId}`, { key: viewerKey }), 404, "not_found");
    expect((await api.get(`/api/v3/workspaces/${ws.id}`, { key: viewerKey })).body.user_role).toBe("viewer");
    expectError(await api.patch(`/api/v3/workspaces/${ws.id}`, { key: viewerKey, body: { name: "X" } }), 403, "insufficient_permissions");
    expectError(await api.post("/api/v3/workspaces", { key: viewerKey, body: { name: "New" } }), 403, "insufficient_permissions");
  });

  it("updates, manages members and deletes with the right roles", async () => {
    const acme = await seedCompany();
    const editor = await seedUser(acme.companyId);
    const ws = (await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Team" } })).body;
    const added = await api.post(`/api/v3/workspaces/${ws.id}/members`, { key: acme.admin.key, body: { user_id: editor.userId, role: "editor" } });
    expect(added.status).toBe(201);
    expectError(
      await api.post(`/api/v3/workspaces/${ws.id}/members`, { key: acme.admin.key, body: { user_id: editor.userId, role: "editor" } }),
      409,
      "conflict",
    );
    expectError(await api.patch(`/api/v3/workspaces/${ws.id}`, { key: editor.key, body: { name: "Y" } }), 403, "insufficient_permissions");
    expectError(await api.get(`/api/v3/workspaces/${ws.id}/members`, { key: editor.key }), 403, "insufficient_permissions");

    const patched = await api.patch(`/api/v3/workspaces/${ws.id}`, { key: acme.admin.key, body: { name: "Team 2", storage_quota_mb: 0 } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Team 2", storage_quota_mb: 0 });

    expectError(await api.delete(`/api/v3/workspaces/${ws.id}/members/${acme.admin.userId}`, { key: acme.admin.key }), 400, "bad_request");
    expect(
      (await api.patch(`/api/v3/workspaces/${ws.id}/members/${editor.userId}`, { key: acme.admin.key, body: { role: "owner" } })).body.role,
    ).toBe("owner");
    expect((await api.delete(`/api/v3/workspaces/${ws.id}/members/${acme.admin.userId}`, { key: acme.admin.key })).status).toBe(204);

    expectError(await api.delete(`/api/v3/workspaces/${acme.defaultWorkspaceId}`, { key: acme.admin.key }), 400, "bad_request");
    expect((await api.delete(`/api/v3/workspaces/${ws.id}`, { key: editor.key })).status).toBe(204);
    expectError(await api.get(`/api/v3/workspaces/${ws.id}`, { key: acme.admin.key }), 404, "not_found");
  });
});
