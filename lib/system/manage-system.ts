// System status, maintenance periods and the announcement.
import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireInstanceAdmin } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { ZAnnouncementPut, ZMaintenanceCreate } from "@/lib/contracts/system";
import { db } from "@/lib/db/client";
import type { Announcement, MaintenancePeriod } from "@/lib/db/generated/client";
import { notFound } from "@/lib/errors";
import { type PageRequest, pageWindow } from "@/lib/pagination";
import {
  activeMaintenancePeriods,
  invalidateMaintenanceCache,
  maintenanceState,
  periodsVisibleTo,
  scheduledMaintenancePeriods,
} from "./maintenance-periods";

function announcementActive(a: Announcement | null, now = new Date()): a is Announcement {
  return !!a && (!a.expectedEnd || a.expectedEnd > now);
}

export async function getSystemStatus(p: Principal | null) {
  const [periods, planned, announcement] = await Promise.all([
    activeMaintenancePeriods(),
    scheduledMaintenancePeriods(),
    db().announcement.findUnique({ where: { id: 1 } }),
  ]);
  const visible = periodsVisibleTo(periods, p?.companyId ?? null);
  const scheduled = periodsVisibleTo(planned, p?.companyId ?? null);
  return {
    maintenance: {
      active: visible.length > 0,
      periods: visible.map((m) => ({
        frontend_mode: m.mode as "full_shutdown" | "warning_banner",
        reason: m.reason,
        started_at: m.startedAt.toISOString(),
        ...(m.endpointCategoryNames.length ? { endpoint_category_names: m.endpointCategoryNames } : {}),
        ...(m.plannedEndAt ? { ends_at: m.plannedEndAt.toISOString() } : {}),
      })),
      // Announced ahead (issue 19); the key is left out when nothing is planned.
      ...(scheduled.length
        ? {
            scheduled: scheduled.map((m) => ({
              id: m.id,
              frontend_mode: m.mode as "full_shutdown" | "warning_banner",
              reason: m.reason,
              starts_at: m.startedAt.toISOString(),
              ends_at: m.plannedEndAt?.toISOString() ?? null,
              ...(m.endpointCategoryNames.length ? { endpoint_category_names: m.endpointCategoryNames } : {}),
            })),
          }
        : {}),
    },
    announcement: announcementActive(announcement)
      ? {
          active: true,
          message: announcement.message,
          expected_start: announcement.expectedStart?.toISOString() ?? null,
          expected_end: announcement.expectedEnd?.toISOString() ?? null,
        }
      : { active: false },
  };
}

export function serializePeriod(m: MaintenancePeriod) {
  const now = new Date();
  return {
    id: m.id,
    mode: m.mode as "full_shutdown" | "warning_banner",
    reason: m.reason,
    company_id: m.companyId,
    endpoint_category_names: m.endpointCategoryNames,
    started_at: m.startedAt.toISOString(),
    ended_at: m.endedAt?.toISOString() ?? null,
    ends_at: m.plannedEndAt?.toISOString() ?? null,
    active: maintenanceState(m, now) === "active",
    state: maintenanceState(m, now),
  };
}

export async function listMaintenancePeriods(p: Principal, query: PageRequest & { active?: boolean }) {
  requireInstanceAdmin(p);
  const where = query.active === undefined ? {} : query.active ? { endedAt: null } : { NOT: { endedAt: null } };
  const [count, rows] = await Promise.all([
    db().maintenancePeriod.count({ where }),
    db().maintenancePeriod.findMany({ where, orderBy: [{ startedAt: "desc" }, { id: "desc" }], ...pageWindow(query) }),
  ]);
  return { count, results: rows.map(serializePeriod) };
}

export async function startMaintenance(p: Principal, input: z.output<typeof ZMaintenanceCreate>) {
  requireInstanceAdmin(p);
  if (input.company_id && !(await db().company.findUnique({ where: { id: input.company_id } }))) throw notFound("Company");
  const period = await db().maintenancePeriod.create({
    data: {
      mode: input.mode,
      reason: input.reason,
      companyId: input.company_id ?? null,
      endpointCategoryNames: [...new Set(input.endpoint_category_names ?? [])],
      startedAt: input.started_at ? new Date(input.started_at) : new Date(),
      plannedEndAt: input.ends_at ? new Date(input.ends_at) : null,
      createdById: p.user.id,
    },
  });
  invalidateMaintenanceCache();
  await recordAudit({ principal: p, action: "Maintenance started", metadata: { maintenance_id: period.id, mode: period.mode } });
  return serializePeriod(period);
}

export async function endMaintenance(p: Principal, id: number) {
  requireInstanceAdmin(p);
  const period = await db().maintenancePeriod.findUnique({ where: { id } });
  if (!period) throw notFound("Maintenance period");
  const state = maintenanceState(period);
  // A scheduled period is cancelled: ended before its start, it never becomes active.
  if (state === "scheduled" || state === "active") await db().maintenancePeriod.update({ where: { id }, data: { endedAt: new Date() } });
  invalidateMaintenanceCache();
  await recordAudit({
    principal: p,
    action: state === "scheduled" ? "Maintenance cancelled" : "Maintenance ended",
    metadata: { maintenance_id: id },
  });
}

export async function putAnnouncement(p: Principal, input: z.output<typeof ZAnnouncementPut>) {
  requireInstanceAdmin(p);
  const data = {
    message: input.message,
    expectedStart: input.expected_start ? new Date(input.expected_start) : null,
    expectedEnd: input.expected_end ? new Date(input.expected_end) : null,
  };
  const a = await db().announcement.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
  await recordAudit({ principal: p, action: "Announcement set" });
  return {
    active: announcementActive(a),
    message: a.message,
    expected_start: a.expectedStart?.toISOString() ?? null,
    expected_end: a.expectedEnd?.toISOString() ?? null,
    updated_at: a.updatedAt.toISOString(),
  };
}

export async function clearAnnouncement(p: Principal) {
  requireInstanceAdmin(p);
  await db().announcement.deleteMany({ where: { id: 1 } });
  await recordAudit({ principal: p, action: "Announcement cleared" });
}
