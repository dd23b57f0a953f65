// Public datasets (issue 20), the access matrix through the HTTP layer: who sees a public dataset's files
// (list, get, content, search, ask) and who may bulk-delete them. Managers: always, and may delete; an
// opted-in company (console members, a key granting the dataset): reads, 403 on every write; an instance
// admin without the permission, a company-scoped key and a company not opted in: 404, as for a missing id.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { as, buildPublicWorld, type Caller, type PublicWorld } from "../helpers/public-datasets-world";

useTestDatabase();

let w: PublicWorld;
const MISSING = 987_654;

beforeAll(async () => {
  setEnvForTests({});
  w = await buildPublicWorld();
}, 240_000);

type Row = { name: string; caller: () => Caller };
const readers: Row[] = [
  { name: "a public-dataset manager", caller: () => ({ key: w.manager.key }) },
  { name: "the opted-in company's admin (console)", caller: () => ({ cookie: w.readerAdminCookie }) },
  { name: "the opted-in company's member (console)", caller: () => ({ cookie: w.readerMemberCookie }) },
  { name: "a read-only key granting the dataset", caller: () => ({ key: w.readOnlyKey }) },
  { name: "an editor key granting the dataset", caller: () => ({ key: w.editorKey }) },
];
const blind: Row[] = [
  { name: "an instance admin without the permission", caller: () => ({ key: w.adminWithoutPermission.key }) },
  { name: "the opted-in company's company-scoped key", caller: () => ({ key: w.reader.admin.key }) },
  { name: "a company not opted in (key)", caller: () => ({ key: w.outsider.admin.key }) },
  { name: "a company not opted in (console)", caller: () => ({ cookie: w.outsiderAdminCookie }) },
];

async function listIds(caller: Caller, query = ""): Promise<number[]> {
  const res = await api.get(`/api/v3/files?page_size=100${query}`, as(caller));
  expect(res.status, res.text).toBe(200);
  expect(res.body.count).toBe(res.body.results.length);
  return res.body.results.map((f: { id: number }) => f.id);
}

async function searchHits(caller: Caller, query: string) {
  const res = await api.post("/api/v3/search", as(caller, { query, top_k: 10 }));
  expect(res.status, res.text).toBe(200);
  return res.body.results as { file_id: number; workspace_id: number; score: number }[];
}

async function askSources(caller: Caller, query: string) {
  const res = await api.post("/api/v3/ask", as(caller, { query }));
  expect(res.status, res.text).toBe(200);
  return res.body.sources as { file_id: number; workspace_id: number }[];
}

describe.each(readers)("$name", ({ caller }) => {
  it("lists the dataset's files (also filtered with workspace_id), gets them and their content", async () => {
    expect(await listIds(caller())).toContain(w.publicFile);
    expect((await listIds(caller(), `&workspace_id=${w.dataset}`)).sort()).toEqual([w.publicFile, w.spareFile].sort());
    const file = await api.get(`/api/v3/files/${w.publicFile}`, as(caller()));
    expect(file.status, file.text).toBe(200);
    expect(file.body.workspace).toMatchObject({ id: w.dataset, is_public: true });
    const content = await api.get(`/api/v3/files/${w.publicFile}/content`, as(caller()));
    expect(content.status).toBe(200);
    expect(content.text).toContain("Gearbox lubrication");
  });

  it("finds the dataset's passages by search and ask, each naming its workspace", async () => {
    const hits = await searchHits(caller(), "gearbox lubrication");
    expect(hits.find((h) => h.file_id === w.publicFile)?.workspace_id).toBe(w.dataset);
    const sources = await askSources(caller(), "How often is the gearbox lubricated?");
    expect(sources.find((s) => s.file_id === w.publicFile)?.workspace_id).toBe(w.dataset);
  });
});

describe.each(blind)("$name", ({ caller }) => {
  it("sees nothing of the dataset: not listed, 404 like a missing id, no search or ask hit", async () => {
    expect(await listIds(caller())).not.toContain(w.publicFile);
    expect(await listIds(caller(), `&workspace_id=${w.dataset}`)).toEqual([]);
    for (const path of [`/api/v3/files/${w.publicFile}`, `/api/v3/files/${w.publicFile}/content`, `/api/v3/workspaces/${w.dataset}`]) {
      const hidden = expectError(await api.get(path, as(caller())), 404, "not_found");
      const missing = expectError(await api.get(path.replace(/\/\d+/, `/${MISSING}`), as(caller())), 404, "not_found");
      expect(hidden.detail).toBe(missing.detail);
    }
    expect((await searchHits(caller(), "gearbox lubrication")).map((h) => h.workspace_id)).not.toContain(w.dataset);
    expect((await askSources(caller(), "How often is the gearbox lubricated?")).map((s) => s.workspace_id)).not.toContain(w.dataset);
    expectError(await api.post("/api/v3/files/bulk-delete", as(caller(), { ids: [w.publicFile] })), 404, "not_found");
  });
});

describe("writes", () => {
  const opted: Row[] = readers.slice(1);
  it.each(opted)("$name gets 403 on bulk delete and every other write, and nothing changes", async ({ caller }) => {
    expectError(await api.post("/api/v3/files/bulk-delete", as(caller(), { ids: [w.publicFile] })), 403, "insufficient_permissions");
    expectError(await api.patch(`/api/v3/files/${w.publicFile}`, as(caller(), { title: "mine now" })), 403, "insufficient_permissions");
    expectError(await api.delete(`/api/v3/files/${w.publicFile}`, as(caller())), 403, "insufficient_permissions");
    expectError(await api.patch(`/api/v3/workspaces/${w.dataset}`, as(caller(), { name: "renamed" })), 403, "insufficient_permissions");
    const form = new FormData();
    form.append("file", new Blob(["intruder"]), "intruder.txt");
    form.append("workspace_id", String(w.dataset));
    const auth = as(caller());
    expectError(await api.post("/api/v3/files", { ...auth, raw: form }), 403, "insufficient_permissions");
    const file = await db().file.findUniqueOrThrow({ where: { id: w.publicFile } });
    expect(file.title).toBe("turbine-manual");
    expect(await db().file.count({ where: { workspaceId: w.dataset } })).toBe(2);
  });

  it("a bulk delete mixing own and public files is refused whole (403) and deletes nothing", async () => {
    const res = await api.post("/api/v3/files/bulk-delete", as({ cookie: w.readerAdminCookie }, { ids: [w.readerOwnFile, w.publicFile] }));
    expectError(res, 403, "insufficient_permissions");
    expect(await db().file.count({ where: { id: { in: [w.readerOwnFile, w.publicFile] } } })).toBe(2);
  });

  it("an instance admin without the permission cannot publish; a manager bulk-deletes a dataset file", async () => {
    const refused = await api.post("/api/v3/workspaces", { key: w.adminWithoutPermission.key, body: { name: "Sneaky", is_public: true } });
    expectError(refused, 403, "insufficient_permissions");
    expect((await api.post("/api/v3/files/bulk-delete", { key: w.manager.key, body: { ids: [w.spareFile] } })).status).toBe(204);
    expect(await db().file.count({ where: { id: w.spareFile } })).toBe(0);
  });
});

describe("one ranking, metered to the asker", () => {
  it("combines the company's own and the public passages, each with its workspace, best first", async () => {
    const hits = await searchHits({ cookie: w.readerAdminCookie }, "turbine gearbox");
    const workspaces = new Set(hits.map((h) => h.workspace_id));
    expect(workspaces).toEqual(new Set([w.reader.defaultWorkspaceId, w.dataset]));
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1].score).toBeGreaterThanOrEqual(hits[i].score);
    // The public dataset also shows up in the files list's search, beside the company's own file.
    const listed = await api.get(`/api/v3/files?search=${encodeURIComponent("turbine gearbox")}`, as({ cookie: w.readerAdminCookie }));
    expect(listed.body.results.map((f: { id: number }) => f.id).sort()).toEqual([w.readerOwnFile, w.publicFile].sort());
  });

  it("records search and ask usage for the company that asks, never for the publisher", async () => {
    const where = (companyId: number, feature: string) => ({ where: { companyId, feature } });
    const before = await db().usageEvent.count(where(w.reader.companyId, "search"));
    const ragBefore = await db().usageEvent.count(where(w.reader.companyId, "rag"));
    const publisherBefore = await db().usageEvent.count(where(w.publisher.companyId, "search"));
    await searchHits({ key: w.readOnlyKey }, "blade inspection");
    await askSources({ key: w.readOnlyKey }, "When are blades inspected?");
    expect(await db().usageEvent.count(where(w.reader.companyId, "search"))).toBe(before + 1);
    expect(await db().usageEvent.count(where(w.reader.companyId, "rag"))).toBe(ragBefore + 1);
    expect(await db().usageEvent.count(where(w.publisher.companyId, "search"))).toBe(publisherBefore);
  });
});

describe("opting out", () => {
  it("turns the opted-in company's keys and members back to 404", async () => {
    const off = await api.patch(`/api/v3/companies/${w.reader.companyId}`, { key: w.root.key, body: { public_datasets: false } });
    expect(off.status).toBe(200);
    expectError(await api.get(`/api/v3/files/${w.publicFile}`, { key: w.readOnlyKey }), 404, "not_found");
    expectError(await api.get(`/api/v3/files/${w.publicFile}`, as({ cookie: w.readerMemberCookie })), 404, "not_found");
    expect(await listIds({ cookie: w.readerAdminCookie })).toEqual([w.readerOwnFile]);
    await api.patch(`/api/v3/companies/${w.reader.companyId}`, { key: w.root.key, body: { public_datasets: true } });
    expect((await api.get(`/api/v3/files/${w.publicFile}`, { key: w.readOnlyKey })).status).toBe(200);
  });
});
