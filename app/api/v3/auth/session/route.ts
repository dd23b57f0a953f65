// GET /api/v3/auth/session — any signed-in user or API key (unverified e-mail allowed).
import { getCurrentUser } from "@/lib/auth/current-user";
import { authEndpoints } from "@/lib/contracts/auth";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(authEndpoints.session, async ({ principal }) => ok(await getCurrentUser(principal)));
