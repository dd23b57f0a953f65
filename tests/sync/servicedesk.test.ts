// The `servicedesk` connector against a local fake Zendesk (tests/sync/fake-zendesk.ts) on loopback, allow-listed
// through DOCUMENT_URL_ALLOWLIST, through the API and the job runner: the connection test's steps (reach host,
// authenticate, permission) as 400 datasource_connection_failed, a first import over several export pages with
// attachments and a throttled page (429 + Retry-After), an incremental run (added, changed, archived, attachment
// removed) that only asks for what changed, solved tickets switched on and off, filters, revoked credentials.
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
import { servicedeskConnector } from "@/lib/sync/servicedesk/connector";
import { type SeededCompany, seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { type FakeZendesk, startFakeZendesk } from "./fake-zendesk";
import { html, startSite, tinyPdf } from "./local-site";

useTestDatabase();

/**
 * Articles of the scale test. 10,000 took 233 s here (2 cores shared, load ~10; listing them is 13 s of that, the
 * rest is the engine storing each file), past the 60 s a test may take: 2,000 by default, ZENDESK_SCALE_DOCS=10000
 * for the full number.
 */
const BIG = Number(process.env.ZENDESK_SCALE_DOCS ?? 2_000);
const ADMIN = "ada@acme.test";
const AGENT = "andy@acme.test";
const NO_GUIDE = "nora@acme.test";
let zd: FakeZendesk;
let acme: SeededCompany;
let workspaceId: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-zendesk-"));

const drainSync = () => new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 120_000 });
const useAllowlist = (list: string) => setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: list });
const settings = (email = ADMIN) => ({ instance_url: zd.base, email });
const secrets = (token = "tok-admin") => ({ api_token: token });

function seedZendesk() {
  zd.agents.set(ADMIN, { id: 1, name: "Ada Admin", token: "tok-admin", role: "admin" });
  zd.agents.set(AGENT, { id: 2, name: "Andy Agent", token: "tok-agent", role: "agent" });
  zd.agents.set(NO_GUIDE, { id: 3, name: "Nora", token: "tok-nora", role: "agent", noHelpCenter: true });
  zd.users.set(1, "Ada Admin");
  zd.users.set(10, "Carla Customer");
  zd.sections.push({ id: 100, category_id: 10 }, { id: 200, category_id: 20 });
  zd.articlesPageSize = 3;
  zd.addArticle({
    id: 1,
    title: "Reset your password",
    body: "<p>Click <b>Forgot password</b> on the sign-in page.</p>",
    section_id: 100,
    label_names: ["account"],
  });
  zd.addArticle({ id: 1, locale: "de", title: "Passwort zurücksetzen", body: "<p>Klicken Sie auf <b>Passwort vergessen</b>.</p>", section_id: 100 });
  zd.addArticle({ id: 2, title: "Billing FAQ", body: "<p>Invoices are sent monthly.</p>", section_id: 200, label_names: ["billing"] });
  zd.addArticle({ id: 4, title: "Unfinished draft", body: "<p>Not published.</p>", section_id: 100, draft: true });
  zd.addArticle({ id: 5, title: "Old product", body: "<p>Archived.</p>", section_id: 100, archived: true });
  zd.addArticle({ id: 6, title: "Shipping times", body: "<p>Parcels ship within two days.</p>", section_id: 100 });
  zd.addArticle({ id: 7, title: "Returns policy", body: "<p>Returns within 30 days.</p>", section_id: 200 });
  zd.addArticle({ id: 8, title: "Warranty", body: "<p>Two years of warranty.</p>", section_id: 100, label_names: ["account"] });
  zd.attachments.push(
    { id: 901, article_id: 1, file_name: "manual.pdf", content_type: "application/pdf", content: tinyPdf("Password manual for Acme") },
    { id: 902, article_id: 1, file_name: "screenshot.png", content_type: "image/png", inline: true, content: Buffer.from("not really a png") },
    { id: 903, article_id: 1, file_name: "logs.zip", content_type: "application/zip", content: Buffer.from("PK") },
    { id: 904, article_id: 6, file_name: "checklist.txt", content_type: "application/octet-stream", content: Buffer.from("1. Pack\n2. Label\n") },
  );
}

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
  useAllowlist("");
  setStorageForTests(undefined);
  zd = await startFakeZendesk();
  seedZendesk();
  acme = await seedCompany();
});

afterAll(async () => {
  await zd.close();
  setEnvForTests({});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const testConnection = (body: Record<string, unknown>) =>
  api.post("/api/v3/datasources/test", { key: acme.admin.key, body: { datasource_type: "servicedesk", ...body } });

describe("servicedesk (Zendesk)", () => {
  it("puts the instance URL through the SSRF policy and validates settings, secrets and filter", async () => {
    const refused = expectError(await testConnection({ settings: settings(), secrets: secrets() }), 400, "datasource_connection_failed");
    expect(refused.detail).toContain('step "reach host"');
    expect(refused.detail).toContain("non-public address");
    const invalid = expectError(
      await testConnection({
        settings: { instance_url: "ftp://acme.zendesk.com", email: "nope" },
        secrets: {},
        filter_criteria: { include_solved_tickets: "yes" },
      }),
      422,
      "validation_error",
    );
    const fields = Object.keys(invalid.fields ?? {});
    expect(fields.some((f) => f.startsWith("settings.instance_url"))).toBe(true);
    expect(fields.some((f) => f.startsWith("settings.email"))).toBe(true);
    const noToken = expectError(await testConnection({ settings: settings(), secrets: {} }), 422, "validation_error");
    expect(Object.keys(noToken.fields ?? {})).toEqual(["secrets.api_token"]);
    useAllowlist("127.0.0.1");
    const ok = await testConnection({ settings: settings(), secrets: secrets(), filter_criteria: { include_solved_tickets: true } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, source_name: new URL(zd.base).host });
  });

  it("test connection reports the step that failed: reach host, authenticate, permission (help center, tickets)", async () => {
    const badToken = expectError(await testConnection({ settings: settings(), secrets: secrets("wrong") }), 400, "datasource_connection_failed");
    expect(badToken.detail).toContain('step "authenticate"');
    expect(badToken.detail).toContain("Couldn't authenticate you");

    const noGuide = expectError(
      await testConnection({ settings: settings(NO_GUIDE), secrets: secrets("tok-nora") }),
      400,
      "datasource_connection_failed",
    );
    expect(noGuide.detail).toContain('step "permission"');
    expect(noGuide.detail).toContain("permission problem");
    expect(noGuide.detail).toContain("Help Center");

    // An agent may read the help center but not the incremental ticket export (admins only).
    const agentOk = await testConnection({ settings: settings(AGENT), secrets: secrets("tok-agent") });
    expect(agentOk.status).toBe(200);
    const agentTickets = expectError(
      await testConnection({ settings: settings(AGENT), secrets: secrets("tok-agent"), filter_criteria: { include_solved_tickets: true } }),
      400,
      "datasource_connection_failed",
    );
    expect(agentTickets.detail).toMatch(/step "permission".*permission problem.*tickets.*admin/);

    // Not a Zendesk: a site without the API (404), or one answering HTML where JSON is expected.
    const site = await startSite();
    try {
      const notZendesk = expectError(
        await testConnection({ settings: { instance_url: site.base, email: ADMIN }, secrets: secrets() }),
        400,
        "datasource_connection_failed",
      );
      expect(notZendesk.detail).toMatch(/step "reach host".*answered 404 for the Zendesk API/);
      site.pages.set("/api/v2/users/me.json", { body: html("Sign in", "<p>Welcome</p>") });
      const htmlOnly = expectError(
        await testConnection({ settings: { instance_url: site.base, email: ADMIN }, secrets: secrets() }),
        400,
        "datasource_connection_failed",
      );
      expect(htmlOnly.detail).toMatch(/step "reach host".*not JSON/);
    } finally {
      await site.close();
    }

    const closed = await startFakeZendesk();
    const deadUrl = closed.base;
    await closed.close();
    const down = expectError(
      await testConnection({ settings: { instance_url: deadUrl, email: ADMIN }, secrets: secrets() }),
      400,
      "datasource_connection_failed",
    );
    expect(down.detail).toContain('step "reach host"');
    expect(down.detail).toContain("cannot be reached");
  });

  it("attaching with a bad API token answers 400 datasource_connection_failed and attaches nothing", async () => {
    const ws = await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Not attached" } });
    expect(ws.status).toBe(201);
    const res = await api.post(`/api/v3/workspaces/${ws.body.id}/datasource`, {
      key: acme.admin.key,
      body: { datasource_type: "servicedesk", settings: settings(), secrets: secrets("revoked") },
    });
    expect(expectError(res, 400, "datasource_connection_failed").detail).toContain('step "authenticate"');
    expect((await api.get(`/api/v3/workspaces/${ws.body.id}/datasource`, { key: acme.admin.key })).status).toBe(404);
    expect((await api.get(`/api/v3/workspaces/${ws.body.id}`, { key: acme.admin.key })).body.sync ?? null).toBeNull();
  });

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
    const t = (id: number, subject: string, status: FakeTicketStatus, comments: [boolean, string][]) =>
      zd.tickets.set(id, {
        id,
        subject,
        status,
        updated: zd.tick(),
        comments: comments.map(([pub, body], i) => ({ id: id * 10 + i, public: pub, body, author_id: i % 2 ? 1 : 10 })),
      });
    t(501, "Printer jams", "solved", [
      [true, "My printer jams on every page."],
      [false, "Internal note: VIP customer."],
      [true, "Open the rear tray and remove the paper."],
    ]);
    t(502, "Refund request", "closed", [
      [true, "I would like a refund."],
      [true, "Refund issued."],
      [true, "Thanks!"],
    ]);
    t(503, "Still broken", "open", [[true, "It still fails."]]);
    t(504, "Spam", "deleted", [[true, "Buy now"]]);
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

describe("servicedesk fetchItem", () => {
  it("fetches an item whose listed content is gone (a run resumed elsewhere): article, ticket, attachment, or gone", async () => {
    useAllowlist("127.0.0.1");
    const quiet = { debug() {}, info() {}, warn() {} };
    const ctx = (token = "tok-admin") => ({
      settings: settings(),
      secrets: secrets(token),
      filter: {},
      runCursor: null,
      previous: async () => new Map(),
      signal: new AbortController().signal,
      log: quiet,
    });
    const fetch = (ref: Record<string, unknown>, token?: string) =>
      servicedeskConnector.fetchItem(ctx(token), { externalId: "x", docType: String(ref.kind), ref: ref as never });
    const read = async (r: Awaited<ReturnType<typeof fetch>>) => (r.kind === "content" ? fs.promises.readFile(r.path, "utf8") : "");

    const article = await fetch({ kind: "article", id: 1, locale: "en-us" });
    expect(article).toMatchObject({ kind: "content", title: "Reset your password", version: articleVersionOf("1:en-us") });
    expect(await read(article)).toContain("<b>Forgot password</b>");
    expect(await fetch({ kind: "article", id: 7, locale: "en-us" })).toEqual({ kind: "gone" }); // archived
    expect(await fetch({ kind: "article", id: 999, locale: "en-us" })).toEqual({ kind: "gone" });

    const ticket = await fetch({ kind: "ticket", id: 502, subject: "Refund request", status: "closed", created_at: null });
    expect(await read(ticket)).toContain("Refund issued.");
    expect(await fetch({ kind: "ticket", id: 504, subject: "Spam", status: "deleted", created_at: null })).toEqual({ kind: "gone" });

    const pdf = await fetch({ kind: "attachment", url: `${zd.base}/hc/article_attachments/901/manual.pdf`, name: "manual.pdf" });
    expect(pdf).toMatchObject({ kind: "content", filename: "manual.pdf" });
    expect((await read(pdf)).startsWith("%PDF-")).toBe(true);
    expect(await fetch({ kind: "attachment", url: `${zd.base}/hc/article_attachments/999/x.pdf`, name: "x.pdf" })).toEqual({ kind: "gone" });

    // Any other failure is that document's failure reason.
    await expect(fetch({ kind: "article", id: 1, locale: "en-us" }, "wrong")).rejects.toThrow(/HTTP 401.*Couldn't authenticate you/);
  });
});

const articleVersionOf = (key: string) => {
  const a = zd.articles.get(key)!;
  return `${new Date(a.updated * 1000).toISOString().replace(".000Z", "Z")}|${a.locale}`;
};

describe("servicedesk at scale", () => {
  it(`imports ${BIG} articles over the paged export with an exact count, and re-runs without fetching any`, async () => {
    useAllowlist("127.0.0.1");
    const big = await startFakeZendesk();
    try {
      big.agents.set(ADMIN, { id: 1, name: "Ada Admin", token: "tok-admin", role: "admin" });
      big.articlesPageSize = Math.max(100, Math.ceil(BIG / 8));
      for (let i = 1; i <= BIG; i++)
        big.addArticle({ id: 100_000 + i, title: `Article ${i}`, body: `<p>Body of article number ${i}.</p>`, section_id: 1 });
      const started = Date.now();
      const res = await api.post("/api/v3/workspaces", {
        key: acme.admin.key,
        body: {
          name: "Big help center",
          datasource: { datasource_type: "servicedesk", settings: { instance_url: big.base, email: ADMIN }, secrets: secrets() },
        },
      });
      expect(res.status).toBe(201);
      await new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 300_000 });
      const elapsed = Date.now() - started;
      const run = await latestRun(res.body.id);
      expect(run).toMatchObject({ status: "succeeded", created_count: BIG, listed_count: BIG, failed_count: 0 });
      const files = await db().file.findMany({ where: { workspaceId: res.body.id }, select: { externalId: true } });
      expect(files).toHaveLength(BIG);
      expect(new Set(files.map((f) => f.externalId)).size).toBe(BIG);
      const exports = big.log.filter((l) => l.path.startsWith("/api/v2/help_center/incremental/articles?"));
      expect(exports.filter((l) => l.path.endsWith("start_time=0"))).toHaveLength(1);
      expect(exports.length).toBeGreaterThanOrEqual(Math.ceil(BIG / big.articlesPageSize) + 1); // test connection + pages
      console.log(`servicedesk: ${BIG} articles imported in ${elapsed} ms`);

      big.log.length = 0;
      const again = await runNow(res.body.id);
      expect(again).toMatchObject({ status: "succeeded", created_count: 0, updated_count: 0 });
      // Only the article at the last end_time is listed again (the export's start is inclusive), and not fetched.
      expect(again.unchanged_count).toBe(1);
      expect(big.log.filter((l) => l.path.includes("/attachments") || l.path.includes("/articles/"))).toHaveLength(0);
    } finally {
      await big.close();
    }
  }, 300_000);
});

type FakeTicketStatus = "new" | "open" | "pending" | "hold" | "solved" | "closed" | "deleted";
