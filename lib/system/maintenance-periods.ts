// Active maintenance periods, cached briefly in memory: every API request consults them.
// Writes in this process invalidate the cache at once; other instances see changes within the TTL.
import { db } from "@/lib/db/client";
import type { MaintenancePeriod } from "@/lib/db/generated/client";

const TTL_MS = 2_000;
const g = globalThis as unknown as { __docintelMaintenance?: { at: number; periods: MaintenancePeriod[] } };

export async function activeMaintenancePeriods(): Promise<MaintenancePeriod[]> {
  const cached = g.__docintelMaintenance;
  if (cached && Date.now() - cached.at < TTL_MS) return cached.periods;
  const now = new Date();
  const periods = await db().maintenancePeriod.findMany({
    // A period with a planned end stops being active then, without anyone ending it.
    where: { endedAt: null, startedAt: { lte: now }, OR: [{ plannedEndAt: null }, { plannedEndAt: { gt: now } }] },
    orderBy: { startedAt: "asc" },
  });
  g.__docintelMaintenance = { at: Date.now(), periods };
  return periods;
}

/** Periods announced ahead: not ended or cancelled, starting in the future, soonest first. */
export async function scheduledMaintenancePeriods(): Promise<MaintenancePeriod[]> {
  return db().maintenancePeriod.findMany({ where: { endedAt: null, startedAt: { gt: new Date() } }, orderBy: { startedAt: "asc" }, take: 20 });
}

export type MaintenanceState = "scheduled" | "active" | "ended" | "cancelled";

export function maintenanceState(p: Pick<MaintenancePeriod, "startedAt" | "endedAt" | "plannedEndAt">, now = new Date()): MaintenanceState {
  if (p.endedAt) return p.endedAt <= p.startedAt ? "cancelled" : "ended";
  if (p.startedAt > now) return "scheduled";
  return p.plannedEndAt && p.plannedEndAt <= now ? "ended" : "active";
}

export function invalidateMaintenanceCache(): void {
  g.__docintelMaintenance = undefined;
}

/** Periods a caller may see: instance-wide ones, plus their own company's when authenticated. */
export function periodsVisibleTo(periods: MaintenancePeriod[], companyId: number | null): MaintenancePeriod[] {
  return periods.filter((p) => p.companyId === null || (companyId !== null && p.companyId === companyId));
}

/** The category of maintenance management itself: never blocked, or a shutdown could not be lifted. */
export const UNBLOCKABLE_CATEGORY = "system";

/**
 * Whether a period blocks an endpoint category. A scoped period (with categories) blocks exactly those
 * categories whatever its mode; an unscoped `full_shutdown` blocks everything; an unscoped
 * `warning_banner` only announces (the console shows a banner, the API keeps serving). The `system`
 * category (maintenance and announcement management, instance admins only) is never blocked.
 */
export function blocksCategory(period: MaintenancePeriod, category: string): boolean {
  if (category === UNBLOCKABLE_CATEGORY) return false;
  if (period.endpointCategoryNames.length > 0) return period.endpointCategoryNames.includes(category);
  return period.mode === "full_shutdown";
}

export async function blockingPeriod(category: string, companyId: number | null): Promise<MaintenancePeriod | null> {
  const periods = periodsVisibleTo(await activeMaintenancePeriods(), companyId);
  return periods.find((p) => blocksCategory(p, category)) ?? null;
}

export function maintenanceBody(p: MaintenancePeriod) {
  return {
    detail: `The service is under maintenance: ${p.reason}`,
    error: "service_maintenance" as const,
    mode: p.mode,
    reason: p.reason,
    started_at: p.startedAt.toISOString(),
    endpoint_category_names: p.endpointCategoryNames,
  };
}
