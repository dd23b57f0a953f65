// `filedrive` (Google Drive API v3 through a service account): settings, secrets and filter_criteria. The
// server validates them (lib/sync/filedrive) and the console form builds them.
import { z } from "zod";

const zDriveId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, "A Drive id: letters, digits, - and _.");
const zEndpoint = z.url({ protocol: /^https?$/ });

/** filedrive `settings`. */
export const ZFiledriveSettings = z
  .object({
    folder_ids: z
      .array(zDriveId)
      .min(1)
      .max(50)
      .optional()
      .describe("Folders to sync, shared with the service account's e-mail (inside shared_drive_id when both are given)"),
    shared_drive_id: zDriveId.optional().describe("A shared drive the service account is a member of; without folder_ids the whole drive"),
    impersonate_user: z.email().optional().describe("Domain-wide delegation: act as this Workspace user (the key's client must be allowed)"),
    api_base_url: zEndpoint.optional().describe("Drive API root (default https://www.googleapis.com/)"),
    token_url: zEndpoint.optional().describe("OAuth 2.0 token endpoint (default: the key's token_uri, else https://oauth2.googleapis.com/token)"),
  })
  .strict()
  .refine((s) => (s.folder_ids?.length ?? 0) > 0 || s.shared_drive_id !== undefined, {
    message: "folder_ids or shared_drive_id is required",
    path: ["folder_ids"],
  })
  .meta({ id: "FiledriveSettings" });
export type TFiledriveSettings = z.infer<typeof ZFiledriveSettings>;

/** filedrive `secrets`: the service account's JSON key, as downloaded from the Google Cloud console. */
export const ZFiledriveSecrets = z
  .object({ service_account_json: z.string().min(1).max(20_000).describe("The service account's JSON key (the whole file)") })
  .strict()
  .meta({ id: "FiledriveSecrets" });
export type TFiledriveSecrets = z.infer<typeof ZFiledriveSecrets>;

/** filedrive `filter_criteria`. Every criterion given must hold for a file to be imported. */
export const ZFiledriveFilter = z
  .object({
    mime_types: z
      .array(z.string().trim().min(1).max(200))
      .max(100)
      .optional()
      .describe("Drive MIME types to import, e.g. application/pdf or application/vnd.google-apps.document; `image/*` matches a family"),
    name_patterns: z
      .array(z.string().min(1).max(300))
      .max(100)
      .optional()
      .describe("Globs on the file name (`*` any run of characters, `?` one; case-insensitive): a file matching one is imported"),
    modified_after: z.iso.datetime({ offset: true }).optional().describe("Only files modified after this instant"),
    include_subfolders: z.boolean().optional().describe("Walk subfolders of the configured folders (default true)"),
  })
  .strict()
  .meta({ id: "FiledriveFilter" });
export type TFiledriveFilter = z.infer<typeof ZFiledriveFilter>;
