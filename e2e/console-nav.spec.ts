// The console's app layout: a grouped sidebar with the active page marked on wide screens, and on narrow
// screens a top bar whose menu button discloses the same navigation (aria-expanded, Escape closes it and
// gives focus back to the button, following a link closes it).

import path from "node:path";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR } from "./server";

test("wide screens show the grouped sidebar with the current page marked", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  for (const group of ["Documents", "Manage", "Company"]) {
    await expect(nav.getByRole("list", { name: group })).toBeVisible();
  }
  await expect(nav.getByRole("list", { name: "Documents" }).getByRole("link")).toHaveText(["Files", "Content types", "Search", "Ask"]);
  await expect(nav.getByRole("list", { name: "Manage" }).getByRole("link")).toHaveText(["Workspaces", "Tags", "Agents", "API keys"]);
  await expect(nav.getByRole("list", { name: "Company" }).getByRole("link")).toHaveText(["Dashboard", "Budget", "Users", "Directory (LDAP)"]);
  // The bootstrap admin is an instance admin.
  await expect(nav.getByRole("list", { name: "Instance" }).getByRole("link")).toHaveText(["Admin"]);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "nav-1280-dashboard.png") });

  await nav.getByRole("link", { name: "Workspaces" }).click();
  await expect(page).toHaveURL(/\/workspaces$/);
  await expect(nav.getByRole("link", { name: "Workspaces" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
  // The sign-out button and user name sit in the sidebar, on the same row as nothing else.
  const box = await page.getByTestId("signed-in-user").boundingBox();
  expect(box?.x).toBeLessThan(240);
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "nav-1280-workspaces.png"), fullPage: true });

  // On a short screen the links scroll inside the sidebar and the sign-out button stays in view.
  await page.setViewportSize({ width: 1280, height: 560 });
  await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport({ ratio: 1 });
  await nav.getByRole("link", { name: "Tags" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(nav.getByRole("link", { name: "Workspaces" })).toBeFocused();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "nav-1280-short-focus.png") });
});

test("narrow screens open the navigation from the menu button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "nav-390-closed.png") });

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator(`#${await menu.getAttribute("aria-controls")}`)).toBeVisible();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "Files" })).toBeFocused();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "nav-390-open.png"), fullPage: true });

  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await nav.getByRole("link", { name: "Tags" }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(nav.getByRole("link", { name: "Tags" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "nav-390-tags-open.png") });
});
