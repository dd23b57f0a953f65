// Fields filled from documents and signals (issue 19), in Chromium against the built app: an uploaded
// real-looking invoice classified as a purchase invoice gets its number, date and total suggested from the
// document and accepted (then edited with a decimal comma); a budget typed as "0,01" and crossed by metered
// work shows as a budget alert under the bell; an admin schedules maintenance, which is announced ahead with
// its end time in a banner and under the bell, dismissed for the session, and cancelled; at phone size the
// banners never push the navigation out of view.
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { PURCHASE_INVOICE, purchaseInvoiceFiles } from "../tests/fixtures/purchase-invoice";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR, readServer } from "./server";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
const auth = () => ({ Authorization: `Bearer ${readServer().apiKey}` });
const PURCHASE = "finance:invoice:purchase_invoice";
let fileId = 0;

async function cleanSignals(request: APIRequestContext) {
  const { baseURL } = readServer();
  const res = await request.get(`${baseURL}/api/v3/system/maintenance?active=true&page_size=100`, { headers: auth() });
  for (const p of (await res.json()).results as { id: number }[])
    await request.delete(`${baseURL}/api/v3/system/maintenance/${p.id}`, { headers: auth() });
  await request.delete(`${baseURL}/api/v3/system/announcement`, { headers: auth() });
  await request.delete(`${baseURL}/api/v3/billing/budget`, { headers: auth() });
}

/** A visible copy of the bell (the phone top bar and the sidebar each hold one, one of them hidden). */
const bell = (page: Page) => page.getByTestId("notification-bell").filter({ visible: true });

test.beforeAll(async ({ request }) => {
  const { baseURL } = readServer();
  await cleanSignals(request);
  const adopt = await request.post(`${baseURL}/api/v3/content-types`, { headers: auth(), data: { action: "adopt", paths: ["finance"] } });
  expect(adopt.status(), await adopt.text()).toBe(200);
});

test.afterAll(async ({ request }) => {
  const { baseURL } = readServer();
  await cleanSignals(request);
  if (fileId) await request.delete(`${baseURL}/api/v3/files/${fileId}`, { headers: auth() });
  // Later specs start from a company without content types.
  await request.post(`${baseURL}/api/v3/content-types`, { headers: auth(), data: { action: "undefine_content_type", path: "finance" } });
});

test("classifying an uploaded invoice suggests its number, date and total; accepted, then edited", async ({ page }) => {
  test.setTimeout(240_000);
  const { baseURL } = readServer();
  const invoice = await purchaseInvoiceFiles();
  const upload = path.join(fs.mkdtempSync(path.join(ARTIFACTS_DIR, "fields-")), `supplier-invoice-${run}.pdf`);
  fs.copyFileSync(invoice.pdf, upload);
  await signIn(page);
  await page.goto(`${baseURL}/files`);
  await page.getByLabel("Files to upload").setInputFiles(upload);
  const row = page.getByTestId("file-row").filter({ hasText: `supplier-invoice-${run}` });
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "embedded", { timeout: 180_000 });
  fileId = Number(await row.getAttribute("data-file-id"));

  await page.goto(`${baseURL}/files/${fileId}`);
  await page.getByLabel("Classify under").selectOption(PURCHASE);
  await page.getByRole("button", { name: "Classify", exact: true }).click();
  const card = page.locator(`[data-testid="classification"][data-path="${PURCHASE}"]`);
  await expect(card.getByTestId("suggestions")).toContainText("found in the document", { timeout: 60_000 });
  await expect(card.locator('[data-suggestion="invoice_number"]')).toContainText(PURCHASE_INVOICE.number);
  await expect(card.locator('[data-suggestion="invoice_date"]')).toContainText(PURCHASE_INVOICE.date);
  await expect(card.locator('[data-suggestion="amount"]')).toContainText(String(PURCHASE_INVOICE.total));
  // Nothing is saved before accepting.
  await expect(card.getByLabel("Invoice number")).toHaveValue("");
  await shot(page, "fields-suggestions");

  await card.getByRole("button", { name: "Accept all suggestions" }).click();
  await expect(card.getByTestId("suggestions")).toHaveCount(0);
  await expect(card.getByText("Values saved.")).toBeVisible();
  await page.reload();
  await expect(card.getByLabel("Invoice number")).toHaveValue(PURCHASE_INVOICE.number);
  await expect(card.getByLabel("Invoice date")).toHaveValue(PURCHASE_INVOICE.date);
  await expect(card.getByLabel("Total amount")).toHaveValue(String(PURCHASE_INVOICE.total));

  // Edited like people write amounts here: a decimal comma.
  await card.getByLabel("Total amount").fill("1952,30");
  await card.getByRole("button", { name: "Save values" }).click();
  await expect(card.getByText("Values saved.")).toBeVisible();
  await page.reload();
  await expect(card.getByLabel("Total amount")).toHaveValue("1952.3");
  await shot(page, "fields-accepted");
});

test("a budget typed with a decimal comma and crossed by metered work shows as a budget alert under the bell", async ({ page, request }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/billing`);
  await expect(page.getByRole("heading", { name: "No budget set" })).toBeVisible();
  await page.getByLabel("Monthly budget (EUR)").fill("0,01");
  await page.getByLabel(/Enforce the budget/).uncheck();
  await page.getByRole("button", { name: "Create budget" }).click();
  await expect(page.getByTestId("budget-amount")).toContainText("0.01");
  const alert = await request.post(`${baseURL}/api/v3/billing/budget/alerts`, {
    headers: auth(),
    data: { threshold_type: "percentage", threshold_value: "50" },
  });
  expect(alert.status(), await alert.text()).toBe(201);
  const search = await request.post(`${baseURL}/api/v3/search`, { headers: auth(), data: { query: `invoice ${run}`, search_mode: "lexical" } });
  expect(search.status(), await search.text()).toBe(200);

  // The dashboard loads without a failing request (credits are asked for only when the tier has them).
  const failed: string[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/api/v3/") && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${baseURL}/`);
  await expect(bell(page)).toHaveAccessibleName(/Notifications \(\d+ new\)/);
  await expect(page.getByRole("heading", { name: "Spend this period" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(failed).toEqual([]);
  await expect(page.getByTestId("notification-count").filter({ visible: true })).toBeVisible();
  await bell(page).click();
  const item = page.getByTestId("notification").filter({ hasText: "Budget alert: 50 % of the monthly budget reached" });
  await expect(item).toBeVisible();
  await expect(item.getByRole("link", { name: "Open billing" })).toHaveAttribute("href", "/billing");
  await shot(page, "signals-bell-budget");
  // Opened once, the badge is cleared; Escape closes the panel.
  await page.keyboard.press("Escape");
  await expect(bell(page)).toHaveAccessibleName("Notifications");
});

test("scheduled maintenance is announced ahead with its end time, dismissed for the session, and cancelled", async ({ page, request }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/admin`);
  const reason = `Storage upgrade ${run}`;
  const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  const start = new Date(Date.now() + 26 * 3_600_000);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  await page.getByLabel("Mode", { exact: true }).selectOption("full_shutdown");
  await page.getByLabel("Reason").fill(reason);
  await page.getByLabel("Starts at").fill(local(start));
  await page.getByLabel("Ends at").fill(local(end));
  await page.getByRole("button", { name: "Schedule maintenance" }).click();
  const row = page.getByTestId("maintenance-row").filter({ hasText: reason });
  await expect(row).toContainText("Scheduled");
  await expect(row).toContainText("(planned)");
  await expect(row.getByRole("button", { name: `Cancel maintenance: ${reason}` })).toBeVisible();

  // Announced ahead on every page, with its end; the console keeps working meanwhile.
  await page.goto(`${baseURL}/files`);
  const banner = page.getByTestId("scheduled-maintenance-banner");
  await expect(banner).toContainText(reason);
  await expect(banner).toContainText("until");
  await expect(page.getByText("The console will be unavailable meanwhile.")).toBeVisible();
  await bell(page).click();
  await expect(page.getByTestId("notification").filter({ hasText: "Scheduled maintenance" })).toContainText(reason);
  await page.keyboard.press("Escape");

  // An announcement too; at phone size the banners stay below the top bar, whose menu and bell remain in view.
  const announce = await request.put(`${baseURL}/api/v3/system/announcement`, { headers: auth(), data: { message: `New search ${run}` } });
  expect(announce.status(), await announce.text()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("announcement-banner")).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeInViewport();
  await expect(bell(page)).toBeInViewport();
  const bar = await page.getByRole("button", { name: "Menu" }).boundingBox();
  const banners = await page.getByTestId("status-banners").boundingBox();
  expect(bar && banners && bar.y + bar.height <= banners.y).toBe(true);
  await page.mouse.wheel(0, 600);
  await expect(page.getByRole("button", { name: "Menu" })).toBeInViewport();
  await shot(page, "signals-banners-phone");

  // Dismissed for this session: gone on every page, after a reload too.
  await page.getByRole("button", { name: "Dismiss Scheduled maintenance" }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("announcement-banner")).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.getByRole("button", { name: "Dismiss Announcement" }).click();
  await expect(page.getByTestId("status-banners")).toHaveCount(0);

  // Cancelled by the admin before it starts.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseURL}/admin`);
  await row.getByRole("button", { name: `Cancel maintenance: ${reason}` }).click();
  // It leaves "Active and scheduled" and is listed among the ended ones as cancelled, with no action left.
  await expect(row).toHaveCount(0);
  await page.getByLabel("Show").selectOption("false");
  await expect(row).toContainText("Cancelled");
  await expect(row.getByRole("button")).toHaveCount(0);
  const status = await (await request.get(`${baseURL}/api/v3/system/status`, { headers: auth() })).json();
  expect(status.maintenance.scheduled).toBeUndefined();
  await shot(page, "signals-maintenance-cancelled");
});
