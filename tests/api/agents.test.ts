// Agents CRUD through the route handlers: validation, visibility per role (instance-level: all companies;
// company admins: their company; others: own + company-shared; scoped keys: shared agents of their workspace), owner /
// admin-only writes, foreign workspace and tag ids, pagination and filters.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { type SeededCompany, type SeededUser, seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

let acme: SeededCompany;
let other: SeededCompany;
let alice: SeededUser; // member
let bob: SeededUser; // member
let dpo: SeededUser;
let sysadmin: SeededUser; // instance-level, member of acme
let ids: { alicePrivate: number; aliceShared: number; bobPrivate: number; adminPrivate: number; otherShared: number };

const create = (key: string, body: unknown) => api.post("/api/v3/agents", { key, body });
const listIds = async (key: string, query = "") => {
  const res = await api.get(`/api/v3/agents?page_size=500${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return (res.body.results as { id: number }[]).map((a) => a.id).sort((a, b) => a - b);
};

beforeAll(async () => {
  acme = await seedCompany({ name: "Acme" });
  other = await seedCompany({ name: "Other" });
  alice = await seedUser(acme.companyId);
  bob = await seedUser(acme.companyId);
  dpo = await seedUser(acme.companyId, { role: "company_dpo" });
  sysadmin = await seedUser(acme.companyId, { instanceRole: "system_admin" });
  const made = async (key: string, body: Record<string, unknown>) => {
    const res = await create(key, body);
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  ids = {
    alicePrivate: await made(alice.key, { name: "Alice private" }),
    aliceShared: await made(alice.key, { name: "Alice shared", visibility: "company" }),
    bobPrivate: await made(bob.key, { name: "Bob private" }),
    adminPrivate: await made(acme.admin.key, { name: "Admin private" }),
    otherShared: await made(other.admin.key, { name: "Other shared", visibility: "company" }),
  };
});

describe("create", () => {
  it("creates an agent with defaults and returns the record", async () => {
    const tag = await db().tag.create({ data: { companyId: acme.companyId, name: "Contracts", nameKey: "contracts" } });
    const res = await create(alice.key, {
      name: "  Legal helper ",
      description: "Answers contract questions",
      instructions: "Answer in one paragraph.",
      model: "gpt-4o-mini",
      workspace_ids: [acme.defaultWorkspaceId, acme.defaultWorkspaceId],
      tag_ids: [tag.id],
      top_k: 8,
      rerank: false,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      company_id: acme.companyId,
      owner_id: alice.userId,
      name: "Legal helper",
      description: "Answers contract questions",
      instructions: "Answer in one paragraph.",
      model: "gpt-4o-mini",
      workspace_ids: [acme.defaultWorkspaceId],
      tag_ids: [tag.id],
      top_k: 8,
      rerank: false,
      visibility: "private",
      can_edit: true,
    });
    expect(Date.parse(res.body.created_at)).not.toBeNaN();
    const minimal = await create(alice.key, { name: "Minimal" });
    expect(minimal.body).toMatchObject({
      description: "",
      instructions: "",
      model: null,
      workspace_ids: [],
      tag_ids: [],
      top_k: null,
      rerank: true,
      visibility: "private",
    });
    await api.delete(`/api/v3/agents/${res.body.id}`, { key: alice.key });
    await api.delete(`/api/v3/agents/${minimal.body.id}`, { key: alice.key });
  });

  it("validates the body (422 with the field names)", async () => {
    expect(expectError(await create(alice.key, {}), 422, "validation_error").fields?.name?.[0].error).toBe("required");
    expect(expectError(await create(alice.key, { name: "   " }), 422, "validation_error").fields).toHaveProperty("name");
    expect(expectError(await create(alice.key, { name: "x", visibility: "public" }), 422, "validation_error").fields?.visibility?.[0].error).toBe(
      "invalid_choice",
    );
    expect(expectError(await create(alice.key, { name: "x", top_k: 0 }), 422, "validation_error").fields).toHaveProperty("top_k");
    expect(expectError(await create(alice.key, { name: "x", top_k: 51 }), 422, "validation_error").fields).toHaveProperty("top_k");
    expect(expectError(await create(alice.key, { name: "x", colour: "red" }), 422, "validation_error").fields?.colour?.[0].error).toBe(
      "unknown_field",
    );
  });

  it("refuses workspaces and tags of another company like unknown ones (422 naming the field)", async () => {
    const otherTag = await db().tag.create({ data: { companyId: other.companyId, name: "Theirs", nameKey: "theirs" } });
    const foreign = expectError(
      await create(alice.key, { name: "x", workspace_ids: [other.defaultWorkspaceId], tag_ids: [otherTag.id] }),
      422,
      "validation_error",
    );
    const missing = expectError(await create(alice.key, { name: "x", workspace_ids: [987654], tag_ids: [987655] }), 422, "validation_error");
    expect(Object.keys(foreign.fields!).sort()).toEqual(["tag_ids", "workspace_ids"]);
    expect(Object.keys(missing.fields!).sort()).toEqual(["tag_ids", "workspace_ids"]);
    expect(await db().agent.count({ where: { name: "x" } })).toBe(0);
  });

  it("refuses workspace-scoped keys (agents are company-wide)", async () => {
    const scoped = await seedScopedKey(alice, acme.defaultWorkspaceId, "owner");
    expectError(await create(scoped, { name: "scoped" }), 403, "insufficient_permissions");
  });
});

describe("visibility", () => {
  it("shows regular users their own and the company-shared agents", async () => {
    expect(await listIds(alice.key)).toEqual([ids.alicePrivate, ids.aliceShared].sort((a, b) => a - b));
    expect(await listIds(bob.key)).toEqual([ids.aliceShared, ids.bobPrivate].sort((a, b) => a - b));
    expect(await listIds(dpo.key)).toEqual([ids.aliceShared]);
  });

  it("shows company admins every agent of their company, and only theirs", async () => {
    expect(await listIds(acme.admin.key)).toEqual([ids.alicePrivate, ids.aliceShared, ids.bobPrivate, ids.adminPrivate].sort((a, b) => a - b));
    expect(await listIds(other.admin.key)).toEqual([ids.otherShared]);
  });

  it("shows instance-level users every agent of every company", async () => {
    const all = await listIds(sysadmin.key);
    for (const id of Object.values(ids)) expect(all).toContain(id);
    const res = await api.get(`/api/v3/agents/${ids.otherShared}`, { key: sysadmin.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ company_id: other.companyId, can_edit: false });
    // Seeing another company's agent does not make it editable.
    expectError(
      await api.patch(`/api/v3/agents/${ids.otherShared}`, { key: sysadmin.key, body: { name: "pwned" } }),
      403,
      "insufficient_permissions",
    );
  });

  it("shows a workspace-scoped key only the shared agents of its workspace, never its owner's private ones", async () => {
    const scoped = await seedScopedKey(acme.admin, acme.defaultWorkspaceId, "owner");
    expect(await listIds(scoped)).toEqual([ids.aliceShared]);
    expectError(await api.get(`/api/v3/agents/${ids.adminPrivate}`, { key: scoped }), 404, "not_found");
  });

  it("answers 404 for agents the caller cannot see", async () => {
    expectError(await api.get(`/api/v3/agents/${ids.alicePrivate}`, { key: bob.key }), 404, "not_found");
    expectError(await api.get(`/api/v3/agents/${ids.otherShared}`, { key: alice.key }), 404, "not_found");
    expectError(await api.get(`/api/v3/agents/987654`, { key: alice.key }), 404, "not_found");
    expectError(await api.patch(`/api/v3/agents/${ids.alicePrivate}`, { key: bob.key, body: { name: "x" } }), 404, "not_found");
    expectError(await api.delete(`/api/v3/agents/${ids.alicePrivate}`, { key: bob.key }), 404, "not_found");
    const shared = await api.get(`/api/v3/agents/${ids.aliceShared}`, { key: bob.key });
    expect(shared.status).toBe(200);
    expect(shared.body.can_edit).toBe(false);
  });

  it("filters by name and visibility and paginates", async () => {
    expect(await listIds(acme.admin.key, "&name=PRIVATE")).toEqual([ids.alicePrivate, ids.bobPrivate, ids.adminPrivate].sort((a, b) => a - b));
    expect(await listIds(acme.admin.key, "&visibility=company")).toEqual([ids.aliceShared]);
    const page = await api.get("/api/v3/agents?page_size=2&page=2", { key: acme.admin.key });
    expect(page.body).toMatchObject({ count: 4, results: [expect.anything(), expect.anything()] });
    expect(page.body.next).toBeNull();
    expect(page.body.previous).toContain("page=1");
    // Newest first.
    const first = await api.get("/api/v3/agents?page_size=1", { key: acme.admin.key });
    expect(first.body.results[0].id).toBe(ids.adminPrivate);
    expectError(await api.get("/api/v3/agents?visibility=public", { key: acme.admin.key }), 422, "validation_error");
  });
});

describe("update and delete", () => {
  it("lets the owner change their agent, partially", async () => {
    const res = await api.patch(`/api/v3/agents/${ids.alicePrivate}`, { key: alice.key, body: { description: "new", top_k: 3, model: "m1" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: "Alice private", description: "new", top_k: 3, model: "m1" });
    const reset = await api.patch(`/api/v3/agents/${ids.alicePrivate}`, { key: alice.key, body: { top_k: null, model: null } });
    expect(reset.body).toMatchObject({ top_k: null, model: null, description: "new" });
    expectError(
      await api.patch(`/api/v3/agents/${ids.alicePrivate}`, { key: alice.key, body: { workspace_ids: [other.defaultWorkspaceId] } }),
      422,
      "validation_error",
    );
  });

  it("refuses changes by other users who can see a shared agent (403)", async () => {
    expectError(await api.patch(`/api/v3/agents/${ids.aliceShared}`, { key: bob.key, body: { name: "mine" } }), 403, "insufficient_permissions");
    expectError(await api.delete(`/api/v3/agents/${ids.aliceShared}`, { key: bob.key }), 403, "insufficient_permissions");
    const scoped = await seedScopedKey(alice, acme.defaultWorkspaceId, "owner");
    expectError(await api.patch(`/api/v3/agents/${ids.aliceShared}`, { key: scoped, body: { name: "mine" } }), 403, "insufficient_permissions");
    expect((await db().agent.findUniqueOrThrow({ where: { id: ids.aliceShared } })).name).toBe("Alice shared");
  });

  it("lets a company admin change and delete any agent of the company", async () => {
    const res = await api.patch(`/api/v3/agents/${ids.bobPrivate}`, { key: acme.admin.key, body: { visibility: "company" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ visibility: "company", owner_id: bob.userId, can_edit: true });
    expect(await listIds(alice.key)).toContain(ids.bobPrivate);
    expect((await api.delete(`/api/v3/agents/${ids.bobPrivate}`, { key: acme.admin.key })).status).toBe(204);
    expectError(await api.get(`/api/v3/agents/${ids.bobPrivate}`, { key: bob.key }), 404, "not_found");
  });

  it("lets the owner delete their agent", async () => {
    const made = await create(bob.key, { name: "Temporary" });
    expect((await api.delete(`/api/v3/agents/${made.body.id}`, { key: bob.key })).status).toBe(204);
    expect(await db().agent.count({ where: { id: made.body.id } })).toBe(0);
  });
});
