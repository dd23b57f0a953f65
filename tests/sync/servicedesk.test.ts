// The `servicedesk` connector against a local fake Zendesk (tests/sync/fake-zendesk.ts) on loopback, allow-listed
// through DOCUMENT_URL_ALLOWLIST, through the API and the job runner: a first import over several export pages with
// attachments and a throttled page (429 + Retry-After), Markdown through the HTML engine, an incremental run
// (added, changed, archived, attachment removed) that only asks for what changed, solved tickets switched on and
// off, filters, attachments switched off and on, revoked credentials, the weekly full listing.
// The connection test's steps: servicedesk-connection.test.ts; the 2,000-article import: servicedesk-scale.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobDefinitions } from "@/inngest/functions";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests, storage } from "@/lib/storage/storage";
import { type SeededCompany, seedCompany } from "../factories";
import { api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { type FakeZendesk, startFakeZendesk } from "./fake-zendesk";
import { ADMIN, addTicket, seedAcmeHelpCenter } from "./zendesk-fixture";

useTestDatabase();

let zd: FakeZendesk;
let acme: SeededCompany;
let workspaceId: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-zendesk-"));

const drainSync = () => new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 120_000 });
const settings = (email = ADMIN) => ({ instance_url: zd.base, email });
const secrets = (token = "tok-admin") => ({ api_token: token });
async function latestRun(ws = workspaceId) {
  return (await api.get(`/api/v3/workspaces/${ws}/datasource/runs?page_size=1`, { key: acme.admin.key })).body.results[0];
}

async function filesById(ws = workspaceId) {
  const files = await db().file.findMany({ where: { workspaceId: ws } });
  return new Map(files.map((f) => [f.externalId!, f]));
}

async function runNow(ws = workspaceId) {
  const res = await api.post(`/api/v3/workspaces/${ws}/datasource/runs`, { key: acme.admin.key });
  expect(res.status).toBe(202);
  await drainSync();
  return latestRun(ws);
}

const stored = async (f: { storageKey: string }) => (await storage().readBytes(f.storageKey)).toString("utf8");
const requested = (prefix: string) => zd.log.filter((l) => l.path.startsWith(prefix));

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
  setStorageForTests(undefined);
  zd = await startFakeZendesk();
  seedAcmeHelpCenter(zd);
  acme = await seedCompany();
});

afterAll(async () => {
  await zd.close();
  setEnvForTests({});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("servicedesk sync", () => {
  it("first import: every published article translation over several export pages, supported attachments, a 429 honoured", async () => {
    const res = await api.post("/api/v3/workspaces", {
      key: acme.admin.key,
      body: { name: "Help Center", datasource: { datasource_type: "servicedesk", settings: settings(), secrets: secrets() } },
    });
    expect(res.status).toBe(201);
    workspaceId = res.body.id;
    // The run is queued; the runner below runs it.
    zd.log.length = 0;
    zd.throttle.set("/api/v2/help_center/incremental/articles", { times: 1, retryAfter: "1" });
    await drainSync();

    const files = await filesById();
    expect([...files.keys()].sort()).toEqual(
      [
        "article:1:de",
        "article:1:en-us",
        "article:1:en-us:attachment:901",
        "article:2:en-us",
        "article:6:en-us",
        "article:6:en-us:attachment:904",
        "article:7:en-us",
        "article:8:en-us",
      ].sort(),
    );
    const reset = files.get("article:1:en-us")!;
    expect(reset).toMatchObject({ title: "Reset your password", externalDocType: "article", extension: "html" });
    expect(reset.externalMetadata).toEqual({
      external_id: "article:1:en-us",
      doc_type: "article",
      additional_metadata: { external_url: `${zd.base}/hc/en-us/articles/1-reset-your-password` },
    });
    expect(await stored(reset)).toContain("<b>Forgot password</b>");
    expect(files.get("article:1:en-us:attachment:901")).toMatchObject({ externalDocType: "attachment", extension: "pdf", title: "manual.pdf" });
    expect(files.get("article:6:en-us:attachment:904")).toMatchObject({ externalDocType: "attachment", extension: "txt" });

    const run = await latestRun();
    expect(run).toMatchObject({ status: "succeeded", created_count: 8, failed_count: 0, deleted_count: 0 });
    // 10 translations in pages of 3 → 4 pages, the first one throttled once and retried after Retry-After.
    const exports = requested("/api/v2/help_center/incremental/articles");
    expect(exports.map((l) => l.status)).toEqual([429, 200, 200, 200, 200]);
    expect(exports[0]!.path).toContain("start_time=0");
    expect(exports[1]!.at - exports[0]!.at).toBeGreaterThanOrEqual(900);
    expect(requested("/api/v2/incremental/tickets")).toHaveLength(0);
    // Drafts and archived articles are never asked for their attachments, nor are unsupported ones downloaded.
    expect(requested("/api/v2/help_center/en-us/articles/4/")).toHaveLength(0);
    expect(
      requested("/hc/article_attachments/")
        .map((l) => l.path.split("/")[3])
        .sort(),
    ).toEqual(["901", "904"]);

    const ws = await api.get(`/api/v3/workspaces/${workspaceId}`, { key: acme.admin.key });
    expect(ws.body.sync).toMatchObject({
      datasource_type: "servicedesk",
      source_name: new URL(zd.base).host,
      instance_url: zd.base,
      last_status: "succeeded",
    });
    const ds = await api.get(`/api/v3/workspaces/${workspaceId}/datasource`, { key: acme.admin.key });
    expect(ds.body.secrets_set).toEqual(["api_token"]);
    expect(JSON.stringify(ds.body)).not.toContain("tok-admin");
  }, 120_000);

  it("articles go through the HTML engine to Markdown", async () => {
    await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20 }).drain({ timeoutMs: 240_000 });
    const files = await filesById();
    const reset = files.get("article:1:en-us")!;
    expect((await db().file.findUniqueOrThrow({ where: { id: reset.id } })).status).toBe("embedded");
    const pages = await db().filePage.findMany({ where: { fileId: reset.id } });
    const text = pages.map((p) => p.markdown).join("\n");
    expect(text).toContain("Reset your password");
    expect(text).toContain("**Forgot password**");
  }, 240_000);

  it("an incremental run starts at the last end_time and fetches only what changed: added, changed, archived, attachment removed", async () => {
    const lastEnd = Math.max(...[...zd.articles.values()].map((a) => a.updated));
    zd.log.length = 0;
    const billing = zd.articles.get("2:en-us")!;
    billing.body = "<p>Invoices are sent on the first of each month.</p>";
    billing.updated = zd.tick();
    zd.addArticle({ id: 9, title: "Gift cards", body: "<p>Gift cards never expire.</p>", section_id: 100 });
    const returns = zd.articles.get("7:en-us")!;
    returns.archived = true;
    returns.updated = zd.tick();
    zd.attachments.splice(
      zd.attachments.findIndex((a) => a.id === 904),
      1,
    );
    zd.articles.get("6:en-us")!.updated = zd.tick();

    const run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", created_count: 1, updated_count: 2, deleted_count: 2, failed_count: 0 });
    expect(run.unchanged_count).toBeLessThanOrEqual(1); // the article at the previous end_time is listed again (inclusive)
    const exports = requested("/api/v2/help_center/incremental/articles");
    expect(exports[0]!.path).toContain(`start_time=${lastEnd}`);
    const asked = requested("/api/v2/help_center/en-us/articles/").map((l) => Number(l.path.split("/")[6]));
    expect(asked.sort()).toEqual([2, 6, 9]);

    const files = await filesById();
    expect(files.has("article:7:en-us")).toBe(false);
    expect(files.has("article:6:en-us:attachment:904")).toBe(false);
    expect(files.get("article:9:en-us")!.title).toBe("Gift cards");
    const changed = files.get("article:2:en-us")!;
    expect(changed.contentVersion).toBe(2);
    expect(await stored(changed)).toContain("first of each month");
  }, 120_000);

  it("solved tickets: on (full listing, public comments only), reopened removed, then off again (removed)", async () => {
    zd.commentsPageSize = 2;
    addTicket(zd, 501, "Printer jams", "solved", [
      [true, "My printer jams on every page."],
      [false, "Internal note: VIP customer."],
      [true, "Open the rear tray and remove the paper."],
    ]);
    addTicket(zd, 502, "Refund request", "closed", [
      [true, "I would like a refund."],
      [true, "Refund issued."],
      [true, "Thanks!"],
    ]);
    addTicket(zd, 503, "Still broken", "open", [[true, "It still fails."]]);
    addTicket(zd, 504, "Spam", "deleted", [[true, "Buy now"]]);
    const patched = await api.patch(`/api/v3/workspaces/${workspaceId}/datasource`, {
      key: acme.admin.key,
      body: { filter_criteria: { include_solved_tickets: true } },
    });
    expect(patched.status).toBe(200);
    zd.log.length = 0;
    let run = await runNow();
    // Another filter: a full listing (export from 0) in which every article is unchanged.
    expect(run).toMatchObject({ status: "succeeded", created_count: 2, updated_count: 0, deleted_count: 0, failed_count: 0, unchanged_count: 7 });
    expect(requested("/api/v2/help_center/incremental/articles")[0]!.path).toContain("start_time=0");
    expect(requested("/hc/article_attachments/")).toHaveLength(0);
    let files = await filesById();
    const printer = files.get("ticket:501")!;
    expect(printer).toMatchObject({ title: "#501 Printer jams", externalDocType: "ticket" });
    expect(printer.externalMetadata).toMatchObject({ additional_metadata: { external_url: `${zd.base}/agent/tickets/501` } });
    const html = await stored(printer);
    expect(html).toContain("Open the rear tray");
    expect(html).toContain("Carla Customer");
    expect(html).not.toContain("VIP customer");
    expect(await stored(files.get("ticket:502")!)).toContain("Thanks!"); // third comment: second page of comments
    expect(files.has("ticket:503")).toBe(false);
    expect(files.has("ticket:504")).toBe(false);

    zd.log.length = 0;
    Object.assign(zd.tickets.get(501)!, { status: "open", updated: zd.tick() });
    Object.assign(zd.tickets.get(503)!, { status: "solved", updated: zd.tick() });
    run = await runNow();
    expect(run).toMatchObject({ created_count: 1, deleted_count: 1, updated_count: 0, failed_count: 0 });
    expect(requested("/api/v2/incremental/tickets/cursor.json")[0]!.path).toContain("cursor=");
    files = await filesById();
    expect(files.has("ticket:501")).toBe(false);
    expect(files.get("ticket:503")!.title).toBe("#503 Still broken");

    await api.patch(`/api/v3/workspaces/${workspaceId}/datasource`, {
      key: acme.admin.key,
      body: { filter_criteria: { include_solved_tickets: false } },
    });
    zd.log.length = 0;
    run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", created_count: 0, deleted_count: 2 });
    expect(requested("/api/v2/incremental/tickets")).toHaveLength(0);
    files = await filesById();
    expect([...files.keys()].filter((k) => k.startsWith("ticket:"))).toEqual([]);
  }, 180_000);

  it("locale, category and label filters: a changed filter re-lists everything and removes what it excludes", async () => {
    await api.patch(`/api/v3/workspaces/${workspaceId}/datasource`, {
      key: acme.admin.key,
      body: { filter_criteria: { locales: ["en-US"], category_ids: [10], labels: ["account", "billing"] } },
    });
    const run = await runNow();
    // Kept: articles 1 and 8 (category 10 through section 100, label account) and article 1's PDF.
    expect([...(await filesById()).keys()].sort()).toEqual(["article:1:en-us", "article:1:en-us:attachment:901", "article:8:en-us"]);
    expect(run).toMatchObject({ status: "succeeded", created_count: 0, unchanged_count: 3, failed_count: 0 });
    expect(run.deleted_count).toBe(4); // the German translation, billing (category 20), shipping, gift cards (no label)
  }, 120_000);

  it("attachments switched off remove them; switched on again they come back without re-fetching the articles", async () => {
    const filter = { locales: ["en-us"], category_ids: [10], labels: ["account", "billing"] };
    const patch = (f: Record<string, unknown>) =>
      api.patch(`/api/v3/workspaces/${workspaceId}/datasource`, { key: acme.admin.key, body: { filter_criteria: f } });
    expect((await patch({ ...filter, include_attachments: false })).status).toBe(200);
    let run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", created_count: 0, updated_count: 0, deleted_count: 1, unchanged_count: 2 });
    expect([...(await filesById()).keys()].sort()).toEqual(["article:1:en-us", "article:8:en-us"]);

    expect((await patch(filter)).status).toBe(200);
    zd.log.length = 0;
    run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", created_count: 1, updated_count: 0, deleted_count: 0, unchanged_count: 2 });
    const files = await filesById();
    expect(files.get("article:1:en-us:attachment:901")).toMatchObject({ externalDocType: "attachment" });
    expect(files.get("article:1:en-us")!.contentVersion).toBe(1);
    expect(
      requested("/api/v2/help_center/en-us/articles/")
        .map((l) => l.path.split("/")[6])
        .sort(),
    ).toEqual(["1", "8"]);
    expect(requested("/hc/article_attachments/").map((l) => l.path.split("/")[3])).toEqual(["901"]);
  }, 120_000);

  it("revoked credentials fail the run with the authentication step as the reason", async () => {
    zd.agents.get(ADMIN)!.token = "rotated";
    const res = await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key });
    expect(res.status).toBe(202);
    const runner = new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20, backoffMs: () => 10 });
    for (let i = 0; i < 100; i++) {
      await runner.drain({ timeoutMs: 60_000 });
      const { status } = await db().datasourceRun.findUniqueOrThrow({ where: { id: res.body.id } });
      if (status !== "queued" && status !== "running") break;
      await new Promise((r) => setTimeout(r, 30));
    }
    const run = await latestRun();
    expect(run.status).toBe("failed");
    expect(run.status_detail).toContain('step "authenticate"');
    expect((await filesById()).size).toBe(3); // nothing removed
    zd.agents.get(ADMIN)!.token = "tok-admin";
  }, 120_000);

  it("a hard-deleted article goes at the weekly full listing (a delta cannot see it)", async () => {
    zd.articles.delete("8:en-us");
    let run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", deleted_count: 0 });
    expect((await filesById()).has("article:8:en-us")).toBe(true);

    const ds = await db().datasource.findUniqueOrThrow({ where: { workspaceId } });
    const cursor = ds.cursor as { full_at: number };
    await db().datasource.update({ where: { id: ds.id }, data: { cursor: { ...cursor, full_at: cursor.full_at - 8 * 24 * 3600_000 } } });
    zd.log.length = 0;
    run = await runNow();
    expect(run).toMatchObject({ status: "succeeded", created_count: 0, updated_count: 0, deleted_count: 1, unchanged_count: 2 });
    expect(requested("/api/v2/help_center/incremental/articles")[0]!.path).toContain("start_time=0");
    expect([...(await filesById()).keys()].sort()).toEqual(["article:1:en-us", "article:1:en-us:attachment:901"]);
  }, 120_000);
});
