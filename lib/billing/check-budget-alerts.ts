// Budget alerts fire where usage is recorded, inside the caller's transaction: an enabled threshold that
// the cycle's spend has reached gets one event per cycle (and threshold). The unique index makes
// concurrent crossings insert once. E-mails go out afterwards from the events (inngest/functions/budget-alerts.ts),
// never from inside a transaction.
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { billingCompany } from "./company";
import { cycleAt, isoDate } from "./cycle";
import { money, type TMoney, toCents } from "./money";
import { periodSpend } from "./spend";

export function thresholdEur(type: string, value: TMoney, budgetAmount: TMoney): TMoney {
  return type === "percentage" ? budgetAmount.times(value).dividedBy(100) : value;
}

/** Records an event for each enabled alert whose threshold the current cycle's spend reached; returns how many. */
export async function checkBudgetAlerts(companyId: number, client: Prisma.TransactionClient = db(), at: Date = now()): Promise<number> {
  const cycle = cycleAt(at);
  // Cheap first query: most companies have no enabled alert, or every one already fired this cycle.
  const alerts = await client.budgetAlert.findMany({
    where: { companyId, isEnabled: true },
    include: { budget: true, events: { where: { cycleStart: cycle.start }, select: { thresholdType: true, thresholdValue: true } } },
  });
  const open = alerts.filter(
    (a) => !a.events.some((e) => e.thresholdType === a.thresholdType && money(e.thresholdValue).equals(money(a.thresholdValue))),
  );
  if (open.length === 0) return 0;

  const spend = await periodSpend(await billingCompany(companyId, client), cycle, client);
  const emailStatus = env().SMTP_URL ? "pending" : "not_configured";
  const crossed = open.flatMap((a) => {
    const amount = money(a.budget.amountEur);
    const value = money(a.thresholdValue);
    const limit = thresholdEur(a.thresholdType, value, amount);
    if (spend.total.lessThan(limit)) return [];
    return [
      {
        companyId,
        alertId: a.id,
        cycleStart: cycle.start,
        thresholdType: a.thresholdType,
        thresholdValue: value.toFixed(2),
        thresholdEur: toCents(limit).toFixed(2),
        spendEur: spend.total.toFixed(2),
        budgetAmountEur: amount.toFixed(2),
        emailStatus,
      },
    ];
  });
  if (crossed.length === 0) return 0;
  const { count } = await client.budgetAlertEvent.createMany({ data: crossed, skipDuplicates: true });
  return count;
}

/**
 * Companies with an enabled alert that has not fired this cycle: the periodic sweep re-checks them so a
 * threshold crossed by the storage line alone (uploads are not usage events) is noticed too.
 */
export async function companiesWithOpenAlerts(at: Date = now(), limit = 1000): Promise<number[]> {
  const { start } = cycleAt(at);
  const rows = await db().$queryRaw<{ company_id: number }[]>`
    SELECT DISTINCT a.company_id
    FROM budget_alerts a
    WHERE a.is_enabled
      -- Without stored documents there is no storage line, and usage is checked where it is recorded.
      AND EXISTS (SELECT 1 FROM storage_months s WHERE s.company_id = a.company_id AND s.peak_bytes > 0)
      AND NOT EXISTS (
        SELECT 1 FROM budget_alert_events e
        WHERE e.alert_id = a.id AND e.cycle_start = ${isoDate(start)}::date
          AND e.threshold_type = a.threshold_type AND e.threshold_value = a.threshold_value)
    ORDER BY a.company_id
    LIMIT ${limit}`;
  return rows.map((r) => r.company_id);
}
