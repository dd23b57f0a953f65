// System status, maintenance periods, announcement, company detection and the API document itself.
import { z } from "zod";
import { defineEndpoint, ENDPOINT_CATEGORIES } from "@/lib/contracts/endpoint";
import { ZPageQuery, zBodyId, zBoolString, zIntId, zPaginated, zTimestamp } from "./common";

export const MAINTENANCE_MODES = ["full_shutdown", "warning_banner"] as const;

export const ZSystemStatus = z
  .object({
    maintenance: z.object({
      active: z.boolean(),
      periods: z.array(
        z.object({
          frontend_mode: z.enum(MAINTENANCE_MODES),
          reason: z.string(),
          started_at: zTimestamp,
          endpoint_category_names: z.array(z.string()).optional().describe("Present for scoped periods"),
          ends_at: zTimestamp.optional().describe("Planned end, when the period has one"),
        }),
      ),
      scheduled: z
        .array(
          z.object({
            id: z.number().int(),
            frontend_mode: z.enum(MAINTENANCE_MODES),
            reason: z.string(),
            starts_at: zTimestamp,
            ends_at: zTimestamp.nullable().describe("Planned end; null when open-ended"),
            endpoint_category_names: z.array(z.string()).optional().describe("Present for scoped periods"),
          }),
        )
        .optional()
        .describe("Periods announced ahead (start in the future), soonest first; present when there are any"),
    }),
    announcement: z.object({
      active: z.boolean(),
      message: z.string().optional(),
      expected_start: zTimestamp.nullable().optional(),
      expected_end: zTimestamp.nullable().optional(),
    }),
  })
  .meta({ id: "SystemStatus" });
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

export const ZMaintenancePeriod = z
  .object({
    id: z.number().int(),
    mode: z.enum(MAINTENANCE_MODES),
    reason: z.string(),
    company_id: z.number().int().nullable().describe("null for instance-wide periods"),
    endpoint_category_names: z.array(z.string()),
    started_at: zTimestamp,
    ended_at: zTimestamp.nullable(),
    ends_at: zTimestamp.nullable().describe("Planned end: the period stops being active then; null when open-ended"),
    active: z.boolean(),
    state: z
      .enum(["scheduled", "active", "ended", "cancelled"])
      .describe("scheduled (starts in the future), active, ended (by an admin or at its planned end), cancelled (ended before it started)"),
  })
  .meta({ id: "MaintenancePeriod" });
export type TMaintenancePeriod = z.infer<typeof ZMaintenancePeriod>;

export const ZMaintenanceCreate = z
  .object({
    mode: z.enum(MAINTENANCE_MODES),
    reason: z.string().trim().min(1).max(2000),
    endpoint_category_names: z.array(z.enum(ENDPOINT_CATEGORIES)).max(ENDPOINT_CATEGORIES.length).optional(),
    company_id: zBodyId.nullable().optional(),
    started_at: z.iso.datetime({ offset: true }).optional().describe("Default: now; a future time schedules the period (announced ahead)"),
    ends_at: z.iso.datetime({ offset: true }).nullable().optional().describe("Planned end (after started_at); the period stops being active then"),
  })
  .refine((v) => !v.ends_at || Date.parse(v.ends_at) > (v.started_at ? Date.parse(v.started_at) : Date.now()), {
    path: ["ends_at"],
    message: "Must be after the start.",
  });

export const ZAnnouncement = z
  .object({
    active: z.boolean(),
    message: z.string(),
    expected_start: zTimestamp.nullable(),
    expected_end: zTimestamp.nullable(),
    updated_at: zTimestamp,
  })
  .meta({ id: "Announcement" });
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const ZAnnouncementPut = z
  .object({
    message: z.string().trim().min(1).max(2000),
    expected_start: z.iso.datetime({ offset: true }).nullable().optional(),
    expected_end: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((v) => !v.expected_start || !v.expected_end || Date.parse(v.expected_end) >= Date.parse(v.expected_start), {
    path: ["expected_end"],
    message: "Must not be before expected_start.",
  });

export const ZCheckCompany = z
  .object({
    company: z.object({ id: z.number().int(), name: z.string() }),
    auth_method: z.string(),
    custom_domain: z.string().nullable(),
    slug: z.string(),
  })
  .meta({ id: "CheckCompany" });

const tag = "System";

export const systemEndpoints = {
  status: defineEndpoint({
    method: "GET",
    path: "/api/v3/system/status",
    tag,
    category: null,
    auth: "optional",
    allowUnverified: true,
    summary: "Current maintenance periods and announcement (authentication optional, never blocked)",
    description:
      "Authenticated callers see instance-wide periods and those of their own company; unauthenticated callers only instance-wide ones. Company identifiers are never exposed.",
    responses: { 200: { description: "System status", schema: ZSystemStatus } },
  }),
  listMaintenance: defineEndpoint({
    method: "GET",
    path: "/api/v3/system/maintenance",
    tag,
    category: "system",
    auth: "required",
    summary: "List maintenance periods, newest first (instance admins)",
    query: ZPageQuery.extend({ active: zBoolString.optional() }),
    responses: { 200: { description: "Paginated periods", schema: zPaginated(ZMaintenancePeriod) } },
    errors: ["insufficient_permissions"],
  }),
  createMaintenance: defineEndpoint({
    method: "POST",
    path: "/api/v3/system/maintenance",
    tag,
    category: "system",
    auth: "required",
    summary: "Start a maintenance period (instance admins)",
    description:
      "A period with endpoint_category_names blocks those categories (503). Without categories, full_shutdown blocks every category except system status and maintenance management (category system, never blocked) and warning_banner only shows a banner. company_id limits it to one company.",
    body: ZMaintenanceCreate,
    responses: { 201: { description: "Created period", schema: ZMaintenancePeriod } },
    errors: ["insufficient_permissions", "not_found"],
  }),
  endMaintenance: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/system/maintenance/{id}",
    tag,
    category: "system",
    auth: "required",
    summary: "End a maintenance period, or cancel a scheduled one (instance admins)",
    description:
      "An active period ends now; a scheduled one (start in the future) is cancelled and never starts. Ending an ended period changes nothing.",
    params: z.object({ id: zIntId }),
    responses: { 204: { description: "Ended" } },
    errors: ["insufficient_permissions", "not_found"],
  }),
  putAnnouncement: defineEndpoint({
    method: "PUT",
    path: "/api/v3/system/announcement",
    tag,
    category: "system",
    auth: "required",
    summary: "Set the instance announcement (instance admins)",
    body: ZAnnouncementPut,
    responses: { 200: { description: "Announcement", schema: ZAnnouncement } },
    errors: ["insufficient_permissions"],
  }),
  deleteAnnouncement: defineEndpoint({
    method: "DELETE",
    path: "/api/v3/system/announcement",
    tag,
    category: "system",
    auth: "required",
    summary: "Clear the instance announcement (instance admins)",
    responses: { 204: { description: "Cleared" } },
    errors: ["insufficient_permissions"],
  }),
  checkCompany: defineEndpoint({
    method: "GET",
    path: "/api/v3/auth/check-company",
    tag: "Authentication",
    category: "auth",
    auth: "none",
    summary: "Detect the company from the request host (custom domain) or the login client id",
    query: z.object({ client_id: z.string().max(100).optional().describe("Login path client id (company slug)") }),
    responses: { 200: { description: "Company login information", schema: ZCheckCompany } },
    errors: ["not_found"],
  }),
  openapi: defineEndpoint({
    method: "GET",
    path: "/api/v3/openapi.json",
    tag: "System",
    category: null,
    auth: "none",
    noRateLimit: true,
    summary: "This OpenAPI document",
    responses: { 200: { description: "OpenAPI 3.1 document" } },
  }),
};
