// GET /api/v3/notifications: what the bell lists for a signed-in user. Maintenance in progress, maintenance
// announced ahead (with its planned end), the instance announcement, and the company's budget alert events of
// the last 30 days. Instance-wide maintenance plus the caller's company's; every user of the company reads
// the same list (budget alerts concern whoever's requests a budget may stop).
import type { Principal } from "@/lib/auth/principal";
import { formatEur, money } from "@/lib/billing/money";
import type { TNotification } from "@/lib/contracts/notifications";
import { db } from "@/lib/db/client";
import type { MaintenancePeriod } from "@/lib/db/generated/client";
import { type Page, type PageRequest, pageWindow } from "@/lib/pagination";
import { activeMaintenancePeriods, periodsVisibleTo, scheduledMaintenancePeriods } from "@/lib/system/maintenance-periods";

const ALERT_WINDOW_DAYS = 30;
const MAX_ALERTS = 200;

function maintenanceItem(m: MaintenancePeriod, scheduled: boolean): TNotification {
  const scope = m.endpointCategoryNames.length ? ` Unavailable meanwhile: ${m.endpointCategoryNames.join(", ")}.` : "";
  const blocking = m.mode === "full_shutdown" && !m.endpointCategoryNames.length ? " The console is unavailable meanwhile." : "";
  return {
    id: `maintenance:${m.id}`,
    kind: scheduled ? "maintenance_scheduled" : "maintenance_active",
    severity: "warning",
    title: scheduled ? "Scheduled maintenance" : "Maintenance in progress",
    detail: `${m.reason}${scope}${blocking}`,
    starts_at: m.startedAt.toISOString(),
    ends_at: m.plannedEndAt?.toISOString() ?? null,
    created_at: m.startedAt.toISOString(),
    link: null,
  };
}

async function announcementItems(): Promise<TNotification[]> {
  const a = await db().announcement.findUnique({ where: { id: 1 } });
  if (!a || (a.expectedEnd && a.expectedEnd <= new Date())) return [];
  return [
    {
      id: `announcement:${a.updatedAt.toISOString()}`,
      kind: "announcement",
      severity: "info",
      title: "Announcement",
      detail: a.message,
      starts_at: a.expectedStart?.toISOString() ?? null,
      ends_at: a.expectedEnd?.toISOString() ?? null,
      created_at: a.updatedAt.toISOString(),
      link: null,
    },
  ];
}

async function budgetAlertItems(companyId: number): Promise<TNotification[]> {
  const since = new Date(Date.now() - ALERT_WINDOW_DAYS * 86_400_000);
  const events = await db().budgetAlertEvent.findMany({
    where: { companyId, createdAt: { gte: since } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_ALERTS,
  });
  return events.map((e) => {
    const threshold =
      e.thresholdType === "percentage" ? `${money(e.thresholdValue).toFixed(0)} % of the monthly budget` : `${formatEur(money(e.thresholdEur))} EUR`;
    return {
      id: `budget_alert:${e.id}`,
      kind: "budget_alert",
      severity: "warning",
      title: `Budget alert: ${threshold} reached`,
      detail: `${formatEur(money(e.spendEur))} EUR spent of the ${formatEur(money(e.budgetAmountEur))} EUR budget this cycle.`,
      starts_at: null,
      ends_at: null,
      created_at: e.createdAt.toISOString(),
      link: "/billing",
    };
  });
}

export async function listNotifications(p: Principal, page: PageRequest): Promise<Page<TNotification>> {
  const [active, scheduled, announcement, alerts] = await Promise.all([
    activeMaintenancePeriods(),
    scheduledMaintenancePeriods(),
    announcementItems(),
    budgetAlertItems(p.companyId),
  ]);
  const all = [
    ...periodsVisibleTo(active, p.companyId).map((m) => maintenanceItem(m, false)),
    ...periodsVisibleTo(scheduled, p.companyId).map((m) => maintenanceItem(m, true)),
    ...announcement,
    ...alerts,
  ];
  const { skip, take } = pageWindow(page);
  return { count: all.length, results: all.slice(skip, skip + take) };
}
