// GET, POST /api/v3/users/invitations — company admins (instance admins too) of the caller's company.
import { userEndpoints } from "@/lib/contracts/users";
import { okPage } from "@/lib/http/paginate";
import { baseUrl, created } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { inviteUser, listInvitations } from "@/lib/users/invitations";

export const GET = withApi(userEndpoints.listInvitations, async ({ principal, query, req }) =>
  okPage(req, query, await listInvitations(principal, query)),
);

export const POST = withApi(userEndpoints.invite, async ({ principal, body, req }) => created(await inviteUser(principal, body, baseUrl(req))));
