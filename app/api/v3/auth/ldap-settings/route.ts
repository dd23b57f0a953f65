// GET, PUT, DELETE /api/v3/auth/ldap-settings — company admins (instance admins too) of the caller's company.
import { deleteLdapSettings, getLdapSettings, putLdapSettings } from "@/lib/auth/ldap-settings";
import { authEndpoints } from "@/lib/contracts/auth";
import { baseUrl, noContent, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(authEndpoints.getLdap, async ({ req, principal }) => ok(await getLdapSettings(principal, baseUrl(req))));

export const PUT = withApi(authEndpoints.putLdap, async ({ req, principal, body }) => ok(await putLdapSettings(principal, body, baseUrl(req))));

export const DELETE = withApi(authEndpoints.deleteLdap, async ({ principal }) => {
  await deleteLdapSettings(principal);
  return noContent();
});
