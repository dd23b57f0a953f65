// People and accounts, done as people do them (issue 19): a deep link survives sign-in; a company admin
// invites a colleague (no SMTP here, so the page shows the link), resends and revokes invitations, changes
// the colleague's role, deactivates and reactivates them; the colleague accepts the invitation, changes
// their password, signs out of their other sessions and recovers a forgotten password; the admin edits and
// tests the directory (LDAP) settings against a real slapd.
import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { LDAP_PEOPLE, LDAP_SERVICE_DN, LDAP_SERVICE_PASSWORD, type Slapd, startSlapd } from "../tests/helpers/slapd";
import { removeDirectory, signIn } from "./helpers";
import { ARTIFACTS_DIR, E2E_ADMIN, readServer } from "./server";

test.describe.configure({ mode: "serial" });

const COLLEAGUE = { email: "new.colleague@e2e.test", first: "Nora", last: "Colleague", password: "nora-first-password" };
const NEW_PASSWORD = "nora-second-password";
const RESET_PASSWORD = "nora-third-password";
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `people-${name}.png`), fullPage: true });
const signInError = (page: Page) => page.locator("#sign-in-error").getByRole("alert");

/** Other people's (or the same person's other) browsers: separate cookie jars, closed after the file. */
const opened: BrowserContext[] = [];
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  opened.push(context);
  return context.newPage();
}
test.afterAll(async () => {
  for (const context of opened.splice(0)) await context.close();
});

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  const { baseURL } = readServer();
  await page.goto(`${baseURL}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
}

/** The link the server wrote to its log for `to` (no SMTP configured): what an administrator would pass on. */
async function loggedLink(purpose: string, to: string): Promise<string> {
  const logFile = path.join(readServer().dataDir, "server.log");
  const lines = () =>
    fs
      .readFileSync(logFile, "utf8")
      .split("\n")
      .filter((l) => l.includes(`"${purpose} link (no SMTP_URL configured)"`) && l.includes(`"to":"${to}"`));
  // The server sends the link after answering (the answer must not take longer for a real account).
  await expect.poll(() => lines().length, { message: `no ${purpose} link for ${to} in the server log` }).toBeGreaterThan(0);
  const all = lines();
  return JSON.parse(all[all.length - 1]).link as string;
}

test("a deep link survives sign-in, and only same-site paths are followed", async ({ page }) => {
  const { baseURL } = readServer();
  await page.goto(`${baseURL}/billing`);
  await expect(page).toHaveURL(`${baseURL}/login?callbackUrl=%2Fbilling`);
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/billing`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const other = await freshPage(page.context().browser()!);
  for (const evil of ["https://evil.example/", "//evil.example/", "/\\evil.example/"]) {
    await other.goto(`${baseURL}/login?callbackUrl=${encodeURIComponent(evil)}`);
    await other.getByLabel("E-mail").fill(E2E_ADMIN.email);
    await other.getByLabel("Password").fill(E2E_ADMIN.password);
    await other.getByRole("button", { name: "Sign in" }).click();
    await expect(other).toHaveURL(`${baseURL}/`);
    await other.context().clearCookies();
  }
});

test("an admin invites a colleague, who accepts, sets a password and lands in the console", async ({ page, browser }) => {
  const { baseURL } = readServer();
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();

  // One invitation to revoke, one to resend, then accept.
  for (const email of ["wrong.address@e2e.test", COLLEAGUE.email]) {
    await page.getByRole("button", { name: "Invite user" }).click();
    const form = page.getByRole("form", { name: "Invite a user" });
    await form.getByLabel("E-mail").fill(email);
    if (email === COLLEAGUE.email) await form.getByLabel("First name").fill(COLLEAGUE.first);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation for ${email}`)).toBeVisible();
    await expect(page.getByText("No mail server is configured")).toBeVisible();
    await page.getByRole("button", { name: "Done" }).click();
  }
  await expect(page.getByTestId("invitation-row")).toHaveCount(2);
  await page.getByRole("button", { name: "Revoke the invitation for wrong.address@e2e.test" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByTestId("invitation-row")).toHaveCount(1);

  await page.getByRole("button", { name: `Resend the invitation for ${COLLEAGUE.email}` }).click();
  const link = ((await page.getByTestId("invitation-link").textContent()) ?? "").trim();
  expect(link).toMatch(new RegExp(`^${baseURL}/accept-invitation\\?token=`));
  await shot(page, "users-invited");

  const nora = await freshPage(browser);
  await nora.goto(link);
  await expect(nora.getByText(`You are invited to E2E Company as member, with the address ${COLLEAGUE.email}.`)).toBeVisible();
  await expect(nora.getByLabel("First name")).toHaveValue(COLLEAGUE.first);
  await nora.getByLabel("Last name").fill(COLLEAGUE.last);
  await nora.getByLabel("Choose a password").fill("short");
  await nora.getByRole("button", { name: "Join and sign in" }).click();
  await expect(nora).toHaveURL(/accept-invitation/);
  await nora.getByLabel("Choose a password").fill(COLLEAGUE.password);
  await shot(nora, "accept-invitation");
  await nora.getByRole("button", { name: "Join and sign in" }).click();
  await expect(nora).toHaveURL(`${baseURL}/`);
  await expect(nora.getByTestId("signed-in-user")).toHaveText(`${COLLEAGUE.first} ${COLLEAGUE.last}`);
  // Members get neither the Users nor the Directory page.
  const noraNav = nora.getByRole("navigation", { name: "Main" });
  await expect(noraNav.getByRole("link", { name: "Budget" })).toBeVisible();
  await expect(noraNav.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(noraNav.getByRole("link", { name: "Directory (LDAP)" })).toHaveCount(0);
  await nora.goto(`${baseURL}/users`);
  await expect(nora.getByText(/not found|could not be found/i).first()).toBeVisible();

  // The used link does not work twice.
  const again = await freshPage(browser);
  await again.goto(link);
  await expect(again.getByText("This invitation cannot be used")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("invitation-row")).toHaveCount(0);
});

test("the admin changes the colleague's role, deactivates (sessions end, sign-in refused) and reactivates them", async ({ page, browser }) => {
  const { baseURL } = readServer();
  const nora = await freshPage(browser);
  await signInAs(nora, COLLEAGUE.email, COLLEAGUE.password);

  await signIn(page);
  await page.goto(`${baseURL}/users`);
  await page.getByLabel("Find people").fill("nora");
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  const name = `${COLLEAGUE.first} ${COLLEAGUE.last}`;
  await page.getByLabel(`Role of ${name}`).selectOption({ label: "Data protection officer" });
  await expect(page.getByLabel(`Role of ${name}`)).toHaveValue("company_dpo");
  await page.reload();
  await page.getByLabel("Find people").fill("nora");
  await expect(page.getByLabel(`Role of ${name}`)).toHaveValue("company_dpo");
  // The admin's own role cannot be changed here.
  await page.getByLabel("Find people").fill("admin@e2e.test");
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await expect(page.getByLabel(`Role of ${E2E_ADMIN.email}`)).toBeDisabled();
  await expect(page.getByRole("button", { name: `Deactivate ${E2E_ADMIN.email}` })).toHaveCount(0);
  await page.getByLabel("Find people").fill("nora");
  await expect(page.getByTestId("user-row")).toHaveCount(1);

  await page.getByRole("button", { name: `Deactivate ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByRole("button", { name: `Reactivate ${name}` })).toBeVisible();
  await expect(page.getByTestId("user-row").getByText("Deactivated", { exact: true })).toBeVisible();
  await shot(page, "users-deactivated");

  await nora.goto(`${baseURL}/files`);
  await expect(nora).toHaveURL(/\/login\?callbackUrl=%2Ffiles$/);
  await nora.getByLabel("E-mail").fill(COLLEAGUE.email);
  await nora.getByLabel("Password").fill(COLLEAGUE.password);
  await nora.getByRole("button", { name: "Sign in" }).click();
  await expect(signInError(nora)).toHaveText("The sign-in details are not correct.");

  await page.getByRole("button", { name: `Reactivate ${name}` }).click();
  await expect(page.getByTestId("user-row").getByText("Active", { exact: true })).toBeVisible();
  await nora.getByRole("button", { name: "Sign in" }).click();
  await expect(nora).toHaveURL(`${baseURL}/files`);
  await nora.getByRole("button", { name: "Sign out" }).click();
  await expect(nora).toHaveURL(/\/login$/);
});

test("the colleague changes their password and signs out of their other sessions", async ({ browser }) => {
  const { baseURL } = readServer();
  const laptop = await freshPage(browser);
  const phone = await freshPage(browser);
  await signInAs(laptop, COLLEAGUE.email, COLLEAGUE.password);
  await signInAs(phone, COLLEAGUE.email, COLLEAGUE.password);

  await laptop.getByRole("link", { name: "Account and password" }).click();
  await expect(laptop.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await laptop.getByLabel("Current password").fill("not my password");
  await laptop.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await laptop.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
  await laptop.getByRole("button", { name: "Change password" }).click();
  await expect(laptop.getByText("This is not your current password.")).toHaveCount(1);
  await laptop.getByLabel("Current password").fill(COLLEAGUE.password);
  await laptop.getByRole("button", { name: "Change password" }).click();
  await expect(laptop.getByText("Your password was changed. 1 other session was signed out.")).toBeVisible();
  await shot(laptop, "account");

  await phone.reload();
  await expect(phone).toHaveURL(/\/login/);
  await signInAs(phone, COLLEAGUE.email, NEW_PASSWORD);
  await laptop.getByRole("button", { name: "Sign out of other sessions" }).click();
  await expect(laptop.getByText("Done: 1 other session was signed out.")).toBeVisible();
  await phone.goto(`${baseURL}/tags`);
  await expect(phone).toHaveURL(/\/login\?callbackUrl=%2Ftags$/);
  await laptop.reload();
  await expect(laptop).toHaveURL(`${baseURL}/account`);
});

test("forgot password: the same answer for any address, and the e-mailed link sets a new password", async ({ page }) => {
  const { baseURL } = readServer();
  await page.goto(`${baseURL}/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail").fill("nobody.here@e2e.test");
  await page.getByRole("button", { name: "Send reset link" }).click();
  const answer = (await page.getByRole("status").filter({ hasText: "Check your e-mail" }).textContent()) ?? "";

  await page.goto(`${baseURL}/forgot-password`);
  await page.getByLabel("E-mail").fill(COLLEAGUE.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your e-mail" })).toHaveText(answer);
  await shot(page, "forgot-password");

  const link = await loggedLink("password reset", COLLEAGUE.email);
  expect(link).toMatch(new RegExp(`^${baseURL}/reset-password\\?token=`));
  await page.goto(link);
  await page.getByLabel(/^New password/).fill(RESET_PASSWORD);
  await page.getByLabel("Repeat the new password").fill(RESET_PASSWORD);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByTestId("signed-in-user")).toHaveText(`${COLLEAGUE.first} ${COLLEAGUE.last}`);

  // Used once: the same link now explains itself.
  const reuse = await freshPage(page.context().browser()!);
  await reuse.goto(link);
  await reuse.getByLabel(/^New password/).fill("another-long-password");
  await reuse.getByLabel("Repeat the new password").fill("another-long-password");
  await reuse.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(reuse.getByText(/invalid, already used or expired/)).toBeVisible();
});

test.describe("directory settings", () => {
  let slapd: Slapd;
  test.beforeAll(async () => {
    slapd = await startSlapd();
  });
  test.afterAll(async ({ request }) => {
    await removeDirectory(request, slapd);
  });

  test("the admin fills in the directory, tests it step by step and saves it", async ({ page }) => {
    await signIn(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Directory (LDAP)" }).click();
    await expect(page.getByRole("heading", { name: "Directory (LDAP)", level: 1 })).toBeVisible();
    await page.getByLabel("Server URL").fill(slapd.url);
    await page.getByLabel("Service account DN").fill(LDAP_SERVICE_DN);
    await page.getByLabel("Service account password").fill("not-the-password");
    await page.getByLabel("User search base").fill(LDAP_PEOPLE);
    await page.getByLabel("Use TLS (StartTLS on ldap:// URLs)").uncheck();
    await page.getByLabel("User name to look up").fill("ada");

    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("The directory test failed")).toBeVisible();
    await expect(page.getByTestId("ldap-step-connect")).toContainText("OK");
    await expect(page.getByTestId("ldap-step-bind")).toContainText("Failed");
    await expect(page.getByTestId("ldap-step-find_user")).toContainText("Not tried");

    await page.getByLabel("Service account password").fill(LDAP_SERVICE_PASSWORD);
    await page.getByLabel("User search base").fill("ou=nowhere,dc=example,dc=test");
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByTestId("ldap-step-bind")).toContainText("OK");
    await expect(page.getByTestId("ldap-step-search_base")).toContainText("Failed");

    await page.getByLabel("User search base").fill(LDAP_PEOPLE);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("The directory works with these settings")).toBeVisible();
    for (const step of ["connect", "bind", "search_base", "find_user"]) await expect(page.getByTestId(`ldap-step-${step}`)).toContainText("OK");
    await expect(page.getByText("Found Ada Lovelace (ada.lovelace@example.test).")).toBeVisible();
    await shot(page, "directory-tested");

    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Server URL")).toHaveValue(slapd.url);
    await expect(page.getByText("Stored. Leave empty to keep it.")).toBeVisible();
    // The stored password is used when the field is left empty.
    await page.getByLabel("User name to look up").fill("grace");
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("Found Grace Hopper (grace.hopper@example.test).")).toBeVisible();
  });
});
