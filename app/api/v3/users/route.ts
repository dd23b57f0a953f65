// GET /api/v3/users — company admins, company DPOs and instance-level users (their own company's users only).
import { userEndpoints } from "@/lib/contracts/users";
import { okPage } from "@/lib/http/paginate";
import { withApi } from "@/lib/http/with-api";
import { listUsers } from "@/lib/users/list-users";

export const GET = withApi(userEndpoints.list, async ({ principal, query, req }) => okPage(req, query, await listUsers(principal, query)));
