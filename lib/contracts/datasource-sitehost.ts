// `sitehost` (SharePoint Online document libraries through Microsoft Graph, app-only client credentials):
// settings, secrets and filter_criteria. The server validates them (lib/sync/sitehost) and the console form
// builds them.
import { z } from "zod";

const zHttpsOrigin = z
  .url({ protocol: /^https$/ })
  .refine((u) => {
    const p = new URL(u);
    return (p.pathname === "/" || p.pathname === "") && !p.search && !p.hash;
  }, "An https origin without a path, e.g. https://graph.microsoft.com")
  .transform((u) => new URL(u).origin);

/** sitehost `settings`. Either `site_name` or `site_id` names the site. */
export const ZSitehostSettings = z
  .object({
    tenant_id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.-]{1,200}$/, "The directory (tenant) id, a GUID or a domain such as contoso.onmicrosoft.com"),
    client_id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,100}$/, "The application (client) id of the app registration"),
    site_name: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe("contoso.sharepoint.com:/sites/Marketing, https://contoso.sharepoint.com/sites/Marketing, or a name searched for"),
    site_id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.,_-]{1,300}$/, "A Graph site id (hostname,site-collection-id,web-id)")
      .optional()
      .describe("Graph site id; wins over site_name"),
    library: z.string().trim().min(1).max(300).optional().describe("A document library's name (default: every library of the site)"),
    folder_path: z
      .string()
      .trim()
      .min(1)
      .max(1000)
      .optional()
      .describe("A folder inside the library (or each library), e.g. /Reports/2026; default: the library root"),
    authority_host: zHttpsOrigin.optional().describe("Microsoft identity platform host (default https://login.microsoftonline.com)"),
    graph_base_url: zHttpsOrigin.optional().describe("Microsoft Graph root (default https://graph.microsoft.com)"),
  })
  .strict()
  .refine((s) => s.site_name !== undefined || s.site_id !== undefined, { message: "site_name or site_id is required", path: ["site_name"] })
  .meta({ id: "SitehostSettings" });
export type TSitehostSettings = z.infer<typeof ZSitehostSettings>;

/** sitehost `secrets`: the app registration's client secret (its value, not its id). */
export const ZSitehostSecrets = z
  .object({ client_secret: z.string().min(1).max(2000).describe("Client secret value of the app registration") })
  .strict()
  .meta({ id: "SitehostSecrets" });
export type TSitehostSecrets = z.infer<typeof ZSitehostSecrets>;

/** sitehost `filter_criteria`. Every criterion given must hold for a file to be imported. */
export const ZSitehostFilter = z
  .object({
    mime_types: z
      .array(z.string().trim().min(1).max(200))
      .max(100)
      .optional()
      .describe("MIME types to import, e.g. application/pdf; `text/*` matches a family"),
    extensions: z
      .array(
        z
          .string()
          .trim()
          .regex(/^\.?[A-Za-z0-9]{1,20}$/, "An extension such as pdf or .docx"),
      )
      .max(100)
      .optional()
      .describe("File extensions to import (with or without the dot, case-insensitive)"),
    name_patterns: z
      .array(z.string().min(1).max(300))
      .max(100)
      .optional()
      .describe("Globs on the file name (`*` any run of characters, `?` one; case-insensitive): a file matching one is imported"),
    exclude_patterns: z.array(z.string().min(1).max(300)).max(100).optional().describe("Globs on the file name: a file matching one is not imported"),
    modified_after: z.iso.datetime({ offset: true }).optional().describe("Only files modified after this instant"),
    include_subfolders: z.boolean().optional().describe("Walk subfolders of the library or folder (default true)"),
  })
  .strict()
  .meta({ id: "SitehostFilter" });
export type TSitehostFilter = z.infer<typeof ZSitehostFilter>;
