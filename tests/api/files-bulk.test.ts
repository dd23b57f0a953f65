// POST /api/v3/files/bulk-update (beyond the spec) through the route handler: tags added and removed and files
// moved for many files at once, all or nothing (404, 403, 400 and 422 change nothing), another company's
// file or workspace a 404, and chunks moving with their file so search scopes follow.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { addWorkspaceMember, type SeededCompany, type SeededUser, seedCompany, seedUser } from "../factories";
import { seedParsedFile } from "../factories/files";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

let acme: SeededCompany;
let other: SeededCompany;
let editor: SeededUser;
let ws: { a: number; b: number; readOnly: number; full: number; synced: number };
let tags: { urgent: number; archive: number; foreign: number };

const bulk = (key: string, body: unknown) => api.post("/api/v3/files/bulk-update", { key, body });

async function workspace(company: SeededCompany, name: string, data: Record<string, unknown> = {}) {
  return (await db().workspace.create({ data: { companyId: company.companyId, name, ...data } })).id;
}

async function tag(company: SeededCompany, name: string) {
  return (await db().tag.create({ data: { companyId: company.companyId, name, nameKey: name.toLowerCase() } })).id;
}

async function fileWithChunk(workspaceId: number, companyId = acme.companyId) {
  const id = await seedParsedFile(companyId, workspaceId, { filename: `f-${Math.random().toString(36).slice(2)}.html` });
  await db().$executeRaw`INSERT INTO chunks (company_id, workspace_id, file_id, chunk_index, page, heading_path, content, token_count, language)
    VALUES (${companyId}, ${workspaceId}, ${id}, 0, 1, '', 'Invoice number INV-1', 3, 'english')`;
  return id;
}

const tagNames = async (id: number) => (await db().fileTag.findMany({ where: { fileId: id }, include: { tag: true } })).map((t) => t.tag.name).sort();

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-files-bulk-test-");
  setEnvForTests({});
  acme = await seedCompany();
  other = await seedCompany();
  editor = await seedUser(acme.companyId);
  ws = {
    a: await workspace(acme, "A"),
    b: await workspace(acme, "B"),
    readOnly: await workspace(acme, "Read only"),
    full: await workspace(acme, "Full", { storageQuotaMb: 0 }),
    synced: await workspace(acme, "Synced", { documentUploadMethod: "sync" }),
  };
  for (const id of [ws.a, ws.b, ws.full, ws.synced]) await addWorkspaceMember(id, editor.userId, "editor");
  await addWorkspaceMember(ws.readOnly, editor.userId, "viewer");
  tags = { urgent: await tag(acme, "Urgent"), archive: await tag(acme, "Archive"), foreign: await tag(other, "Theirs") };
});

describe("POST /api/v3/files/bulk-update", () => {
  it("adds and removes tags on every file, keeping others, and answers the changed files in order", async () => {
    const [f1, f2] = [await fileWithChunk(ws.a), await fileWithChunk(ws.a)];
    await db().fileTag.create({ data: { fileId: f2, tagId: tags.archive, autoAssigned: true } });
    const res = await bulk(editor.key, { ids: [f2, f1, f2], add_tag_ids: [tags.urgent] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((f: { id: number }) => f.id)).toEqual([f2, f1]);
    expect(res.body.results[0].tags.map((t: { name: string }) => t.name).sort()).toEqual(["Archive", "Urgent"]);
    expect(await tagNames(f1)).toEqual(["Urgent"]);

    // Removing takes off automatic assignments too; adding twice is harmless.
    expect((await bulk(editor.key, { ids: [f1, f2], add_tag_ids: [tags.urgent], remove_tag_ids: [tags.archive] })).status).toBe(200);
    expect(await tagNames(f2)).toEqual(["Urgent"]);
    expect((await bulk(editor.key, { ids: [f1, f2], remove_tag_ids: [tags.urgent] })).status).toBe(200);
    expect([await tagNames(f1), await tagNames(f2)]).toEqual([[], []]);
  });

  it("moves files with their chunks; a file already there stays", async () => {
    const [f1, f2] = [await fileWithChunk(ws.a), await fileWithChunk(ws.b)];
    const res = await bulk(editor.key, { ids: [f1, f2], workspace_id: ws.b });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((f: { workspace: { id: number } }) => f.workspace.id)).toEqual([ws.b, ws.b]);
    expect(await db().chunk.count({ where: { fileId: { in: [f1, f2] }, workspaceId: ws.b } })).toBe(2);
  });

  it("changes nothing when any file is missing, hidden or another company's (one 404)", async () => {
    const mine = await fileWithChunk(ws.a);
    const hidden = await fileWithChunk(await workspace(acme, "Board only"));
    const theirs = await fileWithChunk(other.defaultWorkspaceId, other.companyId);
    for (const ids of [
      [mine, 99_999_999],
      [mine, hidden],
      [mine, theirs],
    ]) {
      expectError(await bulk(editor.key, { ids, add_tag_ids: [tags.urgent] }), 404, "not_found");
    }
    expect(await tagNames(mine)).toEqual([]);
    // Another company's workspace as the target, and another company's tag.
    expectError(await bulk(editor.key, { ids: [mine], workspace_id: other.defaultWorkspaceId }), 404, "not_found");
    expectError(await bulk(editor.key, { ids: [mine], add_tag_ids: [tags.foreign] }), 422, "validation_error");
    expect((await db().file.findUniqueOrThrow({ where: { id: mine } })).workspaceId).toBe(ws.a);
  });

  it("refuses with 403 when any file or the target may not be edited, 400 into a synced or closed workspace", async () => {
    const mine = await fileWithChunk(ws.a);
    const readOnly = await fileWithChunk(ws.readOnly);
    expectError(await bulk(editor.key, { ids: [mine, readOnly], add_tag_ids: [tags.urgent] }), 403, "insufficient_permissions");
    expectError(await bulk(editor.key, { ids: [mine], workspace_id: ws.readOnly }), 403, "insufficient_permissions");
    expectError(await bulk(editor.key, { ids: [mine], workspace_id: ws.synced }), 400, "bad_request");
    expectError(await bulk(editor.key, { ids: [mine], workspace_id: ws.full, add_tag_ids: [tags.urgent] }), 400, "UPLOADS_DISABLED");
    expect(await tagNames(mine)).toEqual([]);
    expect((await db().file.findUniqueOrThrow({ where: { id: mine } })).workspaceId).toBe(ws.a);
  });

  it("validates the body: ids, at least one change, no tag both added and removed", async () => {
    const mine = await fileWithChunk(ws.a);
    expectError(await bulk(editor.key, { ids: [], add_tag_ids: [tags.urgent] }), 422, "validation_error");
    expectError(await bulk(editor.key, { ids: [0], add_tag_ids: [tags.urgent] }), 422, "validation_error");
    expectError(await bulk(editor.key, { ids: [mine] }), 422, "validation_error");
    expectError(await bulk(editor.key, { ids: [mine], add_tag_ids: [tags.urgent], remove_tag_ids: [tags.urgent] }), 422, "validation_error");
    expectError(await bulk(editor.key, { ids: [mine], title: "x" }), 422, "validation_error");
    expectError(await api.post("/api/v3/files/bulk-update", { body: { ids: [mine], add_tag_ids: [tags.urgent] } }), 401, "unauthorized");
  });
});
