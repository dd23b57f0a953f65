// PATCH /api/v3/users/{id} — company admins (instance admins too), users of their own company only.
import { userEndpoints } from "@/lib/contracts/users";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { updateCompanyUser } from "@/lib/users/update-user";

export const PATCH = withApi(userEndpoints.update, async ({ principal, params, body }) => ok(await updateCompanyUser(principal, params.id, body)));
