// Shared steps of the console specs.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { LDAP_PEOPLE, LDAP_SERVICE_DN, LDAP_SERVICE_PASSWORD, type Slapd, startSlapd } from "../tests/helpers/slapd";
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

/**
 * Starts a throwaway slapd and makes it the bootstrap company's directory (LDAP settings through the API).
 * Returns the directory and the company's LDAP login client id; undo with `removeDirectory`.
 */
export async function configureDirectory(request: APIRequestContext): Promise<{ slapd: Slapd; clientId: string }> {
  const { baseURL, apiKey } = readServer();
  const slapd = await startSlapd();
  const res = await request.put(`${baseURL}/api/v3/auth/ldap-settings`, {
    headers: { Authorization: `Bearer ${apiKey}` },
    data: {
      name: "E2E directory",
      settings: {
        server_uri: slapd.url,
        bind_dn: LDAP_SERVICE_DN,
        bind_password: LDAP_SERVICE_PASSWORD,
        user_search_base: LDAP_PEOPLE,
        user_search_filter: "(uid=%(user)s)",
        use_tls: false,
        connection_timeout: 5,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { slapd, clientId: (await res.json()).client_id as string };
}

/** Back to password sign-in, so that later specs see the company as bootstrapped; stops the directory. */
export async function removeDirectory(request: APIRequestContext, slapd: Slapd | undefined): Promise<void> {
  const { baseURL, apiKey } = readServer();
  await request.delete(`${baseURL}/api/v3/auth/ldap-settings`, { headers: { Authorization: `Bearer ${apiKey}` } });
  await slapd?.stop();
}
