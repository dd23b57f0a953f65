// The `webscrapper` connector against a real website on loopback (allow-listed through DOCUMENT_URL_ALLOWLIST),
// through the API and the job runner: links, depth, robots.txt disallow, sitemap.xml, redirects (and the SSRF
// policy on each hop), throttling with Retry-After, a linked PDF, 404s and 500s as failed documents, an
// unchanged re-run answered with 304s only, a page that changes and one that disappears between runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobDefinitions } from "@/inngest/functions";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { forgetRobots } from "@/lib/sync/webscrapper/crawl";
import { type SeededCompany, seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { html, type LocalSite, startSite, tinyPdf } from "./local-site";

useTestDatabase();

let site: LocalSite;
let acme: SeededCompany;
let workspaceId: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-crawl-"));

const drainSync = () => new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 120_000 });
const useAllowlist = (list: string) => setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: list });

function buildSite(base: string) {
  const p = site.pages;
  p.set("/robots.txt", { body: `User-agent: *\nDisallow: /private/\n\nSitemap: ${base}/sitemap.xml\n`, contentType: "text/plain" });
  p.set("/sitemap.xml", {
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/orphan.html</loc></url><url><loc>${base}/private/hidden.html</loc></url></urlset>`,
    contentType: "application/xml",
  });
  p.set("/", {
    body: html(
      "Welcome to Acme",
      `<h1>Acme</h1><p>Welcome.</p>
         <a href="/a.html">A</a> <a href="b.html">B</a> <a href="/private/secret.html">secret</a>
         <a href="/old-path">moved</a> <a href="/report.pdf">report</a> <a href="/missing.html">gone</a>
         <a href="/broken.html">broken</a> <a href="/deep/1.html">deep</a> <a href="/slow.html">slow</a>
         <a href="/to-metadata">meta</a> <a href="https://example.invalid/elsewhere">elsewhere</a>
         <a href="/a.html#section">A again</a> <a href="mailto:x@example.com">mail</a> <a href="/logo.png">logo</a>`,
    ),
  });
  p.set("/a.html", { body: html("Page A", `<p>Alpha content.</p><a href="/">home</a>`) });
  p.set("/b.html", { body: html("Page B", "<p>Bravo content, first version.</p>") });
  p.set("/old-path", { status: 301, headers: { location: "/c.html" } });
  p.set("/c.html", { body: html("Page C", "<p>Charlie, reached through a redirect.</p>") });
  p.set("/orphan.html", { body: html("Orphan", "<p>Only the sitemap links here.</p>"), noEtag: true });
  p.set("/private/secret.html", { body: html("Secret", "<p>robots.txt forbids this.</p>") });
  p.set("/private/hidden.html", { body: html("Hidden", "<p>robots.txt forbids this too.</p>") });
  p.set("/report.pdf", { body: tinyPdf("Quarterly crawler report"), contentType: "application/pdf" });
  p.set("/broken.html", { status: 500, body: "oops" });
  p.set("/slow.html", { body: html("Slow", "<p>Served after a 429.</p>"), throttle: { times: 1, retryAfter: "1" } });
  p.set("/to-metadata", { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } });
  for (let i = 1; i <= 4; i++) p.set(`/deep/${i}.html`, { body: html(`Deep ${i}`, `<p>Level ${i}.</p><a href="/deep/${i + 1}.html">next</a>`) });
}

async function latestRun() {
  return (await api.get(`/api/v3/workspaces/${workspaceId}/datasource/runs?page_size=1`, { key: acme.admin.key })).body.results[0];
}

async function failuresOf(runId: number) {
  const res = await api.get(`/api/v3/workspaces/${workspaceId}/datasource/runs/${runId}/failures`, { key: acme.admin.key });
  return Object.fromEntries(res.body.results.map((f: { external_id: string; reason: string }) => [f.external_id.replace(site.base, ""), f.reason]));
}

async function filesByPath() {
  const files = await db().file.findMany({ where: { workspaceId } });
  return new Map(files.map((f) => [f.externalId!.replace(site.base, ""), f]));
}

beforeAll(async () => {
  useAllowlist("");
  setStorageForTests(undefined);
  site = await startSite();
  buildSite(site.base);
  acme = await seedCompany();
});

afterAll(async () => {
  await site.close();
  setEnvForTests({});
});

const settings = () => ({ start_urls: [`${site.base}/`], politeness_delay_ms: 0, concurrency_per_host: 4 });

describe("webscrapper", () => {
  it("refuses a loopback site unless allow-listed, and validates settings", async () => {
    const refused = expectError(
      await api.post("/api/v3/datasources/test", { key: acme.admin.key, body: { datasource_type: "webscrapper", settings: settings() } }),
      400,
      "datasource_connection_failed",
    );
    expect(refused.detail).toContain("non-public address");
    const invalid = expectError(
      await api.post("/api/v3/datasources/test", {
        key: acme.admin.key,
        body: { datasource_type: "webscrapper", settings: { start_urls: ["ftp://x"] } },
      }),
      422,
      "validation_error",
    );
    expect(Object.keys(invalid.fields ?? {})[0]).toMatch(/^settings\.start_urls/);
    useAllowlist("127.0.0.1");
    const ok = await api.post("/api/v3/datasources/test", { key: acme.admin.key, body: { datasource_type: "webscrapper", settings: settings() } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, source_name: `${site.base}/` });
  });

  it("crawls the site: links, depth, robots, sitemap, redirects, a PDF, throttling; 404/500/refused counted as failed", async () => {
    site.log.length = 0;
    const res = await api.post("/api/v3/workspaces", {
      key: acme.admin.key,
      body: {
        name: "Website",
        datasource: {
          datasource_type: "webscrapper",
          settings: settings(),
          filter_criteria: { max_depth: 3, allowed_hosts: ["127.0.0.1", "169.254.169.254"] },
        },
      },
    });
    expect(res.status).toBe(201);
    workspaceId = res.body.id;
    await drainSync();

    const files = await filesByPath();
    expect([...files.keys()].sort()).toEqual(
      ["/", "/a.html", "/b.html", "/c.html", "/deep/1.html", "/deep/2.html", "/deep/3.html", "/orphan.html", "/report.pdf", "/slow.html"].sort(),
    );
    expect(files.get("/")).toMatchObject({ title: "Welcome to Acme", externalDocType: "webpage", extension: "html" });
    expect(files.get("/c.html")!.title).toBe("Page C");
    expect(files.get("/report.pdf")).toMatchObject({ externalDocType: "pdf", extension: "pdf", mimeType: "application/pdf" });
    expect(files.get("/a.html")!.externalMetadata).toEqual({
      external_id: `${site.base}/a.html`,
      doc_type: "webpage",
      additional_metadata: { external_url: `${site.base}/a.html` },
    });

    const run = await latestRun();
    expect(run).toMatchObject({ status: "partially_failed", created_count: 10, failed_count: 3, listed_count: 13 });
    const failures = await failuresOf(run.id);
    expect(failures["/missing.html"]).toBe("HTTP 404");
    expect(failures["/broken.html"]).toBe("HTTP 500");
    expect(failures["/to-metadata"]).toContain("non-public address");

    const requested = new Set(site.log.map((l) => l.path));
    for (const never of ["/private/secret.html", "/private/hidden.html", "/deep/4.html", "/logo.png"]) expect(requested.has(never)).toBe(false);
    expect(site.log.filter((l) => l.path === "/slow.html").map((l) => l.status)).toEqual([429, 200]);
    const ws = await api.get(`/api/v3/workspaces/${workspaceId}`, { key: acme.admin.key });
    expect(ws.body.sync).toMatchObject({
      datasource_type: "webscrapper",
      last_status: "partially_failed",
      failed_files_count: 3,
      instance_url: site.base,
    });
  }, 180_000);

  it("the synced HTML pages and the PDF go through the document engine", async () => {
    await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20 }).drain({ timeoutMs: 300_000 });
    const files = await filesByPath();
    for (const p of ["/", "/report.pdf"]) expect(files.get(p)!.status).toBe("embedded");
    const pages = await db().filePage.findMany({ where: { fileId: { in: [files.get("/")!.id, files.get("/report.pdf")!.id] } } });
    const text = pages.map((pg) => pg.markdown).join("\n");
    expect(text).toContain("Welcome.");
    expect(text).toContain("Quarterly crawler report");
  }, 300_000);

  it("an unchanged re-run downloads no page again (conditional GET answered 304)", async () => {
    forgetRobots();
    site.log.length = 0;
    const before = new Map([...(await filesByPath())].map(([k, f]) => [k, f.contentVersion]));
    expect((await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key })).status).toBe(202);
    await drainSync();
    const run = await latestRun();
    expect(run).toMatchObject({
      status: "partially_failed",
      created_count: 0,
      updated_count: 0,
      deleted_count: 0,
      unchanged_count: 10,
      failed_count: 3,
    });
    const bodies = site.log.filter((l) => l.body).map((l) => l.path);
    // robots.txt and the sitemap are read every run; the orphan page has no ETag, so it is compared by hash.
    expect(bodies.sort()).toEqual(["/orphan.html", "/robots.txt", "/sitemap.xml"]);
    const after = new Map([...(await filesByPath())].map(([k, f]) => [k, f.contentVersion]));
    expect(after).toEqual(before);
  }, 180_000);

  it("propagates a changed page and a removed one; a page that now answers 404 is deleted", async () => {
    forgetRobots();
    site.pages.set("/b.html", { body: html("Page B v2", "<p>Bravo content, second version.</p>") });
    site.pages.delete("/a.html"); // still linked from the home page: now a 404 for a known page
    site.pages.delete("/orphan.html");
    site.pages.set("/sitemap.xml", {
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>`,
      contentType: "application/xml",
    });
    site.pages.set("/broken.html", { body: html("Fixed", "<p>Works again.</p>") });
    await api.post(`/api/v3/workspaces/${workspaceId}/datasource/runs`, { key: acme.admin.key });
    await drainSync();
    const run = await latestRun();
    expect(run).toMatchObject({ created_count: 1, updated_count: 1, deleted_count: 2, failed_count: 2 });
    const files = await filesByPath();
    expect(files.has("/a.html")).toBe(false);
    expect(files.has("/orphan.html")).toBe(false);
    expect(files.get("/b.html")).toMatchObject({ title: "Page B v2", contentVersion: 2 });
    expect(files.get("/broken.html")!.title).toBe("Fixed");
  }, 180_000);

  it("a site that cannot be reached fails the run with a clear reason after the job's retries (no hung job)", async () => {
    const down = await startSite();
    down.pages.set("/", { body: html("Soon gone", "<p>bye</p>") });
    const res = await api.post("/api/v3/workspaces", {
      key: acme.admin.key,
      body: {
        name: "Gone site",
        datasource: { datasource_type: "webscrapper", settings: { start_urls: [`${down.base}/`], politeness_delay_ms: 0 }, start_sync: false },
      },
    });
    expect(res.status).toBe(201);
    await down.close();
    forgetRobots();
    const run = await api.post(`/api/v3/workspaces/${res.body.id}/datasource/runs`, { key: acme.admin.key });
    expect(run.status).toBe(202);
    // Each failed attempt is retried 10 ms later; drain until the job has failed for good.
    const runner = new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20, backoffMs: () => 10 });
    for (let i = 0; i < 100; i++) {
      await runner.drain({ timeoutMs: 120_000 });
      const { status } = await db().datasourceRun.findUniqueOrThrow({ where: { id: run.body.id } });
      if (status !== "queued" && status !== "running") break;
      await new Promise((r) => setTimeout(r, 30));
    }
    const runs = await api.get(`/api/v3/workspaces/${res.body.id}/datasource/runs`, { key: acme.admin.key });
    expect(runs.body.results[0]).toMatchObject({ status: "failed" });
    expect(runs.body.results[0].status_detail).toContain("No start URL could be reached");
    const ws = await api.get(`/api/v3/workspaces/${res.body.id}`, { key: acme.admin.key });
    expect(ws.body.sync.last_status).toBe("failed");
    expect(await db().datasource.findUniqueOrThrow({ where: { workspaceId: res.body.id } })).toMatchObject({ activeRunId: null });
  }, 180_000);

  it("a synced workspace refuses manual upload, file delete and bulk delete (400 bad_request)", async () => {
    const file = (await filesByPath()).get("/b.html")!;
    const form = new FormData();
    form.append("file", new Blob(["hello"]), "x.txt");
    form.append("workspace_id", String(workspaceId));
    expectError(await api.post("/api/v3/files", { key: acme.admin.key, raw: form }), 400, "bad_request");
    expectError(await api.delete(`/api/v3/files/${file.id}`, { key: acme.admin.key }), 400, "bad_request");
    expectError(await api.post("/api/v3/files/bulk-delete", { key: acme.admin.key, body: { ids: [file.id] } }), 400, "bad_request");
    // Tags and search work as on any workspace.
    const patched = await api.patch(`/api/v3/files/${file.id}`, { key: acme.admin.key, body: { title: "Renamed" } });
    expect(patched.status).toBe(200);
  });
});
