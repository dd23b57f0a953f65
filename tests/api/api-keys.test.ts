// API keys through HTTP: issue (secret once), list, workspace-scoped keys, revoke, expiry, last_used_at.
import { describe, expect, it } from "vitest";
import { issueApiKey } from "@/lib/api-keys/manage-api-keys";
import { hashApiKey } from "@/lib/auth/api-key-secret";
import { db } from "@/lib/db/client";
import { addWorkspaceMember, seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const KEY_SHAPE = /^dik_[0-9A-Za-z]{10}_[0-9A-Za-z]{43}$/;

async function createKey(key: string, body: Record<string, unknown>) {
  return api.post("/api/v3/api-keys", { key, body });
}

async function listKeys(key: string, query = "") {
  const res = await api.get(`/api/v3/api-keys${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body as { count: number; next: string | null; previous: string | null; results: Record<string, unknown>[] };
}

describe("POST /api/v3/api-keys", () => {
  it("returns the secret once, with a visible prefix, and stores only its hash", async () => {
    const acme = await seedCompany();
    const res = await createKey(acme.admin.key, { name: "CI pipeline" });
    expect(res.status, res.text).toBe(201);
    const created = res.body;
    expect(created).toMatchObject({
      name: "CI pipeline",
      scope_type: "company",
      workspace_id: null,
      role: null,
      last_used_at: null,
      expires_at: null,
      revoked_at: null,
      is_active: true,
      created_by: { id: acme.admin.userId },
    });
    expect(created.key).toMatch(KEY_SHAPE);
    expect(created.prefix).toMatch(/^dik_[0-9A-Za-z]{10}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(typeof created.id).toBe("string");
    expect(Date.parse(created.created_at)).not.toBeNaN();
    expect(created).not.toHaveProperty("secret_hash");
    expect(created).not.toHaveProperty("secretHash");

    // The database holds the hash, never the secret.
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    // The new key works at once.
    expect((await api.get("/api/v3/workspaces", { key: created.key })).status).toBe(200);

    // The list shows the prefix but never the secret (nor its hash).
    const list = await listKeys(acme.admin.key);
    const listed = list.results.find((k) => k.id === created.id)!;
    expect(listed).toBeDefined();
    expect(listed.prefix).toBe(created.prefix);
    expect(listed).not.toHaveProperty("key");
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(JSON.stringify(list)).not.toContain(row.secretHash);
  });

  it("validates the body with 422 fields", async () => {
    const acme = await seedCompany();
    const missing = expectError(await createKey(acme.admin.key, {}), 422, "validation_error");
    expect(missing.fields?.name?.[0].error).toBe("required");

    const blank = expectError(await createKey(acme.admin.key, { name: "   " }), 422, "validation_error");
    expect(blank.fields?.name).toBeDefined();

    const past = expectError(await createKey(acme.admin.key, { name: "old", expires_at: "2000-01-01T00:00:00Z" }), 422, "validation_error");
    expect(past.fields?.expires_at).toBeDefined();

    const badScope = expectError(await createKey(acme.admin.key, { name: "x", scope_type: "planet" }), 422, "validation_error");
    expect(badScope.fields?.scope_type?.[0].error).toBe("invalid_choice");

    // workspace_id without scope_type "workspace" is contradictory.
    const contradictory = expectError(await createKey(acme.admin.key, { name: "x", workspace_id: acme.defaultWorkspaceId }), 422, "validation_error");
    expect(contradictory.fields?.scope_type).toBeDefined();
  });

  it("accepts a future expires_at and reports it", async () => {
    const acme = await seedCompany();
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    const res = await createKey(acme.admin.key, { name: "temp", expires_at: expires });
    expect(res.status, res.text).toBe(201);
    expect(Date.parse(res.body.expires_at)).toBe(Date.parse(expires));
    expect(res.body.is_active).toBe(true);
  });
});

describe("GET /api/v3/api-keys", () => {
  it("lists a member's own keys only; a company admin sees all of the company's", async () => {
    const acme = await seedCompany();
    const other = await seedCompany();
    const alice = await seedUser(acme.companyId);
    const bob = await seedUser(acme.companyId);

    const aliceList = await listKeys(alice.key);
    expect(aliceList.results.map((k) => k.id)).toEqual([alice.keyId]);
    expect(aliceList.count).toBe(1);

    const adminList = await listKeys(acme.admin.key);
    expect(new Set(adminList.results.map((k) => k.id))).toEqual(new Set([acme.admin.keyId, alice.keyId, bob.keyId]));
    expect(adminList.results.map((k) => k.id)).not.toContain(other.admin.keyId);

    // Paginated envelope, newest first.
    const page = await listKeys(acme.admin.key, "?page_size=2");
    expect(page.count).toBe(3);
    expect(page.results).toHaveLength(2);
    expect(page.next).toBe("http://localhost:3000/api/v3/api-keys?page_size=2&page=2");
  });

  it("hides revoked keys unless include_revoked=true", async () => {
    const acme = await seedCompany();
    const extra = await createKey(acme.admin.key, { name: "to revoke" });
    expect((await api.delete(`/api/v3/api-keys/${extra.body.id}`, { key: acme.admin.key })).status).toBe(204);

    const visible = await listKeys(acme.admin.key);
    expect(visible.results.map((k) => k.id)).not.toContain(extra.body.id);

    const all = await listKeys(acme.admin.key, "?include_revoked=true");
    const revoked = all.results.find((k) => k.id === extra.body.id);
    expect(revoked).toMatchObject({ is_active: false });
    expect(Date.parse(revoked!.revoked_at as string)).not.toBeNaN();

    expectError(await api.get("/api/v3/api-keys?include_revoked=maybe", { key: acme.admin.key }), 422, "validation_error");
  });
});

describe("workspace-scoped keys", () => {
  it("may be created by the workspace owner and by a company admin, not by an editor or viewer", async () => {
    const acme = await seedCompany();
    const owner = await seedUser(acme.companyId);
    const editor = await seedUser(acme.companyId);
    const ws = (await api.post("/api/v3/workspaces", { key: owner.key, body: { name: "Owned" } })).body;
    await addWorkspaceMember(ws.id, editor.userId, "editor");

    const byOwner = await createKey(owner.key, { name: "ws owner key", scope_type: "workspace", workspace_id: ws.id, role: "editor" });
    expect(byOwner.status, byOwner.text).toBe(201);
    expect(byOwner.body).toMatchObject({ scope_type: "workspace", workspace_id: ws.id, role: "editor" });

    const byAdmin = await createKey(acme.admin.key, { name: "ws admin key", scope_type: "workspace", workspace_id: ws.id });
    expect(byAdmin.status, byAdmin.text).toBe(201);
    expect(byAdmin.body.role).toBe("viewer"); // default role of a scoped key

    expectError(
      await createKey(editor.key, { name: "nope", scope_type: "workspace", workspace_id: ws.id, role: "viewer" }),
      403,
      "insufficient_permissions",
    );

    // A workspace the caller cannot even see is a 404, like an unknown one.
    const outsider = await seedUser(acme.companyId);
    expectError(await createKey(outsider.key, { name: "nope", scope_type: "workspace", workspace_id: ws.id }), 404, "not_found");
    expectError(await createKey(owner.key, { name: "nope", scope_type: "workspace", workspace_id: 987654 }), 404, "not_found");

    // The workspace's scoped keys appear on the workspace for its owner.
    const wsView = await api.get(`/api/v3/workspaces/${ws.id}`, { key: owner.key });
    expect(wsView.body.scoped_api_keys.map((k: { id: string }) => k.id).sort()).toEqual([byOwner.body.id, byAdmin.body.id].sort());
    expect(JSON.stringify(wsView.body)).not.toContain(byOwner.body.key);
  });

  it("answers 422 when workspace_id is missing", async () => {
    const acme = await seedCompany();
    const res = expectError(await createKey(acme.admin.key, { name: "scoped", scope_type: "workspace" }), 422, "validation_error");
    expect(Object.keys(res.fields ?? {})).toContain("workspace_id");
    expect(res.fields?.workspace_id?.[0].error).toBe("required");
  });

  it("cannot be created for another company's workspace", async () => {
    const acme = await seedCompany();
    const other = await seedCompany();
    expectError(await createKey(acme.admin.key, { name: "x", scope_type: "workspace", workspace_id: other.defaultWorkspaceId }), 404, "not_found");
  });

  it("sees only its workspace and cannot mint further keys", async () => {
    const acme = await seedCompany();
    const ws = (await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Scoped" } })).body;
    const created = await createKey(acme.admin.key, { name: "scoped owner", scope_type: "workspace", workspace_id: ws.id, role: "owner" });
    const scoped = created.body.key as string;

    const list = await api.get("/api/v3/workspaces", { key: scoped });
    expect(list.body.results.map((w: { id: number }) => w.id)).toEqual([ws.id]);
    expectError(await api.get(`/api/v3/workspaces/${acme.defaultWorkspaceId}`, { key: scoped }), 404, "not_found");
    expectError(await createKey(scoped, { name: "child" }), 403, "insufficient_permissions");
    expectError(await createKey(scoped, { name: "child", scope_type: "workspace", workspace_id: ws.id }), 403, "insufficient_permissions");
  });

  it("may revoke itself but no other key", async () => {
    const acme = await seedCompany();
    const scopedKey = await seedScopedKey(acme.admin, acme.defaultWorkspaceId, "owner");
    const scopedRow = await db().apiKey.findFirstOrThrow({ where: { prefix: scopedKey.slice(0, 14) } });
    expectError(await api.delete(`/api/v3/api-keys/${acme.admin.keyId}`, { key: scopedKey }), 404, "not_found");
    expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).status).toBe(200);
    expect((await api.delete(`/api/v3/api-keys/${scopedRow.id}`, { key: scopedKey })).status).toBe(204);
    expectError(await api.get("/api/v3/workspaces", { key: scopedKey }), 401, "unauthorized");
  });
});

describe("DELETE /api/v3/api-keys/{id}", () => {
  it("revokes with 204 and the revoked key gets 401 at once", async () => {
    const acme = await seedCompany();
    const created = (await createKey(acme.admin.key, { name: "short lived" })).body;
    expect((await api.get("/api/v3/workspaces", { key: created.key })).status).toBe(200);

    const res = await api.delete(`/api/v3/api-keys/${created.id}`, { key: acme.admin.key });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");

    const after = expectError(await api.get("/api/v3/workspaces", { key: created.key }), 401, "unauthorized");
    expect(after.id).toBeNull();
    expectError(await api.get("/api/v3/api-keys", { key: created.key }), 401, "unauthorized");

    // Revoking again is harmless.
    expect((await api.delete(`/api/v3/api-keys/${created.id}`, { key: acme.admin.key })).status).toBe(204);
  });

  it("lets a key revoke itself", async () => {
    const acme = await seedCompany();
    const alice = await seedUser(acme.companyId);
    expect((await api.delete(`/api/v3/api-keys/${alice.keyId}`, { key: alice.key })).status).toBe(204);
    expectError(await api.get("/api/v3/api-keys", { key: alice.key }), 401, "unauthorized");
  });

  it("answers 404 for another company's key, an unknown id, and a colleague's key for a non-admin", async () => {
    const acme = await seedCompany();
    const other = await seedCompany();
    const alice = await seedUser(acme.companyId);
    const bob = await seedUser(acme.companyId);

    expectError(await api.delete(`/api/v3/api-keys/${other.admin.keyId}`, { key: acme.admin.key }), 404, "not_found");
    expectError(await api.delete(`/api/v3/api-keys/key_doesnotexist00`, { key: acme.admin.key }), 404, "not_found");
    expectError(await api.delete(`/api/v3/api-keys/${bob.keyId}`, { key: alice.key }), 404, "not_found");

    // None of them was revoked.
    expect((await api.get("/api/v3/workspaces", { key: other.admin.key })).status).toBe(200);
    expect((await api.get("/api/v3/workspaces", { key: bob.key })).status).toBe(200);

    // The company admin may revoke a colleague's key.
    expect((await api.delete(`/api/v3/api-keys/${bob.keyId}`, { key: acme.admin.key })).status).toBe(204);
    expectError(await api.get("/api/v3/workspaces", { key: bob.key }), 401, "unauthorized");
  });
});

describe("key lifecycle", () => {
  it("sets last_used_at once the key is used", async () => {
    const acme = await seedCompany();
    const created = (await createKey(acme.admin.key, { name: "usage" })).body;
    const before = (await listKeys(acme.admin.key)).results.find((k) => k.id === created.id)!;
    expect(before.last_used_at).toBeNull();

    const t0 = Date.now();
    expect((await api.get("/api/v3/workspaces", { key: created.key })).status).toBe(200);
    const after = (await listKeys(acme.admin.key)).results.find((k) => k.id === created.id)!;
    expect(after.last_used_at).not.toBeNull();
    const used = Date.parse(after.last_used_at as string);
    expect(used).toBeGreaterThanOrEqual(t0 - 1000);
    expect(used).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("refuses an expired key with 401", async () => {
    const acme = await seedCompany();
    const { row, key } = await issueApiKey({
      companyId: acme.companyId,
      userId: acme.admin.userId,
      name: "expiring",
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await api.get("/api/v3/workspaces", { key })).status).toBe(200);
    await db().apiKey.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await api.get("/api/v3/workspaces", { key }), 401, "unauthorized");
    const listed = (await listKeys(acme.admin.key)).results.find((k) => k.id === row.id)!;
    expect(listed.is_active).toBe(false);
  });

  it("refuses the key of a deactivated user with 401", async () => {
    const acme = await seedCompany();
    const alice = await seedUser(acme.companyId);
    await db().user.update({ where: { id: alice.userId }, data: { isActive: false } });
    expectError(await api.get("/api/v3/workspaces", { key: alice.key }), 401, "unauthorized");
  });
});

describe("bearer credentials", () => {
  const cases: [string, Record<string, string>][] = [
    ["absent", {}],
    ["empty Bearer", { authorization: "Bearer " }],
    ["wrong scheme", { authorization: "Basic dXNlcjpwYXNz" }],
    ["token without scheme", { authorization: "dik_0123456789_abc" }],
    ["not one of our keys", { authorization: "Bearer sk-live-1234567890" }],
    ["well-formed but unknown", { authorization: `Bearer dik_AAAAAAAAAA_${"A".repeat(43)}` }],
    ["two tokens", { authorization: "Bearer a b" }],
  ];
  for (const [label, headers] of cases) {
    it(`answers 401 with the envelope when the bearer is ${label}`, async () => {
      const res = await api.get("/api/v3/api-keys", { headers });
      const err = expectError(res, 401, "unauthorized");
      expect(err.id).toBeNull();
      expect(err.doc_url).toBe("http://localhost:3000/docs#error-unauthorized");
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    });
  }

  it("refuses a correct prefix with a wrong secret", async () => {
    const acme = await seedCompany();
    const forged = `${acme.admin.key.slice(0, 15)}${"x".repeat(43)}`;
    expect(forged).toMatch(KEY_SHAPE);
    expectError(await api.get("/api/v3/api-keys", { key: forged }), 401, "unauthorized");
  });

  it("accepts the scheme case-insensitively", async () => {
    const acme = await seedCompany();
    const res = await api.get("/api/v3/api-keys", { headers: { authorization: `bearer ${acme.admin.key}` } });
    expect(res.status).toBe(200);
  });
});
