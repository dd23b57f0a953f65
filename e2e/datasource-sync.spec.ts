// A synced workspace in the console, as a company admin sets it up: a new empty workspace gets a website
// datasource (a three-page site the spec serves on loopback, which global-setup allow-lists through
// DOCUMENT_URL_ALLOWLIST), "Test connection", save (the first run starts), "Sync now" once it has finished,
// the run history, the imported documents in the files list, and a synced document shown read-only.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR, readServer } from "./server";

const run = Date.now().toString(36);
const WORKSPACE = `Website mirror ${run}`;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });

const nav = '<nav><a href="/">Home</a> | <a href="/about.html">About</a> | <a href="/contact.html">Contact</a></nav>';
const PAGES: Record<string, { title: string; body: string }> = {
  "/": { title: "Acme Tools home", body: "Acme Tools GmbH sells torque wrenches and calibration services." },
  "/about.html": { title: "About Acme Tools", body: "Founded in 1952 in Stuttgart, Acme Tools employs 120 people." },
  "/contact.html": { title: "Contact Acme Tools", body: "Write to support@acme-tools.example or call the service desk." },
};

let site: http.Server;
let siteUrl: string;
const requests: string[] = [];

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    const page = PAGES[new URL(req.url ?? "/", "http://site").pathname];
    if (!page) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found"); // robots.txt, sitemap.xml
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>${page.title}</title></head><body>${nav}<h1>${page.title}</h1><p>${page.body}</p></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

test("a website datasource is tested, attached and synced; its documents are read-only", async ({ page }) => {
  test.setTimeout(240_000);
  const { baseURL } = readServer();
  await signIn(page);

  // A new, empty workspace: only those can be synced.
  await page.goto(`${baseURL}/workspaces`);
  await page.getByRole("button", { name: "New workspace" }).click();
  await page.getByLabel("Workspace name").fill(WORKSPACE);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspaces\/\d+$/);
  const workspaceId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { name: WORKSPACE, level: 1 })).toBeVisible();
  await expect(page.getByText("0 documents", { exact: false })).toBeVisible();

  const section = page.getByRole("region", { name: "Datasource sync" });
  await section.getByLabel("Start URLs (one per line)").fill(siteUrl);
  await section.getByLabel("Max depth").fill("2");
  await section.getByLabel("Delay per host (ms)").fill("50");

  // "Test connection" reaches the site without saving anything.
  await section.getByRole("button", { name: "Test connection" }).click();
  await expect(section.getByText(`Connection works: ${siteUrl}`)).toBeVisible({ timeout: 30_000 });
  expect(requests).toContain("/");
  await expect(section.getByRole("button", { name: "Sync now" })).toHaveCount(0);
  await shot(page, "datasource-tested");

  // Saving attaches the datasource and starts the first run.
  await section.getByRole("button", { name: "Attach and sync" }).click();
  await expect(section.getByText(`(Website: ${siteUrl})`)).toBeVisible({ timeout: 30_000 });
  const status = section.locator('dt:text-is("Status") + dd');
  await expect(status).toContainText("Succeeded", { timeout: 120_000 });
  // The page refreshes the workspace once the run is over: the three pages are its documents.
  await expect(page.getByText(/\b3 documents\b/)).toBeVisible({ timeout: 15_000 });

  const runs = section.getByRole("table", { name: "Runs of the datasource, newest first" });
  const runRows = runs.locator("tbody tr");
  await expect(runRows).toHaveCount(1);
  const cells = (row: number) => runRows.nth(row).locator("td");
  await expect(cells(0).nth(1)).toHaveText("Succeeded");
  await expect(cells(0).nth(2)).toHaveText("3"); // new
  await expect(cells(0).nth(6)).toHaveText("0"); // failed

  // "Sync now": a second run finds the same three pages unchanged.
  await section.getByRole("button", { name: "Sync now" }).click();
  await expect(runRows).toHaveCount(2, { timeout: 30_000 });
  await expect(cells(0).nth(1)).toHaveText("Succeeded", { timeout: 120_000 });
  await expect(section.getByRole("button", { name: "Sync now" })).toBeEnabled();
  await expect(cells(0).nth(2)).toHaveText("0"); // new
  await expect(cells(0).nth(4)).toHaveText("3"); // unchanged
  await expect(cells(0).nth(6)).toHaveText("0"); // failed
  await expect(page.getByText(/\b3 documents\b/)).toBeVisible();
  await shot(page, "datasource-synced");

  // The imported documents, in the files list filtered on the workspace.
  await page.goto(`${baseURL}/files?workspace_id=${workspaceId}`);
  const rows = page.getByTestId("file-row");
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  for (const { title } of Object.values(PAGES)) await expect(rows.filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByText("3 files match")).toBeVisible();

  // A synced document is read-only: no Delete button.
  await rows.filter({ hasText: "About Acme Tools" }).getByRole("link", { name: "About Acme Tools" }).click();
  await expect(page).toHaveURL(/\/files\/\d+$/);
  await expect(page.getByText("Synced from a datasource: read-only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download original" })).toBeVisible();
  await shot(page, "datasource-file-read-only");
});
