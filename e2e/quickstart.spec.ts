// What a new user does after the Quick start: the status endpoint, an authenticated list, the docs.
import { expect, test } from "@playwright/test";
import { readServer } from "./server";

test("system status answers the spec's shape without credentials", async ({ request }) => {
  const { baseURL } = readServer();
  const res = await request.get(`${baseURL}/api/v3/system/status`);
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ maintenance: { active: false, periods: [] }, announcement: { active: false } });
});

test("an authenticated list with the bootstrap key uses the paginated envelope", async ({ request }) => {
  const { baseURL, apiKey } = readServer();
  const res = await request.get(`${baseURL}/api/v3/workspaces`, { headers: { Authorization: `Bearer ${apiKey}` } });
  expect(res.status()).toBe(200);
  expect(res.headers()["x-ratelimit-limit"]).toBeTruthy();
  const body = await res.json();
  // Other specs on the same server may have added workspaces: the bootstrap's default one is among them.
  expect(body).toMatchObject({ next: null, previous: null });
  expect(body.count).toBe(body.results.length);
  expect(body.results).toContainEqual(expect.objectContaining({ name: "General", is_default: true, user_role: "owner" }));
  const anonymous = await request.get(`${baseURL}/api/v3/workspaces`);
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).error).toBe("unauthorized");
});

test("the console shell and the API reference render in Chromium", async ({ page }) => {
  const { baseURL } = readServer();
  await page.goto(baseURL);
  await expect(page.getByRole("heading", { name: "DocIntel" })).toBeVisible();
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.locator("#error-unauthorized")).toBeAttached();
  await page.screenshot({ path: "e2e/artifacts/docs.png", fullPage: false });
});

test("an unknown address gets the branded 404 page, and every page has the app's icon", async ({ page }) => {
  const { baseURL } = readServer();
  const res = await page.goto(`${baseURL}/no-such-page-${Date.now()}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByText("DocIntel · 404")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute("href", "/");
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toMatch(/^\/icon\.svg/);
  const svg = await page.request.get(`${baseURL}${icon}`);
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
});
