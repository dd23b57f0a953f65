// Files at scale, as a person does it in the console: select rows and add/remove a tag, move them to another
// workspace and delete one (with its confirmation); sort by a column; rename and move a file on its page;
// an upload that fails shows a failed (red) row and the form remembers the workspace; "Search contents" finds
// only the documents that match, shows their passage as text with highlights, and nothing for a query no
// document shares.
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR, readServer } from "./server";

test.describe.configure({ mode: "serial" });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, name), fullPage: true });
const run = Date.now().toString(36);
const WS_A = `Bulk A ${run}`;
const WS_B = `Bulk B ${run}`;
const WS_CLOSED = `Closed ${run}`;
const TAG = `urgent-${run}`;

// Sizes differ so that sorting by size has one right order: travel > note-a > note-b.
const DOCS: Record<string, string> = {
  [`travel-${run}.md`]: `# 3. Hotels\n\n**Travel expenses:** the hotel \\*Adlon\\* charged 780.00 EUR for three nights.\n\n| Item | Amount |\n|---|---|\n| Taxi | 35.00 |\n| Train | 89.00 |\n\nReimbursement is requested within 30 days of the trip.`,
  [`note-a-${run}.txt`]: "Contract note. Bought 100 shares of ACME Corp at 45.20 EUR. Brokerage commission 9.90 EUR.",
  [`note-b-${run}.txt`]: "Contract note. Sold 20 Siemens shares. Commission 12.50 EUR.",
};

let ws: { a: number; b: number; closed: number };
const ids: Record<string, number> = {};

const auth = () => ({ Authorization: `Bearer ${readServer().apiKey}` });

async function createWorkspace(request: APIRequestContext, name: string, extra: Record<string, unknown> = {}) {
  const res = await request.post(`${readServer().baseURL}/api/v3/workspaces`, { headers: auth(), data: { name, ...extra } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as number;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  const { baseURL } = readServer();
  ws = {
    a: await createWorkspace(request, WS_A),
    b: await createWorkspace(request, WS_B),
    closed: await createWorkspace(request, WS_CLOSED),
  };
  const type = await request.post(`${baseURL}/api/v3/content-types`, {
    headers: auth(),
    data: { action: "define_content_type", code: "expense_claim", label: "Expense claim" },
  });
  expect(type.status(), await type.text()).toBeLessThan(300);
  const tag = await request.post(`${baseURL}/api/v3/tags`, { headers: auth(), data: { name: TAG } });
  expect(tag.status(), await tag.text()).toBe(201);
  for (const [name, text] of Object.entries(DOCS)) {
    const res = await request.post(`${baseURL}/api/v3/files`, {
      headers: auth(),
      multipart: {
        file: { name, mimeType: name.endsWith(".md") ? "text/markdown" : "text/plain", buffer: Buffer.from(text) },
        workspace_id: String(ws.a),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids[name.replace(`-${run}`, "").replace(/\.\w+$/, "")] = (await res.json()).id;
  }
  const status = async (id: number) => (await (await request.get(`${baseURL}/api/v3/files/${id}`, { headers: auth() })).json()).status;
  for (const id of Object.values(ids)) await expect.poll(() => status(id), { timeout: 180_000, intervals: [500, 1000] }).toBe("embedded");
});

test.afterAll(async ({ request }) => {
  const { baseURL } = readServer();
  for (const id of Object.values(ws ?? {})) await request.delete(`${baseURL}/api/v3/workspaces/${id}?force=true`, { headers: auth() });
  // Later specs start from a company without content types.
  await request.post(`${baseURL}/api/v3/content-types`, { headers: auth(), data: { action: "undefine_content_type", path: "expense_claim" } });
});

const row = (page: Page, name: string) => page.getByTestId("file-row").filter({ hasText: `${name}-${run}` });

test("select rows, add and remove a tag, move them, delete one with its confirmation", async ({ page }) => {
  test.setTimeout(120_000);
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/files?workspace_id=${ws.a}`);
  await expect(page.getByTestId("file-row")).toHaveCount(3);
  await expect(row(page, "travel").getByText("Ready")).toBeVisible();

  await row(page, "note-a").getByRole("checkbox").check();
  await row(page, "note-b").getByRole("checkbox").check();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk).toContainText("2 files selected");
  await bulk.getByLabel("Tag").selectOption({ label: TAG });
  await bulk.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByTestId("bulk-message")).toHaveText(`Tag “${TAG}” added to 2 files.`);
  await expect(row(page, "note-a")).toContainText(TAG);
  await expect(row(page, "note-b")).toContainText(TAG);
  await expect(row(page, "travel")).not.toContainText(TAG);
  await shot(page, "files-bulk-selected.png");

  // Take it off one of them again.
  await row(page, "note-a").getByRole("checkbox").uncheck();
  await expect(bulk).toContainText("1 file selected");
  await bulk.getByLabel("Tag").selectOption({ label: TAG });
  await bulk.getByRole("button", { name: "Remove tag" }).click();
  await expect(page.getByTestId("bulk-message")).toHaveText(`Tag “${TAG}” removed from 1 file.`);
  await expect(row(page, "note-b")).not.toContainText(TAG);
  await expect(row(page, "note-a")).toContainText(TAG);

  // Move both notes to workspace B: asked first; the list filtered on A keeps only the travel report.
  await row(page, "note-a").getByRole("checkbox").check();
  await bulk.getByLabel("Move to workspace").selectOption({ label: WS_B });
  await bulk.getByRole("button", { name: "Move…" }).click();
  const moveDialog = page.getByRole("dialog");
  await expect(moveDialog).toContainText(`Move 2 files to “${WS_B}”?`);
  await moveDialog.getByRole("button", { name: "Move" }).click();
  await expect(page.getByTestId("bulk-message")).toHaveText(`2 files moved to “${WS_B}”.`);
  await expect(page.getByTestId("file-row")).toHaveCount(1);

  // Delete one from workspace B: cancelling keeps it, confirming deletes it.
  await page.goto(`${baseURL}/files?workspace_id=${ws.b}`);
  await expect(page.getByTestId("file-row")).toHaveCount(2);
  await row(page, "note-b").getByRole("checkbox").check();
  await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Delete…" }).click();
  const deleteDialog = page.getByRole("dialog");
  await expect(deleteDialog).toContainText("Delete 1 file?");
  await deleteDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("file-row")).toHaveCount(2);
  await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete 1 file" }).click();
  await expect(page.getByTestId("bulk-message")).toHaveText("1 file deleted.");
  await expect(page.getByTestId("file-row")).toHaveCount(1);
  await expect(row(page, "note-a")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Bulk actions" })).toHaveCount(0);
});

test("select the whole page and classify it", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/files?workspace_id=${ws.a}`);
  await expect(page.getByTestId("file-row")).toHaveCount(1);
  await page.getByRole("checkbox", { name: "Select all files on this page" }).check();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk).toContainText("1 file selected");
  await bulk.getByLabel("Classify as").selectOption({ label: "Expense claim" });
  await bulk.getByRole("button", { name: "Classify" }).click();
  await expect(page.getByTestId("bulk-message")).toHaveText("1 file classified.");
  await expect(row(page, "travel")).toContainText("Expense claim");
});

test("sort by a column header, both ways", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  // note-a is in B now; bring it back next to the travel report to sort two files of different sizes.
  await page.goto(`${baseURL}/files?workspace_id=${ws.b}`);
  await row(page, "note-a").getByRole("checkbox").check();
  await page.getByRole("region", { name: "Bulk actions" }).getByLabel("Move to workspace").selectOption({ label: WS_A });
  await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Move…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Move" }).click();
  await expect(page.getByTestId("file-row")).toHaveCount(0);

  await page.goto(`${baseURL}/files?workspace_id=${ws.a}`);
  const titles = () => page.getByTestId("file-row").locator("td:nth-child(2) a").first();
  await page.getByRole("button", { name: /^Size/ }).click();
  await expect(page).toHaveURL(/ordering=-size/);
  await expect(page.getByRole("columnheader", { name: /Size/ })).toHaveAttribute("aria-sort", "descending");
  await expect(titles()).toHaveText(`travel-${run}`);
  await page.getByRole("button", { name: /^Size/ }).click();
  await expect(page).toHaveURL(/ordering=size/);
  await expect(page.getByRole("columnheader", { name: /Size/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(titles()).toHaveText(`note-a-${run}`);
  await page.getByRole("button", { name: /^Document/ }).click();
  await expect(page).toHaveURL(/ordering=title/);
  await expect(titles()).toHaveText(`note-a-${run}`);
});

test("rename and move a file on its page", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/files/${ids.travel}`);
  await expect(page.getByText("Processing stage")).toBeVisible();
  const section = page.getByRole("region", { name: "Name and place" });
  await section.getByLabel("Title").fill(`Hotel costs ${run}`);
  await section.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(`Hotel costs ${run}`, { timeout: 20_000 });
  await section.getByLabel("Move to workspace").selectOption({ label: WS_B });
  await section.getByRole("button", { name: "Move…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Move" }).click();
  await expect(section.getByRole("status")).toHaveText(`Moved to “${WS_B}”.`);
  await expect(page.getByLabel("About this file")).toContainText(WS_B);
  await shot(page, "files-bulk-rename-move.png");
});

test("a failed upload shows a failed row, and the form remembers the workspace", async ({ page, request }) => {
  const { baseURL } = readServer();
  const setQuota = async (storage_quota_mb: number | null) => {
    const res = await request.patch(`${baseURL}/api/v3/workspaces/${ws.closed}`, { headers: auth(), data: { storage_quota_mb } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await signIn(page);
  await page.goto(`${baseURL}/files`);
  const upload = page.getByRole("region", { name: "Upload documents" });
  await upload.getByLabel("Workspace").selectOption({ label: WS_CLOSED });
  // Closed to uploads after the form was opened (the form offers only open workspaces): the server refuses.
  await setQuota(0);
  await page
    .getByLabel("Files to upload")
    .setInputFiles({ name: `refused-${run}.txt`, mimeType: "text/plain", buffer: Buffer.from("Nothing to see.") });
  const item = page.getByTestId("upload-item").filter({ hasText: `refused-${run}.txt` });
  await expect(item).toHaveAttribute("data-state", "error");
  await expect(item.getByRole("alert")).toContainText("Upload failed:");
  await expect(item.getByRole("img", { name: `Upload of refused-${run}.txt failed` })).toBeVisible();
  await expect(item.getByRole("progressbar")).toHaveCount(0);
  await shot(page, "files-bulk-upload-failed.png");

  await setQuota(null);
  await page.reload();
  await expect(page.getByRole("region", { name: "Upload documents" }).getByLabel("Workspace")).toHaveValue(String(ws.closed));
});

test("search contents finds only matching documents, as readable text, and nothing for a query no document shares", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/files`);
  const search = page.getByLabel("Search contents");
  await search.fill(`zebra submarine volcano ${run}`);
  await expect(page.getByText("No file matches these filters.")).toBeVisible();
  await expect(page.getByText(/^0 files match/)).toBeVisible();

  // Workspaces A and B hold a contract note and the travel report: only the report is about travel expenses.
  await page.goto(`${baseURL}/files?workspace_id=${ws.a},${ws.b}`);
  await page.getByLabel("Search contents").fill("travel expenses");
  await expect(page.getByText(/^1 file matches/)).toBeVisible();
  const hit = page.getByTestId("file-row");
  await expect(hit).toHaveCount(1);
  const snippet = hit.getByTestId("file-snippet");
  await expect(snippet).toContainText(/Travel expenses: the hotel \*?Adlon\*? charged/);
  await expect(snippet).not.toContainText("**");
  await expect(snippet).not.toContainText("# 3");
  await expect(snippet).not.toContainText("|");
  await expect(snippet.locator("mark").first()).toHaveText(/travel/i);
  await shot(page, "files-bulk-search.png");
  // Sorting by a column does not apply to relevance-ordered results.
  await expect(page.getByRole("button", { name: /^Size/ })).toHaveCount(0);
});
