// Shared steps of the console specs.
import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN, readServer } from "./server";

/** Signs in as the bootstrap admin through the /login page and waits for the console. */
export async function signIn(page: Page): Promise<void> {
  const { baseURL } = readServer();
  await page.goto(`${baseURL}/login`);
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
}
