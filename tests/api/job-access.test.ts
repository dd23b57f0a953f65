// Who may read a parse or extract job, an agent, usage and keys within one company (issue 16, part 5): a job
// is visible to its creator and company admins, one extracted from an ingested file only to callers who can
// read that file; a workspace-scoped key sees only what it made and what its workspace grants. Hidden looks
// exactly like missing: 404 not_found.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { addWorkspaceMember, type SeededCompany, type SeededUser, seedCompany, seedScopedKey, seedUser } from "../factories";
import { seedParsedFile } from "../factories/files";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const SCHEMA = { type: "object", properties: { invoice_number: { type: "string", description: "Invoice number" } } };

let acme: SeededCompany;
let alice: SeededUser; // member of Team, not of Board
let bob: SeededUser; // member of Team
let board: number; // workspace only admins can read
let team: number; // workspace alice and bob read
let boardFile: number;
let teamFile: number;

async function extractFile(key: string, fileId: number): Promise<string> {
  const res = await api.post("/api/v3/extract", { key, body: { file_id: fileId, schema: SCHEMA } });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

async function parseUpload(key: string, text: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([`<html><body><h1>Minutes</h1><p>${text}</p></body></html>`], { type: "text/html" }), "minutes.html");
  const res = await api.post("/api/v3/parse", { key, raw: form });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

const getExtract = (key: string, id: string) => api.get(`/api/v3/extract/${id}`, { key });
const getParse = (key: string, id: string) => api.get(`/api/v3/parse/${id}`, { key });

async function workspace(name: string): Promise<number> {
  const res = await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-job-access-test-");
  setEnvForTests({});
  acme = await seedCompany({ tier: "business" });
  alice = await seedUser(acme.companyId);
  bob = await seedUser(acme.companyId);
  board = await workspace("Board");
  team = await workspace("Team");
  await addWorkspaceMember(team, alice.userId, "viewer");
  await addWorkspaceMember(team, bob.userId, "viewer");
  boardFile = await seedParsedFile(acme.companyId, board, { filename: "board.html", pages: ["Invoice number: BOARD-1"] });
  teamFile = await seedParsedFile(acme.companyId, team, { filename: "team.html", pages: ["Invoice number: TEAM-1"] });
}, 120_000);

describe("a file the member cannot read", { timeout: 120_000 }, () => {
  it("hides the admin's extract job of that file and the admin's parse result from the member (404)", async () => {
    expectError(await api.get(`/api/v3/files/${boardFile}`, { key: alice.key }), 404, "not_found");
    const extractId = await extractFile(acme.admin.key, boardFile);
    const parseId = await parseUpload(acme.admin.key, "Confidential board minutes");

    expectError(await getExtract(alice.key, extractId), 404, "not_found");
    expectError(await getExtract(alice.key, `${extractId}?page=2`), 404, "not_found");
    expectError(await getParse(alice.key, parseId), 404, "not_found");
    // Exactly like an unknown id.
    const unknown = expectError(await getExtract(alice.key, "ext_000000000000000000000000"), 404, "not_found");
    expect((await getExtract(alice.key, extractId)).body).toEqual(unknown);

    const byAdmin = await getExtract(acme.admin.key, extractId);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body).toMatchObject({ id: extractId, status: "completed", document: { filename: "board.html" } });
    const parsed = await getParse(acme.admin.key, parseId);
    expect(parsed.status, parsed.text).toBe(200);
    expect(JSON.stringify(parsed.body.result)).toContain("Confidential board minutes");
  });

  it("lets another company admin read the job, and hides it from everyone once the file is gone", async () => {
    const secondAdmin = await seedUser(acme.companyId, { role: "company_admin" });
    const fileId = await seedParsedFile(acme.companyId, board, { filename: "doomed.html" });
    const id = await extractFile(acme.admin.key, fileId);
    expect((await getExtract(secondAdmin.key, id)).status).toBe(200);
    expect((await api.delete(`/api/v3/files/${fileId}`, { key: acme.admin.key })).status).toBe(204);
    expectError(await getExtract(acme.admin.key, id), 404, "not_found");
    expectError(await getExtract(secondAdmin.key, id), 404, "not_found");
  });
});

describe("a file both members can read", { timeout: 120_000 }, () => {
  it("shows a job to its creator and company admins, not to another member", async () => {
    const extractId = await extractFile(alice.key, teamFile);
    const parseId = await parseUpload(alice.key, "Alice's own notes");
    for (const key of [alice.key, acme.admin.key]) {
      expect((await getExtract(key, extractId)).status).toBe(200);
      expect((await getParse(key, parseId)).status).toBe(200);
    }
    // Bob can read the file itself, but the job (its schema, its rows) is Alice's.
    expect((await api.get(`/api/v3/files/${teamFile}`, { key: bob.key })).status).toBe(200);
    expectError(await getExtract(bob.key, extractId), 404, "not_found");
    expectError(await getParse(bob.key, parseId), 404, "not_found");
    // A company DPO is not an admin: another's job stays hidden.
    const dpo = await seedUser(acme.companyId, { role: "company_dpo" });
    expectError(await getExtract(dpo.key, extractId), 404, "not_found");
    expectError(await getParse(dpo.key, parseId), 404, "not_found");
  });

  it("hides a file-based job from its creator once the creator can no longer read the file", async () => {
    const carol = await seedUser(acme.companyId);
    const ws = await workspace("Temporary");
    await addWorkspaceMember(ws, carol.userId, "viewer");
    const fileId = await seedParsedFile(acme.companyId, ws);
    const id = await extractFile(carol.key, fileId);
    expect((await getExtract(carol.key, id)).status).toBe(200);
    expect((await api.delete(`/api/v3/workspaces/${ws}/members/${carol.userId}`, { key: acme.admin.key })).status).toBe(204);
    expectError(await getExtract(carol.key, id), 404, "not_found");
    expect((await getExtract(acme.admin.key, id)).status).toBe(200);
  });
});

describe("a workspace-scoped key", { timeout: 120_000 }, () => {
  it("never sees its owner's private agent, only shared agents its workspace can use", async () => {
    const make = async (body: Record<string, unknown>) => {
      const res = await api.post("/api/v3/agents", { key: acme.admin.key, body });
      expect(res.status, res.text).toBe(201);
      return res.body.id as number;
    };
    const privateAgent = await make({ name: "Owner private", workspace_ids: [team] });
    const sharedAnywhere = await make({ name: "Shared anywhere", visibility: "company" });
    const sharedTeam = await make({ name: "Shared team", visibility: "company", workspace_ids: [team, board] });
    const sharedBoard = await make({ name: "Shared board", visibility: "company", workspace_ids: [board] });
    const scoped = await seedScopedKey(acme.admin, team, "owner");

    expectError(await api.get(`/api/v3/agents/${privateAgent}`, { key: scoped }), 404, "not_found");
    expectError(await api.get(`/api/v3/agents/${sharedBoard}`, { key: scoped }), 404, "not_found");
    expectError(await api.post("/api/v3/ask", { key: scoped, body: { query: "x", agent_id: privateAgent } }), 404, "not_found");
    expectError(await api.patch(`/api/v3/agents/${privateAgent}`, { key: scoped, body: { name: "x" } }), 404, "not_found");
    expectError(await api.delete(`/api/v3/agents/${privateAgent}`, { key: scoped }), 404, "not_found");
    const shared = await api.get(`/api/v3/agents/${sharedTeam}`, { key: scoped });
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body.can_edit).toBe(false); // the owner's key, but a scoped key changes no agent
    const list = await api.get("/api/v3/agents?page_size=500", { key: scoped });
    expect(list.status).toBe(200);
    expect(list.body.results.map((a: { id: number }) => a.id).sort()).toEqual([sharedAnywhere, sharedTeam].sort());
    expect(list.body.count).toBe(2);
    // The owner's own credentials still see everything they own.
    expect((await api.get(`/api/v3/agents/${privateAgent}`, { key: acme.admin.key })).status).toBe(200);
  });

  it("sees only the jobs it created, and only while its workspace grants the file", async () => {
    const scoped = await seedScopedKey(acme.admin, team, "viewer");
    const sibling = await seedScopedKey(acme.admin, team, "viewer");
    // Its owner's jobs, inside and outside its workspace, are not its own.
    const ownerBoard = await extractFile(acme.admin.key, boardFile);
    const ownerTeam = await extractFile(acme.admin.key, teamFile);
    const ownerParse = await parseUpload(acme.admin.key, "Owner's parse");
    expectError(await getExtract(scoped, ownerBoard), 404, "not_found");
    expectError(await getExtract(scoped, ownerTeam), 404, "not_found");
    expectError(await getParse(scoped, ownerParse), 404, "not_found");
    // Its own jobs: visible to itself and to its owner, not to a sibling key or another member.
    const own = await extractFile(scoped, teamFile);
    const ownParse = await parseUpload(scoped, "Scoped parse");
    expect((await getExtract(scoped, own)).status).toBe(200);
    expect((await getParse(scoped, ownParse)).status).toBe(200);
    expect((await getExtract(acme.admin.key, own)).status).toBe(200);
    expect((await getParse(acme.admin.key, ownParse)).status).toBe(200);
    for (const key of [sibling, alice.key]) {
      expectError(await getExtract(key, own), 404, "not_found");
      expectError(await getParse(key, ownParse), 404, "not_found");
    }
    // Nor can it start a job on a file outside its workspace.
    expectError(await api.post("/api/v3/extract", { key: scoped, body: { file_id: boardFile, schema: SCHEMA } }), 404, "not_found");
  });

  it("sees its own usage and itself among API keys, not its owner's other keys", async () => {
    const scoped = await seedScopedKey(alice, team, "viewer");
    const usage = await api.get("/api/v3/usage", { key: scoped });
    expect(usage.status, usage.text).toBe(200);
    expectError(await api.get(`/api/v3/usage?api_key_id=${alice.keyId}`, { key: scoped }), 404, "not_found");
    const keys = await api.get("/api/v3/api-keys?page_size=500", { key: scoped });
    expect(keys.status, keys.text).toBe(200);
    expect(keys.body.count).toBe(1);
    expect(keys.body.results[0]).toMatchObject({ scope_type: "workspace" });
    expect(keys.body.results.map((k: { id: string }) => k.id)).not.toContain(alice.keyId);
    expectError(await api.delete(`/api/v3/api-keys/${alice.keyId}`, { key: scoped }), 404, "not_found");
    // Alice's company-wide key still sees both.
    const mine = await api.get("/api/v3/api-keys?page_size=500", { key: alice.key });
    expect(mine.body.count).toBe(2);
    expect((await api.get(`/api/v3/usage?api_key_id=${alice.keyId}`, { key: alice.key })).status).toBe(200);
  });
});
