// The cloud datasources in the console, as a company admin attaches them to a new, empty workspace:
// - servicedesk (Zendesk) end to end against the fake Zendesk of the connector tests, served on loopback
//   (global-setup allow-lists 127.0.0.1 through DOCUMENT_URL_ALLOWLIST): the form refuses an empty submission,
//   "Test connection" with a wrong token shows the failing step, then the right one works; saving attaches the
//   datasource and runs it; the articles and their attachments are the workspace's read-only files;
// - filedrive (Google Drive): the form's labelled fields and client-side checks, "Test connection" against a
//   refused token endpoint (400 datasource_connection_failed, nothing attached), then attach and sync against
//   the fake Drive over plain http with a generated service-account key;
// - sitehost (SharePoint): the form's labelled fields and client-side checks, "Test connection" against a
//   refused identity platform (400 datasource_connection_failed, nothing attached). A full sync would need the
//   server to trust the fake Graph's self-signed certificate: tests/sync/sitehost.test.ts covers it.
// The specs share one server: names are unique, and the workspaces made here are deleted with their documents
// at the end (so that search and ask in later specs do not meet them).
import net from "node:net";
import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { FakeGoogleDrive, GSHEET } from "../tests/sync/fake-google-drive";
import { type FakeZendesk, startFakeZendesk } from "../tests/sync/fake-zendesk";
import { tinyPdf } from "../tests/sync/local-site";
import { ADMIN, seedAcmeHelpCenter } from "../tests/sync/zendesk-fixture";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR, readServer } from "./server";

const run = Date.now().toString(36);
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
/** A form alone, at full resolution (the page screenshots are tall). */
const shotOf = (form: Locator, name: string) => form.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });

let zendesk: FakeZendesk;
let drive: FakeGoogleDrive;
/** A loopback port nothing listens on: connections to it are refused at once. */
let closedPort: number;
/** Workspaces this spec created, deleted with their documents at the end: the specs share one server. */
const created: number[] = [];

async function unusedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

test.beforeAll(async () => {
  zendesk = await startFakeZendesk();
  seedAcmeHelpCenter(zendesk);
  drive = await new FakeGoogleDrive().start();
  closedPort = await unusedPort();
});

test.afterAll(async ({ request }) => {
  const { baseURL, apiKey } = readServer();
  for (const id of created) {
    const res = await request.delete(`${baseURL}/api/v3/workspaces/${id}?force=true`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(res.status(), await res.text()).toBe(204);
  }
  await zendesk?.close();
  await drive?.close();
});

/** A new empty workspace through the API (the console flow is the servicedesk test's); opens its page. */
async function openNewWorkspace(page: Page, request: APIRequestContext, name: string): Promise<number> {
  const { baseURL, apiKey } = readServer();
  const res = await request.post(`${baseURL}/api/v3/workspaces`, { headers: { Authorization: `Bearer ${apiKey}` }, data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).id as number;
  created.push(id);
  await signIn(page);
  await page.goto(`${baseURL}/workspaces/${id}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  return id;
}

/** The collapsed attach form of one datasource type in the "Datasource sync" section, opened. */
async function openAttachForm(page: Page, summary: string): Promise<Locator> {
  const section = page.getByRole("region", { name: "Datasource sync" });
  await section.getByText(summary, { exact: true }).click();
  const form = section.locator("details").filter({ hasText: summary });
  await expect(form.getByRole("button", { name: "Test connection" })).toBeVisible();
  return form;
}

/** Clicks "Test connection" and returns the server's answer to the test request. */
async function testConnection(page: Page, form: Locator): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/v3/datasources/test") && r.request().method() === "POST");
  await form.getByRole("button", { name: "Test connection" }).click();
  const res = await answer;
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

/** The workspace still has no datasource (404 from the API), and the page still offers to attach one. */
async function expectNothingAttached(page: Page, request: APIRequestContext, workspaceId: number): Promise<void> {
  const { baseURL, apiKey } = readServer();
  const res = await request.get(`${baseURL}/api/v3/workspaces/${workspaceId}/datasource`, { headers: { Authorization: `Bearer ${apiKey}` } });
  expect(res.status(), await res.text()).toBe(404);
  await expect(page.getByRole("region", { name: "Datasource sync" }).getByRole("button", { name: "Sync now" })).toHaveCount(0);
}

/** Requests that would test or attach a datasource, counted to show client-side validation sends nothing. */
function datasourceRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET" && /\/datasources?(\/|$)/.test(new URL(r.url()).pathname)) seen.push(`${r.method()} ${r.url()}`);
  });
  return seen;
}

test("a Zendesk Help Center is tested, attached and synced; its articles are read-only files", async ({ page }) => {
  test.setTimeout(120_000);
  const { baseURL } = readServer();
  const WORKSPACE = `Help Center mirror ${run}`;
  const sent = datasourceRequests(page);
  await signIn(page);

  await page.goto(`${baseURL}/workspaces`);
  await page.getByRole("button", { name: "New workspace" }).click();
  await page.getByLabel("Workspace name").fill(WORKSPACE);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspaces\/\d+$/);
  const workspaceId = Number(new URL(page.url()).pathname.split("/").pop());
  created.push(workspaceId);
  await expect(page.getByRole("heading", { name: WORKSPACE, level: 1 })).toBeVisible();

  const section = page.getByRole("region", { name: "Datasource sync" });
  const form = await openAttachForm(page, "Or sync a Zendesk Help Center (articles, solved tickets)");
  const instance = form.getByLabel("Zendesk instance");
  const email = form.getByLabel("Agent e-mail");
  const token = form.getByLabel("API token");

  // An empty submission is refused in the browser, each field saying what it needs.
  await form.getByRole("button", { name: "Attach and sync" }).click();
  await expect(form.getByText("An https URL such as https://acme.zendesk.com.")).toBeVisible();
  await expect(form.getByText("The e-mail of the agent the API token belongs to.")).toBeVisible();
  await expect(form.getByText("The API token is required.")).toBeVisible();
  for (const input of [instance, email, token]) await expect(input).toHaveAttribute("aria-invalid", "true");
  expect(sent).toEqual([]);
  await shotOf(form, "datasource-cloud-servicedesk-invalid");

  // A wrong token: the server names the step that failed.
  await instance.fill(zendesk.base);
  await email.fill(ADMIN);
  await token.fill("not-the-token");
  const refused = await testConnection(page, form);
  expect(refused.status).toBe(400);
  expect(refused.body.error).toBe("datasource_connection_failed");
  const alert = form.getByRole("alert");
  await expect(alert).toContainText('Zendesk, step "authenticate"');
  await expect(alert).toContainText("Couldn't authenticate you");
  await expect(instance).not.toHaveAttribute("aria-invalid");
  await shot(page, "datasource-cloud-servicedesk-refused");
  await shotOf(form, "datasource-cloud-servicedesk-refused-form");

  // The right token works; nothing is saved yet.
  await token.fill("tok-admin");
  const ok = await testConnection(page, form);
  expect(ok.status).toBe(200);
  const works = form.getByRole("status");
  await expect(works).toHaveText(`Connection works: ${new URL(zendesk.base).host}`);
  await expect(alert).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Sync now" })).toHaveCount(0);
  await shotOf(form, "datasource-cloud-servicedesk-tested-form");
  // The result is about the values tested: editing a setting clears it.
  await token.fill("tok-admin-changed");
  await expect(works).toHaveCount(0);
  await token.fill("tok-admin");

  // Saving attaches it and starts the first run: 6 published article translations and 2 attachments.
  await form.getByRole("button", { name: "Attach and sync" }).click();
  await expect(section.getByText(`(Zendesk: ${new URL(zendesk.base).host})`)).toBeVisible({ timeout: 30_000 });
  await expect(section.locator('dt:text-is("Status") + dd')).toContainText("Succeeded", { timeout: 60_000 });
  await expect(page.getByText(/\b8 documents\b/)).toBeVisible({ timeout: 15_000 });
  const runRows = section.getByRole("table", { name: "Runs of the datasource, newest first" }).locator("tbody tr");
  await expect(runRows).toHaveCount(1);
  await expect(runRows.first().locator("td").nth(2)).toHaveText("8"); // new
  await expect(runRows.first().locator("td").nth(6)).toHaveText("0"); // failed
  expect(zendesk.log.some((l) => l.path.startsWith("/api/v2/help_center/incremental/articles") && l.status === 200)).toBe(true);
  await shot(page, "datasource-cloud-servicedesk-synced");

  await page.goto(`${baseURL}/files?workspace_id=${workspaceId}`);
  const rows = page.getByTestId("file-row");
  await expect(rows).toHaveCount(8, { timeout: 30_000 });
  for (const title of ["Reset your password", "Passwort zurücksetzen", "Billing FAQ", "Shipping times", "Returns policy", "Warranty", "manual.pdf"]) {
    await expect(rows.filter({ hasText: title })).toHaveCount(1);
  }
  await expect(rows.filter({ hasText: "Unfinished draft" })).toHaveCount(0);
  await expect(rows.filter({ hasText: "Old product" })).toHaveCount(0);
  await expect(page.getByText("8 files match")).toBeVisible();
  await shot(page, "datasource-cloud-servicedesk-files");

  await rows.filter({ hasText: "Billing FAQ" }).getByRole("link", { name: "Billing FAQ" }).click();
  await expect(page).toHaveURL(/\/files\/\d+$/);
  await expect(page.getByText("Synced from a datasource: read-only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
});

test("the SharePoint form checks its fields and reports a refused identity platform without attaching", async ({ page, request }) => {
  const workspaceId = await openNewWorkspace(page, request, `SharePoint form ${run}`);
  const sent = datasourceRequests(page);
  const form = await openAttachForm(page, "Or sync a SharePoint Online site (app registration)");
  const tenant = form.getByLabel("Tenant id");
  const client = form.getByLabel("Client id");
  const secret = form.getByLabel("Client secret");
  const site = form.getByRole("textbox", { name: "Site", exact: true });
  for (const field of [tenant, client, secret, site, form.getByLabel("Library"), form.getByLabel("Folder", { exact: true })])
    await expect(field).toBeVisible();
  for (const label of [
    "Extensions",
    "MIME types",
    "Name patterns",
    "Exclude patterns",
    "Modified after",
    "Include subfolders",
    "Sync every (minutes)",
  ]) {
    await expect(form.getByLabel(label)).toHaveCount(1);
  }
  // No secret, no test: the button says why.
  await expect(form.getByRole("button", { name: "Test connection" })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Test connection" })).toHaveAttribute("title", "Type the client secret to test the connection");

  await form.getByRole("button", { name: "Attach and sync" }).click();
  await expect(form.getByText("The directory (tenant) id: a GUID or a domain such as contoso.onmicrosoft.com.")).toBeVisible();
  await expect(form.getByText("The application (client) id of the app registration.")).toBeVisible();
  await expect(form.getByText("The client secret's value is required.")).toBeVisible();
  await expect(form.getByText("The site: contoso.sharepoint.com:/sites/Name, its URL, its id or its name.")).toBeVisible();
  for (const input of [tenant, client, secret, site]) await expect(input).toHaveAttribute("aria-invalid", "true");

  await tenant.fill("contoso.onmicrosoft.com");
  await client.fill("6731de76-14a6-49ae-97bc-6eba6914391e");
  await secret.fill("an-app-secret");
  await site.fill("contoso.sharepoint.com:/sites/Marketing");
  await form.getByText("Endpoints (sovereign clouds)").click();
  const authority = form.getByLabel("Identity platform host");
  const graph = form.getByLabel("Microsoft Graph URL");
  await authority.fill("http://login.example.com");
  await graph.fill("https://graph.example.com/v1.0");
  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(form.getByText("An https origin without a path.")).toHaveCount(2);
  await expect(tenant).not.toHaveAttribute("aria-invalid");
  expect(sent).toEqual([]);
  await shot(page, "datasource-cloud-sitehost-invalid");

  // Nothing listens on the identity platform's port: the token step fails, nothing is attached.
  await authority.fill(`https://127.0.0.1:${closedPort}`);
  await graph.fill(`https://127.0.0.1:${closedPort}`);
  const refused = await testConnection(page, form);
  expect(refused.status).toBe(400);
  expect(refused.body.error).toBe("datasource_connection_failed");
  // Said as what happened: the host could not be reached (not "refused the client credentials").
  await expect(form.getByRole("alert")).toContainText("Token step: the identity platform could not be reached");
  await expect(form.getByText(/Connection works/)).toHaveCount(0);
  await shot(page, "datasource-cloud-sitehost-refused");
  await expectNothingAttached(page, request, workspaceId);
});

test("a Google Drive folder: form checks, a refused token endpoint, then attached and synced from the fake Drive", async ({ page, request }) => {
  test.setTimeout(90_000);
  const SA = `e2e-${run}@fake-project.iam.gserviceaccount.com`;
  const key = drive.addServiceAccount(SA);
  const folder = drive.addFolder(`Handbook ${run}`, null, { sharedWith: [SA] });
  drive.addFile("welcome.txt", folder, "text/plain", "Welcome to Acme. Read the handbook first.\n");
  // A native sheet comes as its PDF export (not a .docx: e2e/search-ask.spec.ts expects no .docx on the server).
  drive.addFile("Travel budget", folder, GSHEET, "Travel budget 2027: 1,200 EUR per person.");
  drive.addFile("policies.pdf", folder, "application/pdf", tinyPdf("Acme travel policy"));
  drive.addFile("clip.mp4", folder, "video/mp4", Buffer.alloc(64, 1)); // not a readable type: left out

  const WORKSPACE = `Drive handbook ${run}`;
  const workspaceId = await openNewWorkspace(page, request, WORKSPACE);
  const sent = datasourceRequests(page);
  const section = page.getByRole("region", { name: "Datasource sync" });
  const form = await openAttachForm(page, "Or sync Google Drive folders (service account)");
  const folders = form.getByLabel("Folders (ids or links, one per line)");
  const keyField = form.getByLabel("Service account JSON key");
  for (const field of [folders, form.getByLabel("Shared drive id"), keyField, form.getByLabel("MIME types"), form.getByLabel("Name patterns")]) {
    await expect(field).toBeVisible();
  }
  await expect(form.getByLabel("Include subfolders")).toBeChecked();
  await expect(form.getByRole("button", { name: "Test connection" })).toBeDisabled();

  await form.getByRole("button", { name: "Attach and sync" }).click();
  await expect(form.getByText("At least one folder, or a shared drive.")).toBeVisible();
  await expect(form.getByText("The service account's JSON key is required.")).toBeVisible();
  await expect(folders).toHaveAttribute("aria-invalid", "true");
  await expect(keyField).toHaveAttribute("aria-invalid", "true");

  // A pasted link gives the folder id; a key that is not JSON is refused before anything is sent.
  await folders.fill(`https://drive.google.com/drive/folders/${folder}?usp=sharing`);
  await keyField.fill("{ not a key");
  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(form.getByText("Not JSON: paste the whole key file.")).toBeVisible();
  await expect(folders).not.toHaveAttribute("aria-invalid");
  expect(sent).toEqual([]);

  // A real key: the hint names the account to share the folders with. The token endpoint refuses connections.
  await keyField.fill(key);
  await expect(form.getByText(`Share the folders with ${SA} (Viewer is enough).`)).toBeVisible();
  await form.getByText("Endpoints and delegation").click();
  await form.getByLabel("API base URL").fill(drive.base);
  const tokenUrl = form.getByLabel("Token URL");
  await tokenUrl.fill(`http://127.0.0.1:${closedPort}/token`);
  const refused = await testConnection(page, form);
  expect(refused.status).toBe(400);
  expect(refused.body.error).toBe("datasource_connection_failed");
  await expect(form.getByRole("alert")).toContainText("Token step:");
  await shot(page, "datasource-cloud-filedrive-refused");
  await expectNothingAttached(page, request, workspaceId);

  // The key's own token endpoint (the fake's): the connection works, then attach and sync.
  await tokenUrl.fill("");
  const ok = await testConnection(page, form);
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  await expect(form.getByText(/^Connection works: /)).toBeVisible();
  await expect(form.getByRole("alert")).toHaveCount(0);
  await form.getByRole("button", { name: "Attach and sync" }).click();
  await expect(section.getByText(/\(Google Drive: /)).toBeVisible({ timeout: 30_000 });
  await expect(section.locator('dt:text-is("Status") + dd')).toContainText("Succeeded", { timeout: 60_000 });
  await expect(page.getByText(/\b3 documents\b/)).toBeVisible({ timeout: 15_000 });
  const runRow = section.getByRole("table", { name: "Runs of the datasource, newest first" }).locator("tbody tr");
  await expect(runRow).toHaveCount(1);
  await expect(runRow.locator("td").nth(1)).toHaveText("Succeeded");
  await expect(runRow.locator("td").nth(2)).toHaveText("3"); // new
  await expect(runRow.locator("td").nth(6)).toHaveText("0"); // failed
  await shot(page, "datasource-cloud-filedrive-synced");

  const { baseURL } = readServer();
  await page.goto(`${baseURL}/files?workspace_id=${workspaceId}`);
  const rows = page.getByTestId("file-row");
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  for (const name of ["welcome.txt", "Travel budget.pdf", "policies.pdf"]) await expect(rows.filter({ hasText: name })).toHaveCount(1);
  await expect(rows.filter({ hasText: "clip.mp4" })).toHaveCount(0);
});
