// Files API through the route handlers: upload (direct and via sessions), quotas, ingestion to
// `embedded`, single-file operations, all-or-nothing bulk delete, content/preview/thumbnail.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { jobDefinitions } from "@/inngest/functions";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { storage } from "@/lib/storage/storage";
import { addWorkspaceMember, type SeededCompany, seedCompany, seedUser } from "../factories";
import { documentFixtures, type Fixtures, FIXTURE_TEXT as T } from "../fixtures/documents";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

let fx: Fixtures;
let acme: SeededCompany;

function form(file: string | null, fields: Record<string, string> = {}, name?: string): FormData {
  const f = new FormData();
  if (file) f.append("file", new Blob([fs.readFileSync(file)]), name ?? path.basename(file));
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const upload = (key: string, f: FormData) => api.post("/api/v3/files", { key, raw: f });

async function drain() {
  await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20 }).drain({ timeoutMs: 180_000 });
}

async function newWorkspace(company: SeededCompany, name: string, quota?: number | null) {
  const res = await api.post("/api/v3/workspaces", {
    key: company.admin.key,
    body: { name, ...(quota !== undefined ? { storage_quota_mb: quota } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-files-test-");
  setEnvForTests({});
  fx = await documentFixtures();
  acme = await seedCompany({ tier: "business" });
}, 240_000);

describe("upload and ingestion", () => {
  it("uploads into the default workspace and ingests the file to embedded", async () => {
    const tag = (await api.post("/api/v3/tags", { key: acme.admin.key, body: { name: "Reports" } })).body;
    const res = await upload(
      acme.admin.key,
      form(fx.files.pdf, { tag_ids: String(tag.id), external_metadata: JSON.stringify({ external_id: "EXT-1", doc_type: "Annual Report" }) }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      filename: "report.pdf",
      title: "report",
      extension: "pdf",
      status: "pending",
      status_vision: "-",
      workspace: { id: acme.defaultWorkspaceId, name: "General", workspace_type: "shared" },
      size: fs.statSync(fx.files.pdf).size,
      tags: [{ id: tag.id, name: "Reports", auto_assigned: false }],
      external_metadata: { external_id: "EXT-1", doc_type: "Annual Report" },
      created_by: { id: acme.admin.userId },
      content_types: [],
    });
    await drain();
    const file = (await api.get(`/api/v3/files/${res.body.id}`, { key: acme.admin.key })).body;
    expect(file).toMatchObject({ status: "embedded", total_pages: 3, thumbnail: { status: "READY", url: `/api/v3/files/${res.body.id}/thumbnail` } });
    expect(file.summaries[0].summary.length).toBeGreaterThan(10);
    expect(file.chunk_count).toBeGreaterThan(0);
    expect(file.content_preview).toContain(T.title);
    const pages = (await api.get(`/api/v3/files/${res.body.id}/pages`, { key: acme.admin.key })).body.pages;
    expect(pages.map((p: { page: number }) => p.page)).toEqual([1, 2, 3]);
    const ws = (await api.get(`/api/v3/workspaces/${acme.defaultWorkspaceId}`, { key: acme.admin.key })).body;
    expect(ws.files_count).toBeGreaterThanOrEqual(1);
    expect(ws.used_storage).toBeGreaterThanOrEqual(file.size);
    const usage = await db().usageEvent.findMany({ where: { companyId: acme.companyId, feature: "ingestion" } });
    expect(usage.reduce((n, u) => n + u.quantity, 0)).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it("starts DOC files in pending_conversion", async () => {
    const res = await upload(acme.admin.key, form(fx.files.doc));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("pending_conversion");
    await drain();
    expect((await api.get(`/api/v3/files/${res.body.id}`, { key: acme.admin.key })).body).toMatchObject({ status: "embedded", total_pages: 3 });
  }, 120_000);

  it("refuses bad uploads with the documented errors", async () => {
    expectError(await upload(acme.admin.key, form(null, { title: "x" })), 400, "no_file");
    const empty = new FormData();
    empty.append("file", new Blob([]), "empty.pdf");
    expectError(await upload(acme.admin.key, empty), 400, "no_file");
    const gif = path.join(fx.dir, "x.gif");
    fs.writeFileSync(gif, Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
    expectError(await upload(acme.admin.key, form(gif)), 400, "unsupported_file_format");
    expectError(await upload(acme.admin.key, form(fx.files.txt, { workspace_id: "999999" })), 404, "not_found");
    expectError(await upload(acme.admin.key, form(fx.files.txt, { tag_ids: "999999" })), 422, "validation_error");
    expectError(await upload(acme.admin.key, form(fx.files.txt, { external_metadata: "{oops" })), 422, "validation_error");
    expectError(await api.post("/api/v3/files", { key: acme.admin.key, body: { file: "x" } }), 415, "unsupported_media_type");
    setEnvForTests({ FILE_UPLOAD_MAX_BYTES: "1000" });
    try {
      const err = expectError(await upload(acme.admin.key, form(fx.files.pdf)), 413, "payload_too_large");
      expect(err.detail).toContain("1000");
    } finally {
      setEnvForTests({});
    }
    expect(await db().file.count({ where: { companyId: acme.companyId, filename: { in: ["x.gif", "empty.pdf"] } } })).toBe(0);
  });

  it("enforces workspace quotas and the free tier's cap", async () => {
    const disabled = await newWorkspace(acme, "No uploads", 0);
    expectError(await upload(acme.admin.key, form(fx.files.txt, { workspace_id: String(disabled) })), 400, "UPLOADS_DISABLED");
    const tiny = await newWorkspace(acme, "Tiny", 1);
    const big = path.join(fx.dir, "big.txt");
    fs.writeFileSync(big, "word ".repeat(300_000));
    const err = expectError(await upload(acme.admin.key, form(big, { workspace_id: String(tiny) })), 400, "STORAGE_LIMIT_REACHED");
    expect(err.detail).toContain(String(1024 * 1024));
    expect(err.detail).toMatch(/\d+ bytes are used/);
    const free = await seedCompany({ tier: "free" });
    setEnvForTests({ STORAGE_ALLOWANCE_FREE_BYTES: "50" });
    try {
      expectError(await upload(free.admin.key, form(fx.files.txt)), 400, "STORAGE_LIMIT_REACHED");
    } finally {
      setEnvForTests({});
    }
  });

  it("applies workspace roles: viewers cannot upload, other companies' workspaces are 404", async () => {
    const ws = await newWorkspace(acme, "Viewers only");
    const viewer = await seedUser(acme.companyId);
    await addWorkspaceMember(ws, viewer.userId, "viewer");
    expectError(await upload(viewer.key, form(fx.files.txt, { workspace_id: String(ws) })), 403, "insufficient_permissions");
    const other = await seedCompany();
    expectError(await upload(other.admin.key, form(fx.files.txt, { workspace_id: String(ws) })), 404, "not_found");
  });
});

describe("upload sessions", () => {
  it("uploads a batch into the session's workspace and filters the list by session", async () => {
    const ws = await newWorkspace(acme, "Batch");
    const session = await api.post("/api/v3/files/upload-sessions", { key: acme.admin.key, body: { workspace_id: ws } });
    expect(session.status).toBe(201);
    expect(session.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(session.body.expires_at)).toBeGreaterThan(Date.now());
    for (const f of [fx.files.txt, fx.files.md]) {
      const res = await api.post(`/api/v3/files/upload-sessions/${session.body.uuid}/files`, { key: acme.admin.key, raw: form(f) });
      expect(res.status, res.text).toBe(201);
      expect(res.body.workspace.id).toBe(ws);
    }
    const list = await api.get(`/api/v3/files?upload_session_uuid=${session.body.uuid}`, { key: acme.admin.key });
    expect(list.body.count).toBe(2);
    expectError(
      await api.post(`/api/v3/files/upload-sessions/00000000-0000-4000-8000-000000000000/files`, { key: acme.admin.key, raw: form(fx.files.txt) }),
      404,
      "upload_session_not_found",
    );
    expectError(
      await api.post(`/api/v3/files/upload-sessions/not-a-uuid/files`, { key: acme.admin.key, raw: form(fx.files.txt) }),
      404,
      "upload_session_not_found",
    );
    await db().uploadSession.update({ where: { id: session.body.uuid }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(
      await api.post(`/api/v3/files/upload-sessions/${session.body.uuid}/files`, { key: acme.admin.key, raw: form(fx.files.txt) }),
      400,
      "upload_session_expired",
    );
  });
});

describe("single files", () => {
  it("updates title, tags, metadata and moves between workspaces", async () => {
    const f = (await upload(acme.admin.key, form(fx.files.txt))).body;
    const tag = (await api.post("/api/v3/tags", { key: acme.admin.key, body: { name: "Moved" } })).body;
    const target = await newWorkspace(acme, "Archive");
    const res = await api.patch(`/api/v3/files/${f.id}`, {
      key: acme.admin.key,
      body: { title: "Notes 2026", tag_ids: [tag.id], external_metadata: { external_id: "N-1" }, workspace_id: target },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      title: "Notes 2026",
      tags: [{ id: tag.id }],
      external_metadata: { external_id: "N-1" },
      workspace: { id: target },
    });
    const cleared = await api.patch(`/api/v3/files/${f.id}`, { key: acme.admin.key, body: { external_metadata: null, tag_ids: [] } });
    expect(cleared.body).toMatchObject({ external_metadata: null, tags: [] });
    expectError(await api.patch(`/api/v3/files/${f.id}`, { key: acme.admin.key, body: { colour: "red" } }), 422, "validation_error");
  });

  it("serves content, PDF previews and thumbnails", async () => {
    const pdf = (await upload(acme.admin.key, form(fx.files.pdf))).body;
    const docx = (await upload(acme.admin.key, form(fx.files.docx))).body;
    const png = (await upload(acme.admin.key, form(fx.files.png))).body;
    const txt = (await upload(acme.admin.key, form(fx.files.txt))).body;
    await drain();
    const content = await api.get(`/api/v3/files/${pdf.id}/content`, { key: acme.admin.key });
    expect(content.status).toBe(200);
    expect(content.headers.get("content-type")).toBe("application/pdf");
    expect(content.headers.get("content-disposition")).toContain("report.pdf");
    for (const id of [pdf.id, docx.id, png.id]) {
      const preview = await api.get(`/api/v3/files/${id}/preview`, { key: acme.admin.key });
      expect(preview.status, preview.text.slice(0, 200)).toBe(200);
      expect(preview.headers.get("content-type")).toBe("application/pdf");
      expect(preview.text.startsWith("%PDF")).toBe(true);
    }
    expectError(await api.get(`/api/v3/files/${txt.id}/preview`, { key: acme.admin.key }), 400, "unsupported_format");
    const thumb = await api.get(`/api/v3/files/${pdf.id}/thumbnail`, { key: acme.admin.key });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/png");
  }, 180_000);

  it("deletes a file with its chunks and stored bytes; viewers may not", async () => {
    const f = (await upload(acme.admin.key, form(fx.files.md))).body;
    await drain();
    const row = await db().file.findUniqueOrThrow({ where: { id: f.id } });
    expect(await storage().exists(row.storageKey)).toBe(true);
    const viewer = await seedUser(acme.companyId);
    await db().workspaceMember.update({
      where: { workspaceId_userId: { workspaceId: acme.defaultWorkspaceId, userId: viewer.userId } },
      data: { role: "viewer" },
    });
    expectError(await api.delete(`/api/v3/files/${f.id}`, { key: viewer.key }), 403, "insufficient_permissions");
    expect((await api.delete(`/api/v3/files/${f.id}`, { key: acme.admin.key })).status).toBe(204);
    expect(await db().chunk.count({ where: { fileId: f.id } })).toBe(0);
    expect(await storage().exists(row.storageKey)).toBe(false);
    expectError(await api.get(`/api/v3/files/${f.id}`, { key: acme.admin.key }), 404, "not_found");
  });
});

describe("bulk delete", () => {
  it("is all or nothing: 404, 403 and 400 delete nothing; success deletes all", async () => {
    const ws = await newWorkspace(acme, "Bulk");
    const restricted = await newWorkspace(acme, "Restricted");
    const editor = await seedUser(acme.companyId);
    await addWorkspaceMember(ws, editor.userId, "editor");
    await addWorkspaceMember(restricted, editor.userId, "viewer");
    const a = (await upload(acme.admin.key, form(fx.files.txt, { workspace_id: String(ws) }))).body;
    const b = (await upload(acme.admin.key, form(fx.files.md, { workspace_id: String(ws) }))).body;
    const c = (await upload(acme.admin.key, form(fx.files.txt, { workspace_id: String(restricted) }))).body;
    const other = await seedCompany();
    const foreign = (await upload(other.admin.key, form(fx.files.txt))).body;

    expectError(await api.post("/api/v3/files/bulk-delete", { key: editor.key, body: { ids: [a.id, 999999] } }), 404, "not_found");
    expectError(await api.post("/api/v3/files/bulk-delete", { key: editor.key, body: { ids: [a.id, foreign.id] } }), 404, "not_found");
    expectError(await api.post("/api/v3/files/bulk-delete", { key: editor.key, body: { ids: [a.id, c.id] } }), 403, "insufficient_permissions");
    await db().workspace.update({ where: { id: restricted }, data: { documentUploadMethod: "sync" } });
    expectError(await api.post("/api/v3/files/bulk-delete", { key: acme.admin.key, body: { ids: [a.id, c.id] } }), 400, "bad_request");
    expect(await db().file.count({ where: { id: { in: [a.id, b.id, c.id, foreign.id] } } })).toBe(4);
    expectError(await api.post("/api/v3/files/bulk-delete", { key: editor.key, body: { ids: [0] } }), 422, "validation_error");
    expectError(await api.post("/api/v3/files/bulk-delete", { key: editor.key, body: { ids: [] } }), 422, "validation_error");

    expect((await api.post("/api/v3/files/bulk-delete", { key: editor.key, body: { ids: [a.id, b.id] } })).status).toBe(204);
    expect(await db().file.count({ where: { id: { in: [a.id, b.id] } } })).toBe(0);
    expect(await db().file.count({ where: { id: { in: [c.id, foreign.id] } } })).toBe(2);
  });

  it("deletes a workspace's files with it only when forced", async () => {
    const ws = await newWorkspace(acme, "Doomed");
    const f = (await upload(acme.admin.key, form(fx.files.txt, { workspace_id: String(ws) }))).body;
    const row = await db().file.findUniqueOrThrow({ where: { id: f.id } });
    expectError(await api.delete(`/api/v3/workspaces/${ws}`, { key: acme.admin.key }), 400, "bad_request");
    expect((await api.delete(`/api/v3/workspaces/${ws}?force=true`, { key: acme.admin.key })).status).toBe(204);
    expect(await db().file.count({ where: { id: f.id } })).toBe(0);
    expect(await storage().exists(row.storageKey)).toBe(false);
  });
});
