// Conversations that people can come back to, in the browser against the built app: a question about a
// receipt is answered with its total (the offline extractive answerer, said so with a link to how an admin
// configures a language model); following a citation and pressing Back finds the conversation intact; it
// is reopened from the list, continued, renamed (kept across a reload) and deleted. Sources the answer does
// not cite sit behind a disclosure.
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR, readServer } from "./server";

test.describe.configure({ mode: "serial" });

const FILENAME = `receipt-cafe-central-${Date.now()}.txt`;
const RECEIPT = [
  "Cafe Central",
  "Herrengasse 14, 1010 Wien",
  "Receipt no. 4471 · 12.03.2026 13:42 · Table 7",
  "",
  "2 x Melange 9.80",
  "1 x Apfelstrudel 6.50",
  "1 x Mineral water 3.50",
  "",
  "Total EUR 19.80",
  "Paid by card: Visa **** 4242",
  "",
  "Thank you for your visit! Served by Martina.",
].join("\n");
const QUESTION = "How much did we pay at Cafe Central?";
// Shares a word with the question, so retrieval hands it over, but says nothing about the payment: not cited.
const NOTES_FILENAME = `central-heating-${Date.now()}.txt`;
const NOTES = "Central heating notes: the boiler in the central office is serviced every spring by the caretaker.";

let fileId: number;
let notesId: number;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const { baseURL, apiKey } = readServer();
  const headers = { Authorization: `Bearer ${apiKey}` };
  const upload = await request.post(`${baseURL}/api/v3/files`, {
    headers,
    multipart: { file: { name: FILENAME, mimeType: "text/plain", buffer: Buffer.from(RECEIPT) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  fileId = (await upload.json()).id;
  const notes = await request.post(`${baseURL}/api/v3/files`, {
    headers,
    multipart: { file: { name: NOTES_FILENAME, mimeType: "text/plain", buffer: Buffer.from(NOTES) } },
  });
  expect(notes.status(), await notes.text()).toBe(201);
  notesId = (await notes.json()).id as number;
  const status = async (id: number) => {
    try {
      return (await (await request.get(`${baseURL}/api/v3/files/${id}`, { headers, timeout: 30_000 })).json()).status;
    } catch (err) {
      return `unreachable: ${(err as Error).message}`;
    }
  };
  for (const id of [fileId, notesId]) await expect.poll(() => status(id), { timeout: 120_000, intervals: [500, 1000] }).toBe("embedded");
});

// A retry (playwright.config.ts) starts from a clean slate: this attempt's files and conversations are gone.
test.afterAll(async ({ request }) => {
  const { baseURL, apiKey } = readServer();
  const headers = { Authorization: `Bearer ${apiKey}` };
  for (const id of [fileId, notesId]) if (id) await request.delete(`${baseURL}/api/v3/files/${id}`, { headers });
  const listed = await request.get(`${baseURL}/api/v3/conversations?page_size=100`, { headers });
  if (!listed.ok()) return;
  const mine = new Set([QUESTION, "Cafe Central receipt", "Who served us at Cafe Central?"]);
  for (const c of (await listed.json()).results as { id: number; title: string }[])
    if (mine.has(c.title)) await request.delete(`${baseURL}/api/v3/conversations/${c.id}`, { headers });
});

test("ask, follow a citation, go Back, reopen from the list, continue, rename and delete", async ({ page }) => {
  test.setTimeout(120_000);
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/ask`);

  // No language model configured: the page says so and links to how an admin configures one.
  const notice = page.getByTestId("extractive-notice");
  await expect(notice).toContainText("No language model is configured");
  await expect(notice.getByRole("link", { name: "How an admin configures a language model" })).toHaveAttribute("href", "/ask/language-model");

  await page.getByLabel("Your question").fill(QUESTION);
  await page.getByLabel("Your question").press("Enter");
  const first = page.getByTestId("ask-turn").first();
  await expect(first).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(first.getByTestId("ask-answer")).toContainText("Total EUR 19.80");
  await expect(first).toContainText("offline extractive answerer");
  // The conversation is in the URL: Back and reload find it.
  await expect(page).toHaveURL(/\/ask\?c=\d+$/);
  const conversationUrl = page.url();
  const conversationId = Number(new URL(conversationUrl).searchParams.get("c"));

  // The cited receipt is listed; sources the answer does not cite are only behind the disclosure.
  await expect(first.locator('[data-testid="ask-source"][data-cited="true"]').first()).toContainText(FILENAME);
  await expect(first.locator('[data-testid="ask-source"][data-cited="true"]')).toHaveCount(1);
  const uncited = first.locator('[data-testid="ask-source"][data-cited="false"]');
  const disclosure = first.getByTestId("uncited-sources");
  const notesSource = uncited.filter({ hasText: NOTES_FILENAME });
  await expect(notesSource).toBeHidden();
  await expect(disclosure.locator("summary")).toHaveText(/^\d+ more sources? searched, not cited$/);
  await expect(disclosure.locator('[data-testid="ask-source"]')).toHaveCount(await uncited.count());
  await disclosure.locator("summary").click();
  await expect(notesSource).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS_DIR}/conversation-answer.png`, fullPage: true });

  // Follow the citation, then Back: the conversation is intact.
  const citation = first.getByTestId("citation").first();
  const href = await citation.getAttribute("href");
  expect(href).toMatch(new RegExp(`^/files/${fileId}\\?page=\\d+$`));
  await citation.click();
  await expect(page).toHaveURL(`${baseURL}${href}`);
  await page.goBack();
  await expect(page).toHaveURL(conversationUrl);
  await expect(page.getByTestId("ask-turn")).toHaveCount(1);
  await expect(page.getByTestId("ask-turn").first().getByTestId("ask-answer")).toContainText("Total EUR 19.80");
  await expect(page.getByTestId("ask-turn").first().getByTestId("citation").first()).toHaveAttribute("href", href ?? "");

  // Continue the conversation.
  const continued = page.waitForResponse((r) => r.url().endsWith("/api/v3/ask") && r.request().method() === "POST");
  await page.getByLabel("Your question").fill("When were we at Cafe Central?");
  await page.getByRole("button", { name: "Ask", exact: true }).click();
  expect((await continued).request().postDataJSON()).toMatchObject({ conversation_id: conversationId });
  const second = page.getByTestId("ask-turn").nth(1);
  await expect(second).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(second.getByTestId("ask-answer")).toContainText("12.03.2026");

  // Start afresh, then reopen the conversation from the list, with both answers and their citations.
  await page.getByRole("link", { name: "New conversation" }).click();
  await expect(page).toHaveURL(`${baseURL}/ask`);
  await expect(page.getByText("No questions yet.")).toBeVisible();
  const list = page.getByRole("navigation", { name: "Conversations", exact: true });
  const item = list.getByTestId("conversation-item").filter({ hasText: QUESTION });
  await expect(item).toContainText("2 questions");
  await item.getByRole("link", { name: QUESTION }).click();
  await expect(page).toHaveURL(conversationUrl);
  await expect(page.getByTestId("ask-turn")).toHaveCount(2);
  await expect(page.getByTestId("ask-turn").first().getByTestId("citation").first()).toBeVisible();
  await expect(list.getByRole("link", { name: QUESTION })).toHaveAttribute("aria-current", "page");

  // Rename; the new title is kept on the server (a reload shows it).
  // (Once, on a loaded CI machine, the click opened no editor and the test waited out its timeout: the
  // editor is awaited and the click repeated, so a lost click is retried while a missing editor still fails.)
  const titleInput = list.getByLabel("Conversation title");
  await expect(async () => {
    if (!(await titleInput.isVisible())) await item.getByRole("button", { name: `Rename “${QUESTION}”` }).click({ timeout: 5_000 });
    await expect(titleInput).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await titleInput.fill("Cafe Central receipt");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(list.getByRole("link", { name: "Cafe Central receipt" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("ask-turn")).toHaveCount(2);
  await expect(list.getByRole("link", { name: "Cafe Central receipt" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: `${ARTIFACTS_DIR}/conversation-list.png` });

  // Delete after confirming: gone from the list and from the server.
  await list.getByRole("button", { name: "Delete “Cafe Central receipt”" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this conversation?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(`${baseURL}/ask`);
  await expect(list.getByRole("link", { name: "Cafe Central receipt" })).toHaveCount(0);
  await page.goto(conversationUrl);
  await expect(page.getByRole("alert").filter({ hasText: "This conversation does not exist" })).toBeVisible();
  // A question asked there starts a new conversation.
  await page.getByLabel("Your question").fill("Who served us at Cafe Central?");
  await page.getByLabel("Your question").press("Enter");
  await expect(page.getByTestId("ask-turn").first().getByTestId("ask-answer")).toContainText("Served by Martina.");
  await expect(page).toHaveURL(/\/ask\?c=\d+$/);
  expect(page.url()).not.toBe(conversationUrl);
  await expect(page.getByRole("alert").filter({ hasText: "This conversation does not exist" })).toHaveCount(0);
  await list.getByRole("button", { name: "Delete “Who served us at Cafe Central?”" }).click();
  await page.getByRole("dialog", { name: "Delete this conversation?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(`${baseURL}/ask`);
});

test("the language-model how-to explains the settings", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/ask`);
  await page.getByRole("link", { name: "How an admin configures a language model" }).click();
  await expect(page).toHaveURL(`${baseURL}/ask/language-model`);
  await expect(page.getByRole("heading", { name: "Configure a language model" })).toBeVisible();
  await expect(page.getByText("ANSWER_PROVIDER", { exact: true })).toBeVisible();
  await expect(page.getByText("ANSWER_BASE_URL", { exact: true })).toBeVisible();
});

test("on a phone the conversation and its list fit the screen", async ({ page, request }) => {
  const { baseURL, apiKey } = readServer();
  // The API key acts as its owner, the admin signed in below: the conversation is theirs.
  const created = await request.post(`${baseURL}/api/v3/conversations`, { headers: { Authorization: `Bearer ${apiKey}` }, data: {} });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const asked = await request.post(`${baseURL}/api/v3/ask`, {
    headers: { Authorization: `Bearer ${apiKey}` },
    data: { query: QUESTION, conversation_id: id },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`${baseURL}/ask?c=${id}`);
  await expect(page.getByTestId("ask-turn").first().getByTestId("ask-answer")).toContainText("Total EUR 19.80");
  await expect(page.getByRole("navigation", { name: "Conversations", exact: true }).getByRole("link", { name: QUESTION })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${ARTIFACTS_DIR}/conversation-phone.png`, fullPage: true });
  const deleted = await request.delete(`${baseURL}/api/v3/conversations/${id}`, { headers: { Authorization: `Bearer ${apiKey}` } });
  expect(deleted.status()).toBe(204);
});
