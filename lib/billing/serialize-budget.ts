// Budget and alert rows → the spec's field names; decimals as strings with two decimals.
import type { TBudget, TBudgetAlert, TThresholdType } from "@/lib/contracts/billing";
import type { Budget, BudgetAlert, BudgetAlertEvent } from "@/lib/db/generated/client";
import { isoDate } from "./cycle";
import { CURRENCY, formatEur, maxMoney, money, ZERO } from "./money";
import type { PeriodSpend } from "./spend";

export function serializeAlert(a: BudgetAlert): TBudgetAlert {
  return {
    id: a.id,
    is_enabled: a.isEnabled,
    threshold_type: a.thresholdType as TThresholdType,
    threshold_value: money(a.thresholdValue).toFixed(2),
  };
}

export function serializeBudget(b: Budget, alerts: BudgetAlert[], spend: PeriodSpend): TBudget {
  const amount = money(b.amountEur);
  return {
    is_enabled: b.isEnabled,
    amount_eur: formatEur(amount),
    current_cycle_start: isoDate(spend.cycle.start),
    next_cycle_start: isoDate(spend.cycle.next),
    monthly_spend_eur: formatEur(spend.total),
    available_eur: formatEur(maxMoney(amount.minus(spend.total), ZERO)),
    currency: CURRENCY,
    alerts: alerts.map(serializeAlert),
  };
}

export function serializeAlertEvent(e: BudgetAlertEvent) {
  return {
    id: e.id,
    alert_id: e.alertId,
    cycle_start: isoDate(e.cycleStart),
    threshold_type: e.thresholdType as TThresholdType,
    threshold_value: money(e.thresholdValue).toFixed(2),
    threshold_eur: formatEur(money(e.thresholdEur)),
    spend_eur: formatEur(money(e.spendEur)),
    budget_amount_eur: formatEur(money(e.budgetAmountEur)),
    email_status: e.emailStatus as "not_configured" | "pending" | "sent" | "failed",
    emailed_at: e.emailedAt ? e.emailedAt.toISOString() : null,
    created_at: e.createdAt.toISOString(),
  };
}
