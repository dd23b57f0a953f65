// POST /api/v3/auth/invitation — the holder of an invitation link's token (no other credentials).
import { accountEndpoints } from "@/lib/contracts/account";
import { ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { previewInvitation } from "@/lib/users/accept-invitation";

export const POST = withApi(accountEndpoints.previewInvitation, async ({ body }) => ok(await previewInvitation(body.token)));
