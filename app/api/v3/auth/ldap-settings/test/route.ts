// POST /api/v3/auth/ldap-settings/test — company admins (instance admins too) of the caller's company.
import { testLdapSettings } from "@/lib/auth/ldap-settings";
import { authEndpoints } from "@/lib/contracts/auth";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(authEndpoints.testLdap, async ({ principal, body }) => ok(await testLdapSettings(principal, body)));
