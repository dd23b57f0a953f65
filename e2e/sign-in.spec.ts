// Signing in through the pages: e-mail + password into the console (and out again), a wrong password, and
// directory (LDAP) sign-in against a throwaway slapd configured through the settings API.

import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import type { Slapd } from "../tests/helpers/slapd";
import { configureDirectory, removeDirectory } from "./helpers";
import { ARTIFACTS_DIR, E2E_ADMIN, readServer } from "./server";

test.describe.configure({ mode: "serial" });

let slapd: Slapd;

// Next.js adds its own (empty) role=alert route announcer: look inside the form's error slot.
const signInError = (page: Page) => page.locator("#sign-in-error").getByRole("alert");
let clientId: string;

test.beforeAll(async ({ request }) => {
  ({ slapd, clientId } = await configureDirectory(request));
});

test.afterAll(async ({ request }) => {
  await removeDirectory(request, slapd);
});

test("a signed-out visitor is sent to /login, signs in with e-mail and password, and signs out", async ({ page }) => {
  const { baseURL } = readServer();
  await page.goto(baseURL);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByTestId("signed-in-user")).toHaveText(E2E_ADMIN.email);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "console-home.png") });

  // The session cookie authenticates the API from the console's own pages.
  const me = await page.evaluate(async () => (await fetch("/api/v3/auth/session")).json());
  expect(me).toMatchObject({ user: { email: E2E_ADMIN.email }, auth: "session" });

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(baseURL);
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password shows a message and no session", async ({ page }) => {
  const { baseURL } = readServer();
  await page.goto(`${baseURL}/login`);
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(signInError(page)).toHaveText("The sign-in details are not correct.");
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "login-error.png") });
});

test("directory (LDAP) sign-in provisions the user and opens the console", async ({ page }) => {
  const { baseURL } = readServer();
  await page.goto(`${baseURL}/login/ldap/${clientId}`);
  await expect(page.getByText("E2E Company — company directory")).toBeVisible();
  await page.getByLabel("User name").fill("grace");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(signInError(page)).toHaveText("The sign-in details are not correct.");

  await page.getByLabel("Password").fill("Cobol-1959");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByTestId("signed-in-user")).toHaveText("Grace Hopper");
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "console-ldap.png") });
});
