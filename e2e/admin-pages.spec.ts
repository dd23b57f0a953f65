// Admin pages in Chromium: API keys (secret shown once, gone after reload, revoke), workspaces (create,
// members and roles, a scoped key, settings), tags (create, edit, duplicate refused) and agents (create,
// edit, delete). A second company user for the membership steps is provisioned by directory (LDAP) sign-in
// against a throwaway slapd, the only way users other than the bootstrap admin come into being.
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import type { Slapd } from "../tests/helpers/slapd";
import { configureDirectory, removeDirectory, signIn } from "./helpers";
import { ARTIFACTS_DIR, readServer } from "./server";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const WORKSPACE = `E2E workspace ${run}`;
const TAG = `Contracts ${run}`;
const AGENT = `Contract helper ${run}`;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });

let slapd: Slapd;
let ada: { id: number; name: string };

test.beforeAll(async ({ browser, request }) => {
  const { baseURL } = readServer();
  const { slapd: directory, clientId } = await configureDirectory(request);
  slapd = directory;
  // Ada signs in once through the directory, which provisions her as a user of the company.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseURL}/login/ldap/${clientId}`);
  await page.getByLabel("User name").fill("ada");
  await page.getByLabel("Password").fill("Engine-1843");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  const me = await page.evaluate(async () => (await fetch("/api/v3/auth/session")).json());
  ada = { id: me.user.id, name: "Ada Lovelace" };
  await context.close();
});

test.afterAll(async ({ request }) => {
  await removeDirectory(request, slapd);
});

test("an API key's secret is shown once, works, is gone after a reload, and stops working when revoked", async ({ page, request }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New API key" }).click();
  const name = `CI pipeline ${run}`;
  await page.getByLabel("Key name").fill(name);
  await page.getByRole("button", { name: "Create key" }).click();

  const panel = page.getByTestId("api-key-secret-panel");
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("it will not be shown again");
  await expect(panel.getByRole("button", { name: "Copy key" })).toBeVisible();
  const secret = await page.getByTestId("api-key-secret").inputValue();
  expect(secret.length).toBeGreaterThan(20);
  await shot(page, "api-keys-secret");

  const auth = { Authorization: `Bearer ${secret}` };
  expect((await request.get(`${baseURL}/api/v3/workspaces`, { headers: auth })).status()).toBe(200);

  const row = page.getByTestId("api-key-row").filter({ hasText: name });
  await expect(row).toContainText("Active");
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByTestId("api-key-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  await row.getByRole("button", { name: `Revoke API key ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke “${name}”?` });
  await expect(dialog).toBeVisible();
  await shot(page, "api-keys-revoke-dialog");
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.getByLabel("Show revoked keys").check();
  await expect(row).toContainText("Revoked");
  const refused = await request.get(`${baseURL}/api/v3/workspaces`, { headers: auth });
  expect(refused.status()).toBe(401);
  await shot(page, "api-keys");
});

test("a workspace is created, gets a member whose role changes, keeps its last owner, and gets a scoped key", async ({ page }) => {
  await signIn(page);
  await page.goto(`${readServer().baseURL}/workspaces`);
  await expect(page.getByTestId("workspace-row").filter({ hasText: "General" })).toBeVisible();
  await shot(page, "workspaces");
  await page.getByRole("button", { name: "New workspace" }).click();
  await page.getByLabel("Workspace name").fill(WORKSPACE);
  await page.getByLabel("Description").fill("Signed contracts and their amendments");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspaces\/\d+$/);
  await expect(page.getByRole("heading", { name: WORKSPACE, level: 1 })).toBeVisible();

  // The creator is the owner; Ada joins as a viewer and becomes an editor.
  const members = page.getByRole("region", { name: "Members and roles" });
  await expect(members.getByTestId("member-row")).toHaveCount(1);
  // The user picker: the owner is listed but not selectable; Ada is found by a partial, differently cased
  // name and picked with the keyboard.
  const picker = members.getByRole("combobox", { name: "User", exact: true });
  const suggestions = members.getByRole("listbox", { name: "Users" });
  await picker.fill("E2E.TEST");
  await expect(suggestions.getByRole("option").filter({ hasText: "admin@e2e.test" })).toHaveAttribute("aria-disabled", "true");
  await picker.fill("lovel");
  const adaOption = suggestions.getByRole("option", { name: new RegExp(ada.name) });
  await expect(adaOption).toBeVisible();
  await expect(suggestions.getByRole("option")).toHaveCount(1);
  await picker.press("ArrowDown");
  await expect(picker).toHaveAttribute("aria-activedescendant", (await adaOption.getAttribute("id")) ?? "");
  await shot(page, "workspace-member-picker");
  await picker.press("Enter");
  await expect(picker).toHaveValue(ada.name);
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  await members.getByLabel("Role", { exact: true }).selectOption("viewer");
  await members.getByRole("button", { name: "Add member" }).click();
  const adaRole = members.getByLabel(`Role of ${ada.name}`);
  await expect(adaRole).toHaveValue("viewer");
  await expect(members.getByTestId("member-row").filter({ hasText: ada.name })).toContainText(String(ada.id));
  await expect(picker).toHaveValue("");
  await adaRole.selectOption("editor");
  await expect(members.getByText(`${ada.name} is now editor.`)).toBeVisible();
  await page.reload();
  await expect(members.getByLabel(`Role of ${ada.name}`)).toHaveValue("editor");

  // Demoting the only owner is refused with the API's explanation, and the role stays.
  const ownerRow = members.getByTestId("member-row").filter({ hasText: "admin@e2e.test" });
  await ownerRow.getByRole("combobox").selectOption("viewer");
  await expect(members.getByRole("alert").filter({ hasText: "at least one owner" })).toBeVisible();
  await expect(ownerRow.getByRole("combobox")).toHaveValue("owner");
  await shot(page, "workspace-members");

  // A key scoped to this workspace, with the editor role.
  const keys = page.getByRole("region", { name: "Workspace API keys" });
  await keys.getByRole("button", { name: "New workspace API key" }).click();
  await keys.getByLabel("Key name").fill(`Scanner ${run}`);
  await keys.getByLabel("Role").selectOption("editor");
  await keys.getByRole("button", { name: "Create key" }).click();
  await expect(keys.getByTestId("api-key-secret")).toHaveValue(/.{20,}/);
  await expect(keys.getByTestId("scoped-key-row").filter({ hasText: `Scanner ${run}` })).toContainText("Editor");

  // Settings are saved.
  const settings = page.getByRole("region", { name: "Settings" });
  await settings.getByLabel("Description").fill("Signed contracts, amendments and NDAs");
  await settings.getByRole("button", { name: "Save changes" }).click();
  await expect(settings.getByText("Saved.")).toBeVisible();

  // Ada is removed again after a confirmation.
  await members.getByRole("button", { name: `Remove ${ada.name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(members.getByTestId("member-row")).toHaveCount(1);
  await shot(page, "workspace-detail");
});

test("a tag is created, found, renamed, and a duplicate name is refused", async ({ page }) => {
  await signIn(page);
  await page.goto(`${readServer().baseURL}/tags`);
  await page.getByRole("button", { name: "New tag" }).click();
  await page.getByLabel("Tag name").fill(`${TAG} draft`);
  await page.getByRole("textbox", { name: "Description" }).fill("Agreements with customers and suppliers");
  await page.getByRole("button", { name: "Create tag" }).click();
  const row = page.getByTestId("tag-row").filter({ hasText: `${TAG} draft` });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("0");

  await row.getByRole("button", { name: `Edit tag ${TAG} draft` }).click();
  await page
    .getByRole("form", { name: `Edit tag ${TAG} draft` })
    .getByLabel("Tag name")
    .fill(TAG);
  await page.getByRole("button", { name: "Save tag" }).click();
  await expect(page.getByTestId("tag-row").filter({ hasText: TAG })).toBeVisible();

  await page.getByRole("button", { name: "New tag" }).click();
  await page.getByRole("form", { name: "New tag" }).getByLabel("Tag name").fill(TAG.toUpperCase());
  await page.getByRole("button", { name: "Create tag" }).click();
  await expect(page.getByRole("form", { name: "New tag" }).getByRole("alert")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();

  await page.getByLabel("Search tags").fill(run);
  await expect(page.getByTestId("tag-row")).toHaveCount(1);
  await page.getByLabel("Search tags").fill(`no such tag ${run}`);
  await expect(page.getByText("No tag name contains")).toBeVisible();
  await page.getByLabel("Search tags").fill("");
  await expect(page.getByTestId("tag-row").filter({ hasText: TAG })).toBeVisible();
  await shot(page, "tags");
});

test("an agent is created with a model, workspaces and tags, edited, and deleted", async ({ page }) => {
  await signIn(page);
  await page.goto(`${readServer().baseURL}/agents`);
  await page.getByRole("link", { name: "New agent" }).click();
  await expect(page).toHaveURL(/\/agents\/new$/);
  await page.getByLabel("Agent name").fill(AGENT);
  await page.getByLabel("Description").fill("Answers questions about signed contracts");
  await page.getByLabel("Instructions").fill("Cite the clause number of every statement.");
  const model = page.getByLabel("Answer model");
  await expect(model.locator("option").first()).toHaveText(/^Default/);
  await page
    .getByRole("group", { name: /Workspaces/ })
    .getByLabel(WORKSPACE)
    .check();
  await page.getByRole("group", { name: /Tags/ }).getByLabel(new RegExp(TAG)).check();
  await page.getByLabel("Passages per question (top_k)").fill("8");
  await page.getByLabel("Visibility").selectOption("company");
  await shot(page, "agent-form");
  await page.getByRole("button", { name: "Create agent" }).click();

  await expect(page).toHaveURL(/\/agents$/);
  const card = page.getByTestId("agent-card").filter({ hasText: AGENT });
  await expect(card).toContainText("Company");
  await expect(card).toContainText("1 workspace, 1 tag");
  await expect(card).toContainText("top_k 8");
  await page.getByLabel("Visibility").selectOption("private");
  await expect(card).toHaveCount(0);
  await page.getByLabel("Visibility").selectOption("");
  await shot(page, "agents");

  await card.getByRole("link", { name: AGENT }).click();
  await expect(page.getByRole("heading", { name: AGENT, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Passages per question (top_k)")).toHaveValue("8");
  await page.getByLabel("Passages per question (top_k)").fill("12");
  await page.getByRole("button", { name: "Save agent" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  await page.getByRole("button", { name: "Delete agent" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete agent" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByTestId("agent-card").filter({ hasText: AGENT })).toHaveCount(0);
});

test("an empty workspace is deleted after confirmation; the default workspace cannot be", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseURL}/workspaces`);
  await page.getByRole("button", { name: "New workspace" }).click();
  await page.getByLabel("Workspace name").fill(`Scratch ${run}`);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByRole("heading", { name: `Scratch ${run}`, level: 1 })).toBeVisible();
  await shot(page, "workspace-mobile");
  await page.getByRole("region", { name: "Delete workspace" }).getByRole("button", { name: "Delete workspace" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete “Scratch ${run}”?` });
  await expect(dialog).toContainText("holds no documents");
  await dialog.getByRole("button", { name: "Delete workspace" }).click();
  await expect(page).toHaveURL(/\/workspaces$/);
  await expect(page.getByTestId("workspace-row").filter({ hasText: WORKSPACE })).toBeVisible();
  await expect(page.getByTestId("workspace-row").filter({ hasText: `Scratch ${run}` })).toHaveCount(0);

  await page.getByTestId("workspace-row").filter({ hasText: "General" }).getByRole("link", { name: "General" }).click();
  await expect(page.getByText("default workspace; it cannot be deleted")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete workspace" })).toHaveCount(0);
});
