// Who sees a record that belongs to whoever created it (parse and extract jobs): its creator and the
// company's admins. A workspace-scoped key sees only what it made itself: its owner's other work is
// outside the one workspace it grants. Tenancy (`companyId`) is the caller's to add; a file-based job
// also needs the file to be readable (lib/extract/get-extract-job.ts).
import { isCompanyAdmin, isWorkspaceScoped } from "./permissions";
import type { Principal } from "./principal";

export interface CreatorColumns {
  userId?: number;
  apiKeyId?: string;
}

/** The filter on a record's creator columns (`user_id`, `api_key_id`) for what the caller may see. */
export function createdByCallerWhere(p: Principal): CreatorColumns {
  if (isWorkspaceScoped(p)) return { apiKeyId: p.apiKey!.id };
  if (isCompanyAdmin(p)) return {};
  return { userId: p.user.id };
}
