// The `filedrive` connector against a local fake Google Drive (tests/sync/fake-google-drive.ts) with the real
// @googleapis/drive client pointed at it, through the API and the job runner: a first import walking nested
// folders over several pages (native exports, unreadable types left out, throttling with Retry-After),
// incremental runs through the Changes API (add, change, remove, trash, moves in and out of the tree, folders
// moved in and out), expired and revoked tokens, a run failing after access was taken back. Connection tests
// and shared drives: filedrive-connection.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { forgetDriveTokens } from "@/lib/sync/filedrive/auth";
import { type SeededCompany, seedCompany } from "../factories";
import { api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { FakeGoogleDrive, GDOC, GSHEET, GSLIDES } from "./fake-google-drive";
import { tinyPdf } from "./local-site";

useTestDatabase();

const SA = "sync@fake-project.iam.gserviceaccount.com";
const NOTES = 120;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-filedrive-"));
let fake: FakeGoogleDrive;
let acme: SeededCompany;
let key: string;
let workspaceId: number;
const ids: Record<string, string> = {};

const drainSync = () => new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 120_000 });
const settings = (extra: Record<string, unknown> = {}) => ({ folder_ids: [ids.team], api_base_url: fake.base, ...extra });
const note = (i: number) => `note-${String(i).padStart(3, "0")}.txt`;

async function latestRun(ws = workspaceId) {
  return (await api.get(`/api/v3/workspaces/${ws}/datasource/runs?page_size=1`, { key: acme.admin.key })).body.results[0];
}

async function filesByName(ws = workspaceId) {
  const files = await db().file.findMany({ where: { workspaceId: ws } });
  return new Map(files.map((f) => [f.filename, f]));
}

async function runNow(ws = workspaceId) {
  const res = await api.post(`/api/v3/workspaces/${ws}/datasource/runs`, { key: acme.admin.key });
  expect(res.status).toBe(202);
  await drainSync();
  return latestRun(ws);
}

/** Requests the fake answered since `from` (an index into its log) matching `re` (method and path). */
const since = (from: number, re: RegExp, status?: number) =>
  fake.log.slice(from).filter((l) => re.test(`${l.method} ${l.path}`) && (status === undefined || l.status === status)).length;

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
  setStorageForTests(undefined);
  fake = await new FakeGoogleDrive().start();
  key = fake.addServiceAccount(SA);
  ids.team = fake.addFolder("Team", null, { sharedWith: [SA] });
  for (let i = 0; i < NOTES; i++) ids[note(i)] = fake.addFile(note(i), ids.team, "text/plain", `Note ${i}, first version.\n`);
  ids.plan = fake.addFile("Plan", ids.team, GDOC, "Quarterly plan\nShip the Drive connector.");
  ids.budget = fake.addFile("Budget", ids.team, GSHEET, "Budget 2027 total 42");
  ids.deck = fake.addFile("Roadmap deck", ids.team, GSLIDES, "Roadmap");
  ids.report = fake.addFile("report.pdf", ids.team, "application/pdf", tinyPdf("Drive report"));
  ids.clip = fake.addFile("clip.mp4", ids.team, "video/mp4", Buffer.alloc(64, 1));
  ids.sub = fake.addFolder("Sub", ids.team);
  ids.deep = fake.addFile("deep.txt", ids.sub, "text/plain", "One level down.");
  ids.deeper = fake.addFolder("Deeper", ids.sub);
  ids.deepest = fake.addFile("deepest.md", ids.deeper, "text/markdown", "# Two levels down\n");
  ids.elsewhere = fake.addFolder("Elsewhere", null, { sharedWith: [SA] });
  ids.outside = fake.addFile("outside.txt", ids.elsewhere, "text/plain", "Not in the tree yet.");
  acme = await seedCompany();
});

afterAll(async () => {
  await fake.close();
  forgetDriveTokens();
  setEnvForTests({});
});

const EXPECTED_FIRST = [
  ...Array.from({ length: NOTES }, (_, i) => note(i)),
  "Plan.docx",
  "Budget.pdf",
  "Roadmap deck.pptx",
  "report.pdf",
  "deep.txt",
  "deepest.md",
];

describe("filedrive", () => {
  it("imports the folder tree over several pages: subfolders, exports, types left out, throttling with Retry-After", async () => {
    fake.maxPageSize = 25;
    const from = fake.log.length;
    const res = await api.post("/api/v3/workspaces", {
      key: acme.admin.key,
      body: { name: "Drive", datasource: { datasource_type: "filedrive", settings: settings(), secrets: { service_account_json: key } } },
    });
    expect(res.status).toBe(201);
    // The run (not the connection test) meets throttling: two listing pages answer 429 once each.
    fake.throttle = { remaining: 2, retryAfter: "1", match: /\/drive\/v3\/files\?.*pageToken/ };
    workspaceId = res.body.id;
    expect(res.body.sync).toMatchObject({ datasource_type: "filedrive", source_name: `Google Drive folder ${ids.team}` });
    await drainSync();

    const run = await latestRun();
    expect(run).toMatchObject({ status: "succeeded", created_count: EXPECTED_FIRST.length, failed_count: 0 });
    const files = await filesByName();
    expect([...files.keys()].sort()).toEqual([...EXPECTED_FIRST].sort());
    expect(files.get("Plan.docx")).toMatchObject({ title: "Plan", extension: "docx", externalDocType: "document", externalId: ids.plan });
    expect(files.get("Plan.docx")!.externalMetadata).toEqual({
      external_id: ids.plan,
      doc_type: "document",
      additional_metadata: { external_url: `https://docs.google.com/document/d/${ids.plan}/edit?usp=drivesdk` },
    });
    expect(files.get("Budget.pdf")).toMatchObject({ extension: "pdf", mimeType: "application/pdf", externalDocType: "spreadsheet" });
    expect(files.get("report.pdf")).toMatchObject({ externalDocType: "pdf" });
    expect(files.get("Roadmap deck.pptx")).toMatchObject({ title: "Roadmap deck", extension: "pptx", externalDocType: "presentation" });
    expect(files.get("deepest.md")).toMatchObject({ externalDocType: "text" });
    // Pages: the 126 items of Team need 6 (25 a page), plus Sub and Deeper; two answers were 429s, retried.
    expect(since(from, /GET \/drive\/v3\/files\?/, 429)).toBe(2);
    expect(since(from, /GET \/drive\/v3\/files\?/, 200)).toBeGreaterThanOrEqual(8);
    expect(since(from, /\/export\?/, 200)).toBe(3);
    // Listings came gzipped (as Google sends them) and were decoded on the way in.
    expect(
      fake.log
        .slice(from)
        .filter((l) => l.path.startsWith("/drive/v3/files?") && l.status === 200)
        .every((l) => l.gzip),
    ).toBe(true);
    // Every file was fetched once; the video was never asked for.
    expect(since(from, new RegExp(`/files/${ids.clip}`))).toBe(0);
    fake.maxPageSize = 1000;
  });

  it("imports nothing again when nothing changed, and reads only the Changes API", async () => {
    const from = fake.log.length;
    const run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", created_count: 0, updated_count: 0, deleted_count: 0 });
    expect(since(from, /GET \/drive\/v3\/changes\?/)).toBe(1);
    expect(since(from, /GET \/drive\/v3\/files/)).toBe(0);
  });

  it("applies changes, additions and removals through the Changes API, moves in and out of the tree included", async () => {
    fake.update(ids[note(1)], { content: "Note 1, second version.\n" });
    fake.update(ids.plan, { content: "Quarterly plan\nShipped." });
    ids.fresh = fake.addFile("fresh.txt", ids.sub, "text/plain", "Added after the first run.");
    fake.remove(ids[note(2)]);
    fake.update(ids[note(3)], { trashed: true });
    fake.update(ids[note(4)], { parents: [ids.elsewhere] });
    fake.update(ids.outside, { parents: [ids.deeper] });
    fake.update(ids[note(5)], { name: "renamed.txt" });
    const from = fake.log.length;
    const run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", created_count: 2, updated_count: 2, deleted_count: 3, failed_count: 0 });
    const files = await filesByName();
    expect(files.has(note(2)) || files.has(note(3)) || files.has(note(4))).toBe(false);
    expect(files.has("fresh.txt") && files.has("outside.txt")).toBe(true);
    expect(files.get(note(1))!.contentVersion).toBe(2);
    // A rename alone changes nothing (the content hash is the version): the new name comes with the next content change.
    expect(files.has(note(5)) && !files.has("renamed.txt")).toBe(true);
    expect(since(from, /GET \/drive\/v3\/files\?/)).toBe(0);
    expect(since(from, /alt=media/)).toBe(3);
    expect(since(from, /\/export\?/)).toBe(1);
  });

  it("walks a folder moved into the tree, and removes the files of a folder moved out", async () => {
    ids.archive = fake.addFolder("Archive", ids.elsewhere);
    for (const n of ["a1.txt", "a2.txt"]) ids[n] = fake.addFile(n, ids.archive, "text/plain", `${n} archived`);
    fake.update(ids.archive, { parents: [ids.team] });
    let run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", created_count: 2, deleted_count: 0 });

    fake.update(ids.sub, { parents: [ids.elsewhere] });
    const from = fake.log.length;
    run = await runNow();
    // Sub held deep.txt, fresh.txt, and (in Deeper) deepest.md and outside.txt.
    expect(run).toMatchObject({ status: "succeeded", deleted_count: 4, created_count: 0 });
    const files = await filesByName();
    for (const n of ["deep.txt", "fresh.txt", "deepest.md", "outside.txt"]) expect(files.has(n)).toBe(false);
    expect(files.has("a1.txt")).toBe(true);
    // The run became a walk (a snapshot) but downloaded nothing unchanged.
    expect(since(from, /GET \/drive\/v3\/files\?/)).toBeGreaterThan(0);
    expect(since(from, /alt=media|\/export\?/)).toBe(0);
  });

  it("a folder that leaves the tree on a later changes page is removed by the next run's walk", async () => {
    ids.later = fake.addFolder("Later", ids.team);
    ids.l1 = fake.addFile("later-1.txt", ids.later, "text/plain", "Later one");
    await runNow();
    for (let i = 30; i < 33; i++) fake.update(ids[note(i)], { content: `Note ${i}, moved-folder round.` });
    fake.update(ids.later, { parents: [ids.elsewhere] });
    fake.maxPageSize = 2;
    let from = fake.log.length;
    let run = await runNow();
    // Pages of two changes: the folder's move is on the second page, after a page was handed over.
    expect(run).toMatchObject({ status: "succeeded", updated_count: 3, deleted_count: 0 });
    expect(since(from, /GET \/drive\/v3\/changes\?/)).toBe(2);
    expect((await filesByName()).has("later-1.txt")).toBe(true);
    fake.maxPageSize = 1000;
    from = fake.log.length;
    run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", deleted_count: 1, created_count: 0, updated_count: 0 });
    expect((await filesByName()).has("later-1.txt")).toBe(false);
    expect(since(from, /GET \/drive\/v3\/changes\?/)).toBe(0);
    expect(since(from, /alt=media|\/export\?/)).toBe(0);
    // Back to reading changes afterwards.
    from = fake.log.length;
    await runNow();
    expect(since(from, /GET \/drive\/v3\/files\?/)).toBe(0);
  });

  it("renews expired and revoked access tokens", async () => {
    // Revoked: the cached token answers 401 once, a new one is asked for and the call repeated.
    fake.revokeTokens();
    fake.update(ids[note(10)], { content: "Note 10, third version." });
    const issued = fake.tokensIssued;
    let from = fake.log.length;
    let run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", updated_count: 1 });
    expect(since(from, /.*/, 401)).toBeGreaterThanOrEqual(1);
    expect(fake.tokensIssued).toBe(issued + 1);

    // Short-lived: tokens of one second, renewed before they expire while throttling stretches the run.
    fake.tokenLifetimeSec = 1;
    forgetDriveTokens();
    for (let i = 20; i < 24; i++) fake.update(ids[note(i)], { content: `Note ${i}, third version.` });
    fake.throttle = { remaining: 3, retryAfter: "1", match: /alt=media/ };
    from = fake.log.length;
    const before = fake.tokensIssued;
    run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", updated_count: 4 });
    expect(since(from, /alt=media/, 429)).toBe(3);
    // The retried downloads waited a second: past the first token's life, so at least one more was issued.
    expect(fake.tokensIssued - before).toBeGreaterThanOrEqual(2);
    fake.tokenLifetimeSec = 3600;
  });

  it("fails the run with the reason when the account loses access to a configured folder", async () => {
    fake.setShared(ids.team, SA, false);
    const res = await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key });
    expect(res.status).toBe(202);
    // The job's retries (moments apart here) all meet the same refusal, then the run is failed with it.
    const runner = new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20, backoffMs: () => 10 });
    let run = await latestRun();
    for (let i = 0; i < 100 && (run.status === "queued" || run.status === "running"); i++) {
      await runner.drain({ timeoutMs: 60_000 });
      await new Promise((r) => setTimeout(r, 30));
      run = await latestRun();
    }
    expect(run.status).toBe("failed");
    expect(run.status_detail).toBe(`Not found: folder ${ids.team} does not exist or is not shared with ${SA}.`);
    // The files stay as they were: a source that cannot be listed removes nothing.
    expect((await filesByName()).size).toBeGreaterThan(100);
    fake.setShared(ids.team, SA, true);
  });
});
