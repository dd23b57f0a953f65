// The `servicedesk` connection test against a local fake Zendesk (tests/sync/fake-zendesk.ts), through the API:
// the instance URL under the SSRF policy (loopback allow-listed through DOCUMENT_URL_ALLOWLIST), validation, each
// step that can fail (reach host, authenticate, permission for the help center and the tickets) as 400
// datasource_connection_failed, attaching with a bad token; and fetchItem on its own (a run resumed elsewhere).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { servicedeskConnector } from "@/lib/sync/servicedesk/connector";
import { type SeededCompany, seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { type FakeZendesk, startFakeZendesk } from "./fake-zendesk";
import { html, startSite } from "./local-site";
import { ADMIN, AGENT, addTicket, NO_GUIDE, seedAcmeHelpCenter } from "./zendesk-fixture";

useTestDatabase();

let zd: FakeZendesk;
let acme: SeededCompany;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-zendesk-conn-"));

const useAllowlist = (list: string) => setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: list });
const settings = (email = ADMIN) => ({ instance_url: zd.base, email });
const secrets = (token = "tok-admin") => ({ api_token: token });
const testConnection = (body: Record<string, unknown>) =>
  api.post("/api/v3/datasources/test", { key: acme.admin.key, body: { datasource_type: "servicedesk", ...body } });

beforeAll(async () => {
  useAllowlist("");
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

describe("servicedesk connection", () => {
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
});

describe("servicedesk fetchItem", () => {
  it("fetches an item whose listed content is gone (a run resumed elsewhere): article, ticket, attachment, or gone", async () => {
    useAllowlist("127.0.0.1");
    zd.articles.get("7:en-us")!.archived = true;
    addTicket(zd, 502, "Refund request", "closed", [
      [true, "I would like a refund."],
      [true, "Refund issued."],
    ]);
    addTicket(zd, 504, "Spam", "deleted", [[true, "Buy now"]]);
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
