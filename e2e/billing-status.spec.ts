// Dashboard, budget and alerts, and system status in Chromium against the built app: the dashboard shows
// storage, spend by feature and the 30-day chart (after a few metered searches); a company admin creates,
// changes and deletes a budget and its alerts; an instance admin starts a warning banner (and an
// announcement) that the console shows, then a full shutdown that replaces the console with the
// maintenance page, and ends it from there.
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR, readServer } from "./server";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
const auth = () => ({ Authorization: `Bearer ${readServer().apiKey}` });

/** Ends every open maintenance period and clears the announcement, so no other spec runs under maintenance. */
async function endAllMaintenance(request: APIRequestContext) {
  const { baseURL } = readServer();
  const res = await request.get(`${baseURL}/api/v3/system/maintenance?active=true&page_size=100`, { headers: auth() });
  for (const p of (await res.json()).results as { id: number }[]) {
    await request.delete(`${baseURL}/api/v3/system/maintenance/${p.id}`, { headers: auth() });
  }
  await request.delete(`${baseURL}/api/v3/system/announcement`, { headers: auth() });
}

test.beforeAll(async ({ request }) => {
  const { baseURL } = readServer();
  await endAllMaintenance(request);
  await request.delete(`${baseURL}/api/v3/billing/budget`, { headers: auth() });
  // A few metered searches by the admin's key, so today's bar of the usage chart has a "search" segment.
  for (let i = 0; i < 3; i++) {
    const res = await request.post(`${baseURL}/api/v3/search`, {
      headers: auth(),
      data: { query: `quarterly report ${run}`, search_mode: "lexical" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
});

test.afterAll(async ({ request }) => {
  await endAllMaintenance(request);
});

test("the dashboard shows storage, spend by feature, credits when they apply and the 30-day usage chart", async ({ page, request }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  await expect(page.getByTestId("storage-used")).toContainText(/\d.*used/);
  await expect(page.getByTestId("storage-cost")).toContainText("Charge this month");
  // The figures are the API's (other specs may have added usage before this one).
  const period = await (await request.get(`${baseURL}/api/v3/usage/current-period`, { headers: auth() })).json();
  const searches = period.features.find((f: { feature: string }) => f.feature === "search");
  expect(searches.quantity).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId("period-total")).toContainText(period.total_cost);
  // Every feature plus the storage line, highest cost first.
  await expect(page.getByTestId("period-feature")).toHaveCount(6);
  await expect(page.getByTestId("period-feature").filter({ hasText: "Search" })).toContainText(
    `${searches.quantity.toLocaleString("en-US")} queries`,
  );
  await expect(page.getByTestId("period-feature").filter({ hasText: "Search" })).toContainText(searches.cost);

  const credits = await request.get(`${baseURL}/api/v3/credits`, { headers: auth() });
  if (credits.status() === 200) await expect(page.getByTestId("credits-remaining")).toContainText("left of");
  else await expect(page.getByRole("heading", { name: "Free-tier credits" })).toHaveCount(0);

  const chart = page.getByTestId("usage-chart");
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("aria-label", /Stacked bar chart of daily units per feature/);
  await expect(page.getByRole("list", { name: "Legend" })).toContainText("Search");
  await page.getByText("Show figures").click();
  const histogram = await (await request.get(`${baseURL}/api/v3/usage`, { headers: auth() })).json();
  const todaySearches: number = histogram[histogram.length - 1].usage.search;
  expect(todaySearches).toBeGreaterThanOrEqual(3);
  const today = page.getByRole("row").last();
  await expect(today.getByRole("cell").nth(3)).toHaveText(todaySearches.toLocaleString("en-US")); // parsing, ingestion, extraction, search
  await page.getByLabel("Cost at list price").check();
  await expect(chart).toHaveAttribute("aria-label", /daily cost per feature/);
  await shot(page, "dashboard");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "dashboard-mobile");
});

test("a company admin creates a budget and alerts, changes them and deletes them", async ({ page, request }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Budget" }).click();
  await expect(page).toHaveURL(`${baseURL}/billing`);
  await expect(page.getByRole("heading", { name: "No budget set" })).toBeVisible();

  // Validation errors come from the v3 envelope, next to the field.
  await page.getByLabel("Monthly budget (EUR)").fill("100");
  await page.getByRole("button", { name: "Create budget" }).click();
  await expect(page.getByTestId("budget-amount")).toContainText("100.00");
  await expect(page.getByText("Enforced", { exact: true })).toBeVisible();
  await expect(page.getByTestId("billing-announcer")).toContainText("created");

  // A percentage alert and an amount alert.
  await page.getByRole("button", { name: "New alert" }).click();
  await page.getByLabel("Threshold (%)").fill("80");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.getByTestId("budget-alert")).toHaveCount(1);
  await expect(page.getByTestId("budget-alert").first()).toContainText("80 % of budget");
  await expect(page.getByTestId("budget-alert").first()).toContainText("80.00");
  await page.getByRole("button", { name: "New alert" }).click();
  await page.getByLabel("Threshold type").selectOption("amount_eur");
  await page.getByLabel("Threshold (EUR)").fill("50");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.getByTestId("budget-alert")).toHaveCount(2);

  // The same threshold again: 409 conflict, shown with the API's detail.
  await page.getByRole("button", { name: "New alert" }).click();
  await page.getByLabel("Threshold (%)").fill("80");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.getByRole("form", { name: "New alert" }).getByRole("alert")).toBeVisible();
  await page.getByRole("form", { name: "New alert" }).getByRole("button", { name: "Cancel" }).click();

  // Disable all, enable all, toggle one.
  await page.getByRole("button", { name: "Disable all" }).click();
  await expect(page.getByTestId("budget-alert").filter({ hasText: "Disabled" })).toHaveCount(2);
  await page.getByRole("button", { name: "Enable all" }).click();
  await expect(page.getByTestId("budget-alert").filter({ hasText: "Enabled" })).toHaveCount(2);
  await page.getByRole("button", { name: /^Disable alert at 80 %/ }).click();
  await expect(page.getByTestId("budget-alert").filter({ hasText: "80 % of budget" })).toContainText("Disabled");

  // Edit the amount alert, then delete it.
  await page.getByRole("button", { name: /^Edit alert at €?50\.00/ }).click();
  await page.getByLabel("Threshold (EUR)").fill("60");
  await page.getByRole("button", { name: "Save alert" }).click();
  await expect(page.getByTestId("budget-alert").filter({ hasText: "60.00" })).toHaveCount(1);
  await page.getByRole("button", { name: /^Delete alert at €?60\.00/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete alert" }).click();
  await expect(page.getByTestId("budget-alert")).toHaveCount(1);

  // An alert the cycle's spend has already reached fires with the next metered operation.
  await page.getByRole("button", { name: "New alert" }).click();
  await page.getByLabel("Threshold type").selectOption("amount_eur");
  await page.getByLabel("Threshold (EUR)").fill("0.01");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.getByTestId("budget-alert")).toHaveCount(2);
  const search = await request.post(`${baseURL}/api/v3/search`, { headers: auth(), data: { query: `alert ${run}`, search_mode: "lexical" } });
  expect(search.status(), await search.text()).toBe(200);
  await page.reload();
  const event = page.getByTestId("alert-event").first();
  await expect(event).toContainText("€0.01");
  await expect(event).toContainText(/Console only \(no SMTP\)|E-mail/);

  // Change the budget: 250, alerts only.
  await page.getByRole("button", { name: "Edit budget" }).click();
  await page.getByLabel("Monthly budget (EUR)").fill("250.50");
  await page.getByLabel(/Enforce the budget/).uncheck();
  await page.getByRole("button", { name: "Save budget" }).click();
  await expect(page.getByTestId("budget-amount")).toContainText("250.50");
  await expect(page.getByText("Not enforced (alerts only)")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent alert events" })).toBeVisible();
  await shot(page, "billing");

  // The budget survives a reload (it is the server's), then goes with its alerts.
  await page.reload();
  await expect(page.getByTestId("budget-amount")).toContainText("250.50");
  await expect(page.getByTestId("budget-alert")).toHaveCount(2);
  await page.getByRole("button", { name: "Delete budget" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete budget" }).click();
  await expect(page.getByRole("heading", { name: "No budget set" })).toBeVisible();
  // Past events stay, without their alert.
  await expect(page.getByTestId("alert-event").first()).toContainText("alert deleted");
});

test("an instance admin's warning banner and announcement show in the console; a full shutdown shows the maintenance page until ended", async ({
  page,
}) => {
  const { baseURL } = readServer();
  // The banners and the maintenance page are server-rendered from the status, then polled: no mismatch.
  const hydrationErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /hydrat/i.test(msg.text())) hydrationErrors.push(msg.text());
  });
  await signIn(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(`${baseURL}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: "Instance administration" })).toBeVisible();

  // Warning banner: the console keeps working and shows the reason.
  const bannerReason = `Database upgrade ${run}`;
  await page.getByLabel("Mode", { exact: true }).selectOption("warning_banner");
  await page.getByLabel("Reason").fill(bannerReason);
  await page.getByRole("button", { name: "Start maintenance" }).click();
  await expect(page.getByTestId("maintenance-banner")).toContainText(bannerReason);
  await expect(page.getByTestId("maintenance-row").filter({ hasText: bannerReason })).toContainText("Active");

  // The announcement shows as a second banner.
  const message = `Planned upgrade tonight ${run}`;
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Publish announcement" }).click();
  await expect(page.getByTestId("announcement-banner")).toHaveText(message);

  // Other pages (server-rendered afresh) show the banners too.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await page.reload();
  await expect(page.getByTestId("maintenance-banner")).toContainText(bannerReason);
  await expect(page.getByTestId("announcement-banner")).toHaveText(message);
  await shot(page, "maintenance-banner");

  // End the banner and clear the announcement from the admin page.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await page.getByRole("button", { name: `End maintenance: ${bannerReason}` }).click();
  await expect(page.getByTestId("maintenance-banner")).toHaveCount(0);
  await page.getByRole("button", { name: "Clear announcement" }).click();
  await expect(page.getByTestId("announcement-banner")).toHaveCount(0);

  // Full shutdown: the console gives way to the maintenance page and the API answers 503.
  const shutdownReason = `Storage migration ${run}`;
  await page.getByLabel("Mode", { exact: true }).selectOption("full_shutdown");
  await page.getByLabel("Reason").fill(shutdownReason);
  await page.getByRole("button", { name: "Start maintenance" }).click();
  const maintenance = page.getByTestId("maintenance-page");
  await expect(maintenance.getByRole("heading", { level: 1, name: "Down for maintenance" })).toBeVisible();
  await expect(maintenance).toContainText(shutdownReason);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  expect(await page.evaluate(async () => (await fetch("/api/v3/tags")).status)).toBe(503);
  await page.reload();
  await expect(maintenance).toBeVisible();
  await shot(page, "maintenance-page");

  // The instance admin ends it from the maintenance page; the console comes back.
  await maintenance.getByRole("button", { name: "End period" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Instance administration" })).toBeVisible();
  await expect(page.getByTestId("maintenance-page")).toHaveCount(0);
  expect(await page.evaluate(async () => (await fetch("/api/v3/tags")).status)).toBe(200);
  expect(hydrationErrors).toEqual([]);
});
