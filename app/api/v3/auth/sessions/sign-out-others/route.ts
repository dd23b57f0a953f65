// POST /api/v3/auth/sessions/sign-out-others — the signed-in user, for their own sessions.
import { signOutOtherSessions } from "@/lib/auth/change-password";
import { accountEndpoints } from "@/lib/contracts/account";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(accountEndpoints.signOutOthers, async ({ principal }) => ok(await signOutOtherSessions(principal)));
