// `servicedesk` (Zendesk Help Center, and optionally solved tickets): the shapes of its settings, secrets and
// filter_criteria, shared by the connector (lib/sync/servicedesk) and the console form. Kept apart from
// datasources.ts so each connector type owns its own contract file.
import { z } from "zod";

/** servicedesk `settings`: the Zendesk instance and the agent whose API token is used. */
export const ZServicedeskSettings = z
  .object({
    instance_url: z
      .url({ protocol: /^https?$/ })
      .max(300)
      .describe("https://<subdomain>.zendesk.com (or the instance's host-mapped domain)"),
    email: z.email().max(320).describe("E-mail of the agent (or admin) the API token belongs to"),
  })
  .strict()
  .meta({ id: "ServicedeskSettings" });
export type TServicedeskSettings = z.infer<typeof ZServicedeskSettings>;

/** servicedesk `secrets`: the agent's Zendesk API token (Basic auth `email/token:api_token`). */
export const ZServicedeskSecrets = z
  .object({ api_token: z.string().trim().min(1).max(200) })
  .strict()
  .meta({ id: "ServicedeskSecrets" });
export type TServicedeskSecrets = z.infer<typeof ZServicedeskSecrets>;

/** servicedesk `filter_criteria`. Empty lists mean "all". */
export const ZServicedeskFilter = z
  .object({
    locales: z.array(z.string().trim().min(2).max(20)).max(100).optional().describe("Article locales to import (e.g. en-us, de); default all"),
    section_ids: z.array(z.number().int().positive()).max(1000).optional().describe("Help Center sections to import"),
    category_ids: z
      .array(z.number().int().positive())
      .max(1000)
      .optional()
      .describe("Help Center categories to import (their sections); with section_ids, an article in either is imported"),
    labels: z.array(z.string().trim().min(1).max(200)).max(100).optional().describe("Only articles carrying at least one of these labels"),
    include_attachments: z.boolean().optional().describe("Import articles' attachments of supported types as documents (default true)"),
    include_solved_tickets: z.boolean().optional().describe("Also import solved and closed tickets with their public comments (default false)"),
  })
  .strict()
  .meta({ id: "ServicedeskFilter" });
export type TServicedeskFilter = z.infer<typeof ZServicedeskFilter>;
