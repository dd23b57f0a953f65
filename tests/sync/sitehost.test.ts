// The `sitehost` connector (SharePoint Online through Microsoft Graph) against a local fake of the Microsoft
// identity platform and Graph (fake-graph.ts), with the real msal-node and Graph client pointed at it, through
// the API and the job runner: connection tests and their error codes, a first import over several delta pages
// with subfolders, filters, throttling and an expired token, an incremental run (added, changed, deleted,
// moved out of scope), a folder scope without subfolders, an expired delta link, and a 10,000-file library.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { type SeededCompany, seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { type FakeDrive, type FakeGraph, type FakeItem, startFakeGraph, trustFakeGraph } from "./fake-graph";

useTestDatabase();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-sitehost-"));
let g: FakeGraph;
let acme: SeededCompany;
let docs: FakeDrive;
let archive: FakeDrive;
const ids = {} as Record<"reports" | "y2026" | "a" | "b" | "c" | "q1" | "q2" | "old1" | "old2" | "old", FakeItem>;

const drainSync = () => new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 240_000 });
const settings = (over: Record<string, unknown> = {}) => ({
  tenant_id: g.tenant,
  client_id: g.clientId,
  site_name: "contoso.sharepoint.com:/sites/Marketing",
  authority_host: g.base,
  graph_base_url: g.base,
  ...over,
});
const secrets = { client_secret: "" };
const testConnection = (s: Record<string, unknown>, sec = secrets) =>
  api.post("/api/v3/datasources/test", { key: acme.admin.key, body: { datasource_type: "sitehost", settings: s, secrets: sec } });

async function createSynced(name: string, over: Record<string, unknown> = {}, filter: unknown = { extensions: ["txt", "md"] }) {
  const res = await api.post("/api/v3/workspaces", {
    key: acme.admin.key,
    body: { name, datasource: { datasource_type: "sitehost", settings: settings(over), secrets, filter_criteria: filter } },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function latestRun(workspaceId: number) {
  return (await api.get(`/api/v3/workspaces/${workspaceId}/datasource/runs?page_size=1`, { key: acme.admin.key })).body.results[0];
}

async function filesOf(workspaceId: number) {
  const files = await db().file.findMany({ where: { workspaceId } });
  return new Map(files.map((f) => [f.filename, f]));
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

beforeAll(async () => {
  trustFakeGraph();
  setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
  setStorageForTests(undefined);
  g = await startFakeGraph();
  secrets.client_secret = g.secret;
  const site = g.addSite("contoso.sharepoint.com", "sites/Marketing", "Marketing");
  docs = g.addDrive(site, "Documents");
  archive = g.addDrive(site, "Archive");
  const reports = g.addFolder(docs, null, "Reports");
  const y2026 = g.addFolder(docs, reports.id, "2026");
  const old = g.addFolder(docs, null, "Old");
  ids.reports = reports;
  ids.y2026 = y2026;
  ids.a = g.addFile(docs, null, "a.txt", "Alpha, first version.");
  ids.b = g.addFile(docs, null, "b.md", "# Bravo\n\nNotes.");
  ids.c = g.addFile(docs, null, "c.txt", "Charlie.");
  g.addFile(docs, null, "logo.png", "not really a png", "image/png");
  ids.q1 = g.addFile(docs, reports.id, "q1.txt", "First quarter.");
  ids.q2 = g.addFile(docs, y2026.id, "q2.txt", "Second quarter.");
  ids.old1 = g.addFile(docs, old.id, "old-1.txt", "Old one.");
  ids.old2 = g.addFile(docs, old.id, "old-2.txt", "Old two.");
  ids.old = old;
  for (let i = 0; i < 12; i++) g.addFile(docs, y2026.id, `note-${i}.txt`, `Note number ${i}.`);
  g.addFile(archive, null, "archived.txt", "Archived.");
  acme = await seedCompany();
});

afterAll(async () => {
  await g?.close();
  setEnvForTests({});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("sitehost", () => {
  it("tests the connection and maps each failing step to the spec's codes", async () => {
    const ok = await testConnection(settings());
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, source_name: "contoso.sharepoint.com:/sites/Marketing" });
    expect(g.stats.openid).toBeGreaterThanOrEqual(1);
    expect((await testConnection(settings({ site_name: "Marketing" }))).status).toBe(200);
    expect((await testConnection(settings({ site_name: "https://contoso.sharepoint.com/sites/Marketing", library: "Archive" }))).status).toBe(200);

    const badSecret = expectError(await testConnection(settings(), { client_secret: "wrong" }), 400, "datasource_connection_failed");
    expect(badSecret.detail).toMatch(/^Token step: .*invalid_client.*AADSTS7000215/);
    const badClient = expectError(
      await testConnection(settings({ client_id: "00000000-0000-0000-0000-000000000000" })),
      400,
      "datasource_connection_failed",
    );
    expect(badClient.detail).toMatch(/Token step: .*unauthorized_client/);
    expectError(await testConnection(settings({ tenant_id: "nope.onmicrosoft.com" })), 400, "datasource_connection_failed");

    const noSite = expectError(await testConnection(settings({ site_name: "contoso.sharepoint.com:/sites/Nope" })), 400, "sitehost_site_not_found");
    expect(noSite.detail).toMatch(/^Not found: the site contoso\.sharepoint\.com:\/sites\/Nope/);
    expectError(await testConnection(settings({ site_name: "Nothing like it" })), 400, "sitehost_site_not_found");
    expectError(await testConnection(settings({ library: "Missing" })), 400, "sitehost_site_not_found");
    expectError(await testConnection(settings({ folder_path: "/No/Such/Folder" })), 400, "sitehost_site_not_found");
    g.denyGraph = true;
    try {
      const denied = expectError(await testConnection(settings()), 400, "sitehost_site_not_found");
      expect(denied.detail).toMatch(/^Permission: .*accessDenied.*Sites\.Read\.All/);
    } finally {
      g.denyGraph = false;
    }

    const invalid = expectError(await testConnection({ tenant_id: g.tenant, client_id: g.clientId }), 422, "validation_error");
    expect(Object.keys(invalid.fields ?? {})).toContain("settings.site_name");
    expectError(await testConnection(settings({ graph_base_url: "http://127.0.0.1:1" })), 422, "validation_error");

    // The endpoints are settings: the SSRF policy of document URLs applies to them.
    setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "" });
    try {
      const refused = expectError(await testConnection(settings()), 400, "datasource_connection_failed");
      expect(refused.detail).toContain("non-public address");
    } finally {
      setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
    }
  });

  it("refuses to attach an unknown site (400 sitehost_site_not_found) or a bad secret (400 datasource_connection_failed)", async () => {
    const ws = await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Empty" } });
    const attach = (s: Record<string, unknown>, sec = secrets) =>
      api.post(`/api/v3/workspaces/${ws.body.id}/datasource`, {
        key: acme.admin.key,
        body: { datasource_type: "sitehost", settings: s, secrets: sec },
      });
    expectError(await attach(settings({ site_name: "contoso.sharepoint.com:/sites/Unknown" })), 400, "sitehost_site_not_found");
    expectError(await attach(settings(), { client_secret: "bad" }), 400, "datasource_connection_failed");
    expect(await db().datasource.count({ where: { workspaceId: ws.body.id } })).toBe(0);
  });

  let workspaceId: number;

  it("imports both libraries over several delta pages: subfolders, filters, a 429 with Retry-After, an expired token", async () => {
    g.pageSize = 5;
    g.throttle(1, 1);
    const before = { ...g.stats };
    g.onDownload = () => {
      if (g.stats.downloads - before.downloads === 3) g.expireTokens();
    };
    workspaceId = await createSynced("SharePoint", {});
    await drainSync();
    g.onDownload = undefined;

    const files = await filesOf(workspaceId);
    const expected = [
      "a.txt",
      "b.md",
      "c.txt",
      "q1.txt",
      "q2.txt",
      "old-1.txt",
      "old-2.txt",
      "archived.txt",
      ...Array.from({ length: 12 }, (_, i) => `note-${i}.txt`),
    ];
    expect([...files.keys()].sort()).toEqual(expected.sort());
    const a = files.get("a.txt")!;
    expect(a.sha256).toBe(sha("Alpha, first version."));
    expect(a.externalMetadata).toEqual({
      external_id: `${docs.id}:${ids.a.id}`,
      doc_type: "txt",
      additional_metadata: { external_url: "https://contoso.sharepoint.com/sites/Marketing/Documents/a.txt" },
    });
    expect(files.get("b.md")).toMatchObject({ externalDocType: "md", title: "b", extension: "md" });
    expect(files.get("q2.txt")!.externalMetadata).toMatchObject({
      additional_metadata: { external_url: expect.stringContaining("/Documents/Reports/2026/q2.txt") },
    });

    const run = await latestRun(workspaceId);
    expect(run).toMatchObject({ status: "succeeded", created_count: expected.length, failed_count: 0, listed_count: expected.length });
    const docsPages = g.requests.filter((r) => r.startsWith(`GET /v1.0/drives/${docs.id}/root/delta`));
    expect(docsPages.filter((r) => r.includes("$skiptoken=")).length).toBeGreaterThanOrEqual(4);
    expect(g.stats.throttled - before.throttled).toBe(1);
    expect(g.stats.unauthorized - before.unauthorized).toBeGreaterThanOrEqual(1);
    expect(g.stats.tokens - before.tokens).toBeGreaterThanOrEqual(2);
    expect(g.stats.downloads - before.downloads).toBe(expected.length);

    const ws = await api.get(`/api/v3/workspaces/${workspaceId}`, { key: acme.admin.key });
    expect(ws.body.sync).toMatchObject({
      datasource_type: "sitehost",
      last_status: "succeeded",
      tenant_id: g.tenant,
      client_id: g.clientId,
      site_name: "contoso.sharepoint.com:/sites/Marketing",
      instance_url: "https://contoso.sharepoint.com",
    });
    const ds = await api.get(`/api/v3/workspaces/${workspaceId}/datasource`, { key: acme.admin.key });
    expect(ds.body.secrets_set).toEqual(["client_secret"]);
    expect(JSON.stringify(ds.body)).not.toContain(g.secret);
  }, 240_000);

  it("a later run follows the delta links: added, changed, deleted (a folder too) and moved out of scope propagate", async () => {
    g.updateFile(docs, ids.a.id, "Alpha, second version.");
    g.move(docs, ids.b.id, { name: "b.md" }); // metadata only: eTag changes, cTag does not
    const added = g.addFile(docs, ids.y2026.id, "new.txt", "Brand new.");
    g.remove(docs, ids.q1.id);
    g.remove(docs, ids.old.id);
    g.move(docs, ids.c.id, { name: "c.png" });
    const before = { ...g.stats };
    const requests = g.requests.length;
    await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key });
    await drainSync();

    const run = await latestRun(workspaceId);
    expect(run).toMatchObject({ status: "succeeded", created_count: 1, updated_count: 1, deleted_count: 4, failed_count: 0 });
    const files = await filesOf(workspaceId);
    for (const gone of ["q1.txt", "old-1.txt", "old-2.txt", "c.txt"]) expect(files.has(gone)).toBe(false);
    expect(files.get("a.txt")!.sha256).toBe(sha("Alpha, second version."));
    expect(files.get("a.txt")!.contentVersion).toBe(2);
    expect(files.get("new.txt")!.externalId).toBe(`${docs.id}:${added.id}`);
    expect(files.size).toBe(17);
    // Only what changed was downloaded, and no library was enumerated from scratch.
    expect(g.stats.downloads - before.downloads).toBe(2);
    const deltaCalls = g.requests.slice(requests).filter((r) => r.includes("/root/delta"));
    expect(deltaCalls.length).toBeGreaterThanOrEqual(2);
    for (const call of deltaCalls) expect(call).toMatch(/\?(token|\$skiptoken)=/);
  }, 240_000);

  it("an expired delta link (410 resyncRequired) enumerates everything again and sweeps what is gone", async () => {
    const unchanged = (await filesOf(workspaceId)).get("q2.txt")!;
    g.remove(docs, ids.q2.id);
    g.minDeltaToken = Number.MAX_SAFE_INTEGER;
    try {
      await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key });
      await drainSync();
    } finally {
      g.minDeltaToken = 0;
    }
    const run = await latestRun(workspaceId);
    expect(run).toMatchObject({ status: "succeeded", created_count: 0, updated_count: 0, deleted_count: 1, unchanged_count: 16 });
    const files = await filesOf(workspaceId);
    expect(files.has("q2.txt")).toBe(false);
    expect(files.get("a.txt")!.contentVersion).toBe(2);
    expect(unchanged.id).toBeGreaterThan(0);
  }, 240_000);

  it("reads one folder without its subfolders, and picks up a file moved into it", async () => {
    const scoped = await createSynced("Reports only", { folder_path: "/Reports", library: "Documents" }, { include_subfolders: false });
    g.addFile(docs, ids.reports.id, "q3.txt", "Third quarter.");
    await drainSync();
    expect([...(await filesOf(scoped)).keys()]).toEqual(["q3.txt"]);

    const note = [...docs.items.values()].find((i) => i.name === "note-0.txt")!;
    g.move(docs, note.id, { parentId: ids.reports.id });
    await api.post(`/api/v3/workspaces/${scoped}/datasource/runs`, { key: acme.admin.key });
    await drainSync();
    expect([...(await filesOf(scoped)).keys()].sort()).toEqual(["note-0.txt", "q3.txt"]);
    g.move(docs, note.id, { parentId: ids.y2026.id });
    await api.post(`/api/v3/workspaces/${scoped}/datasource/runs`, { key: acme.admin.key });
    await drainSync();
    expect([...(await filesOf(scoped)).keys()]).toEqual(["q3.txt"]);
    expect(await latestRun(scoped)).toMatchObject({ status: "succeeded", deleted_count: 1 });
  }, 240_000);

  it("a folder moved into or out of a folder scope brings or takes its files (through a full enumeration)", async () => {
    const scoped = await createSynced("Reports tree", { folder_path: "/Reports", library: "Documents" }, {});
    const team = g.addFolder(docs, null, "Team");
    g.addFile(docs, team.id, "team-1.txt", "Team one.");
    g.addFile(docs, team.id, "team-2.txt", "Team two.");
    await drainSync();
    const first = [...(await filesOf(scoped)).keys()].sort();
    expect(first).not.toContain("team-1.txt");
    const syncNow = async () => {
      await api.post(`/api/v3/workspaces/${scoped}/datasource/runs`, { key: acme.admin.key });
      await drainSync();
      return [...(await filesOf(scoped)).keys()].sort();
    };
    g.move(docs, team.id, { parentId: ids.reports.id });
    await syncNow(); // the delta shows the folder only: the next run enumerates again
    expect(await syncNow()).toEqual([...first, "team-1.txt", "team-2.txt"].sort());
    g.move(docs, team.id, { parentId: docs.rootId });
    await syncNow();
    expect(await syncNow()).toEqual(first);
    expect(await latestRun(scoped)).toMatchObject({ status: "succeeded", deleted_count: 2 });
  }, 240_000);
});

describe("sitehost at scale", () => {
  // 10,000 took 472 s on the shared 2-core machine (load 7-11: the engine's rate under that load), far over a
  // minute, so the default is 1,000 (about 32 s); SITEHOST_SCALE_COUNT=10000 runs the full size.
  const COUNT = Number(process.env.SITEHOST_SCALE_COUNT ?? 1_000);

  it(
    `imports a ${COUNT.toLocaleString("en")}-file library with an exact count`,
    async () => {
      const site = g.addSite("contoso.sharepoint.com", "sites/Big", "Big");
      const big = g.addDrive(site, "Documents");
      const folders = Array.from({ length: 10 }, (_, i) => g.addFolder(big, null, `part-${i}`));
      for (let i = 0; i < COUNT; i++) g.addFile(big, folders[i % 10]!.id, `doc-${String(i).padStart(5, "0")}.txt`, `Document ${i}.`);
      g.pageSize = 200;
      const before = g.stats.downloads;
      const started = Date.now();
      const wsId = await createSynced("Big library", { site_name: "contoso.sharepoint.com:/sites/Big" }, {});
      await new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 60 * COUNT });
      const seconds = (Date.now() - started) / 1000;
      console.log(`sitehost: ${COUNT} files imported in ${seconds.toFixed(1)} s`);

      expect(await latestRun(wsId)).toMatchObject({ status: "succeeded", created_count: COUNT, listed_count: COUNT, failed_count: 0 });
      const files = await db().file.findMany({ where: { workspaceId: wsId }, select: { externalId: true } });
      expect(files).toHaveLength(COUNT);
      expect(new Set(files.map((f) => f.externalId)).size).toBe(COUNT);
      expect(g.stats.downloads - before).toBe(COUNT);
    },
    120 * COUNT,
  );
});
