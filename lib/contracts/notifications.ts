// The console's notification bell (issue 19): what a signed-in user should know about now — maintenance in
// progress or announced ahead, the instance announcement, and the company's budget alerts of the last 30 days.
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ZPageQuery, zPaginated, zTimestamp } from "./common";

export const NOTIFICATION_KINDS = ["maintenance_active", "maintenance_scheduled", "announcement", "budget_alert"] as const;

export const ZNotification = z
  .object({
    id: z.string().describe("Stable per item (`maintenance:12`, `announcement:<updated_at>`, `budget_alert:7`): a client remembers what it showed"),
    kind: z.enum(NOTIFICATION_KINDS),
    severity: z.enum(["info", "warning"]),
    title: z.string(),
    detail: z.string(),
    starts_at: zTimestamp.nullable().describe("Maintenance and announcements: when it starts (started)"),
    ends_at: zTimestamp.nullable().describe("Maintenance and announcements: planned end, null when open-ended"),
    created_at: zTimestamp.describe("When the item appeared (ordering and 'new since' badges)"),
    link: z.string().nullable().describe("Console page with more (budget alerts: /billing)"),
  })
  .meta({ id: "Notification" });
export type TNotification = z.infer<typeof ZNotification>;

export const notificationEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/v3/notifications",
    tag: "System",
    category: null,
    auth: "required",
    summary: "Notifications for the signed-in user (maintenance, announcement, budget alerts)",
    description:
      "Maintenance in progress first, then maintenance announced ahead (soonest first), the instance announcement, and the company's budget alert events of the last 30 days (newest first). Instance-wide maintenance and the caller's own company's only; any user of the company may read (members and admins see the same list). Never blocked by maintenance.",
    query: ZPageQuery,
    responses: { 200: { description: "Notifications", schema: zPaginated(ZNotification) } },
  }),
};
