// Search and Ask in the browser against the built app: a document seeded through the files API is found
// by an exact token with the token highlighted, and a question about it is answered as a stream with a
// citation that opens the file at the cited page. Follow-ups continue the stored conversation (its turns
// are the history, e2e/conversations.spec.ts covers the rest); the agent picker sends the chosen agent;
// API failures are shown with the envelope's detail.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR, readServer } from "./server";

test.describe.configure({ mode: "serial" });

const TOKEN = "INV-58213";
const FILENAME = `aurora-terms-${Date.now()}.txt`;
const DOCUMENT = [
  "Aurora subscription terms",
  "",
  `Invoice ${TOKEN} covers the Aurora plan for the first quarter.`,
  "",
  "The refund window for the Aurora plan is 45 days from the delivery date. Refunds are paid to the original card.",
  "",
  "Support for the Aurora plan is available on weekdays from 8 to 18 o'clock.",
].join("\n");

let fileId: number;
let agentName: string;

async function api(_request: APIRequestContext) {
  const { baseURL, apiKey } = readServer();
  return { baseURL, headers: { Authorization: `Bearer ${apiKey}` } };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const { baseURL, headers } = await api(request);
  const upload = await request.post(`${baseURL}/api/v3/files`, {
    headers,
    multipart: { file: { name: FILENAME, mimeType: "text/plain", buffer: Buffer.from(DOCUMENT) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  fileId = (await upload.json()).id;
  // Ingestion runs in the background: searchable once embedded. The first ingestion loads the offline
  // models and can stall the server for seconds, so a dropped connection is retried, not fatal.
  const status = async () => {
    try {
      return (await (await request.get(`${baseURL}/api/v3/files/${fileId}`, { headers, timeout: 30_000 })).json()).status;
    } catch (err) {
      return `unreachable: ${(err as Error).message}`;
    }
  };
  await expect.poll(status, { timeout: 120_000, intervals: [500, 1000] }).toBe("embedded");
  agentName = `Aurora helper ${Date.now()}`;
  const agent = await request.post(`${baseURL}/api/v3/agents`, {
    headers,
    data: { name: agentName, description: "Answers about Aurora.", visibility: "company" },
  });
  expect(agent.status(), await agent.text()).toBe(201);
});

test("search finds an exact token and highlights it in the passage; the result opens the file at its page", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(`${baseURL}/search`);
  await page.getByLabel("Search query").fill(TOKEN);
  await page.getByLabel("Search query").press("Enter");
  await expect(page).toHaveURL(`${baseURL}/search?q=${TOKEN}`);

  const result = page.getByTestId("search-result").filter({ hasText: FILENAME }).first();
  await expect(result).toBeVisible();
  await expect(result.getByTestId("search-result-passage").locator("mark").first()).toHaveText(TOKEN);
  await expect(page.getByRole("status").filter({ hasText: /passages? for/ })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS_DIR}/search.png`, fullPage: true });

  // Filters are sent with the search: an extension no file has finds nothing (the other specs upload
  // .md, .pdf and .txt to the same server; hybrid search returns semantic neighbours of any file that passes).
  await page.getByLabel("File extensions").fill("docx");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/ext=docx/);
  await expect(page.getByText("Nothing matched.")).toBeVisible();
  await page.goBack();
  await expect(result).toBeVisible();

  const link = result.getByRole("link", { name: FILENAME });
  await expect(link).toHaveAttribute("href", new RegExp(`^/files/${fileId}\\?page=\\d+$`));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/files/${fileId}\\?page=\\d+$`));
});

test("ask streams an answer with a citation, continues the conversation with a follow-up, and the citation opens the file at its page", async ({
  page,
  request,
}) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/ask`);
  await expect(page.getByText("No questions yet.")).toBeVisible();

  const first = page.waitForResponse((r) => r.url().endsWith("/api/v3/ask") && r.request().method() === "POST");
  await page.getByLabel("Your question").fill("How long is the refund window for the Aurora plan?");
  await page.getByLabel("Your question").press("Enter");
  const res = await first;
  expect(res.request().postDataJSON()).toMatchObject({ stream: true, conversation_id: expect.any(Number) });
  const conversationId = res.request().postDataJSON().conversation_id as number;
  expect(res.headers()["content-type"]).toContain("text/event-stream");
  // The stream: sources first, then the answer in delta events, then done. Read from the same request made
  // outside the page: Chromium does not keep the body of a streamed response for the test to read.
  const { headers } = await api(request);
  const direct = await request.post(`${baseURL}/api/v3/ask`, { headers, data: res.request().postDataJSON() });
  expect(direct.headers()["content-type"]).toContain("text/event-stream");
  const events = [...(await direct.text()).matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
  expect(events[0]).toBe("sources");
  expect(events.filter((e) => e === "delta").length).toBeGreaterThan(0);
  expect(events.at(-1)).toBe("done");

  const turn = page.getByTestId("ask-turn").first();
  await expect(turn).toHaveAttribute("data-status", "done");
  await expect(turn.getByTestId("ask-answer")).toContainText("45 days");
  const citation = turn.getByTestId("citation").first();
  await expect(citation).toBeVisible();
  await expect(citation).toHaveAccessibleName(new RegExp(`^Source 1: ${FILENAME.replace(/\./g, "\\.")}, page \\d+$`));
  await expect(turn.getByTestId("ask-source").first()).toContainText(FILENAME);
  await page.screenshot({ path: `${ARTIFACTS_DIR}/ask.png`, fullPage: true });

  // A follow-up continues the same stored conversation, answered by the chosen agent.
  await page.getByLabel("Agent", { exact: true }).selectOption({ label: agentName });
  await expect(page).toHaveURL(new RegExp(`/ask\\?c=${conversationId}&agent=\\d+$`));
  const second = page.waitForResponse((r) => r.url().endsWith("/api/v3/ask") && r.request().method() === "POST");
  await page.getByLabel("Your question").fill("And when is support available?");
  await page.getByRole("button", { name: "Ask", exact: true }).click();
  const body = (await second).request().postDataJSON();
  expect(body.agent_id).toEqual(expect.any(Number));
  expect(body.conversation_id).toBe(conversationId);
  expect(body.history).toBeUndefined();
  await expect(page.getByTestId("ask-turn")).toHaveCount(2);
  await expect(page.getByTestId("ask-turn").nth(1)).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("ask-turn").nth(1)).toContainText(`Agent: ${agentName}`);

  const href = await citation.getAttribute("href");
  expect(href).toMatch(new RegExp(`^/files/${fileId}\\?page=\\d+$`));
  await citation.click();
  await expect(page).toHaveURL(`${baseURL}${href}`);
});

test("a failing answer model is reported with the envelope's detail", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  // The offline answer provider cannot fail on demand: the browser gets the API's 503 envelope instead.
  await page.route("**/api/v3/ask", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        id: null,
        code: 503,
        error: "model_unavailable",
        detail: "The answer model could not be reached.",
        doc_url: `${baseURL}/docs#error-model-unavailable`,
      }),
    }),
  );
  await page.goto(`${baseURL}/ask`);
  await page.getByLabel("Your question").fill("Anything?");
  await page.getByLabel("Your question").press("Enter");
  const turn = page.getByTestId("ask-turn").first();
  await expect(turn).toHaveAttribute("data-status", "error");
  await expect(turn.getByRole("alert")).toContainText("The answer model is not available");
  await expect(turn.getByRole("alert")).toContainText("The answer model could not be reached.");
  await page.screenshot({ path: `${ARTIFACTS_DIR}/ask-error.png` });
});
