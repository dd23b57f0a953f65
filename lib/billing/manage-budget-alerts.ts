// Alert thresholds of the budget. Any company user lists them; company admins change them. Every
// operation needs a budget (404 otherwise); another company's alert is a 404 like a missing one.
import type { z } from "zod";
import { requireCompanyAdmin } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { TThresholdType, ZBudgetAlertCreate, ZBudgetAlertUpdate } from "@/lib/contracts/billing";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Budget, BudgetAlert } from "@/lib/db/generated/client";
import { AppError, fieldError, notFound } from "@/lib/errors";
import { money } from "./money";
import { serializeAlert } from "./serialize-budget";

const MAX_PERCENTAGE = money(1000);

async function findBudget(p: Principal): Promise<Budget> {
  const budget = await db().budget.findUnique({ where: { companyId: p.companyId } });
  if (!budget) throw notFound("Budget");
  return budget;
}

async function findAlert(p: Principal, id: number): Promise<BudgetAlert> {
  const budget = await findBudget(p);
  const alert = await db().budgetAlert.findFirst({ where: { id, budgetId: budget.id, companyId: p.companyId } });
  if (!alert) throw notFound("Budget alert");
  return alert;
}

function checkThreshold(type: TThresholdType, value: string): void {
  const v = money(value);
  if (v.isZero()) throw fieldError("threshold_value", "Must be greater than 0.");
  if (type === "percentage" && v.greaterThan(MAX_PERCENTAGE)) {
    throw fieldError("threshold_value", "A percentage threshold must be at most 1000.");
  }
}

const duplicate = () => new AppError("conflict", "An alert with the same threshold type and value already exists.");

export async function listAlerts(p: Principal) {
  const budget = await findBudget(p);
  const alerts = await db().budgetAlert.findMany({ where: { budgetId: budget.id }, orderBy: { id: "asc" } });
  return alerts.map(serializeAlert);
}

export async function createAlert(p: Principal, input: z.output<typeof ZBudgetAlertCreate>) {
  requireCompanyAdmin(p);
  const budget = await findBudget(p);
  checkThreshold(input.threshold_type, input.threshold_value);
  try {
    const alert = await db().budgetAlert.create({
      data: {
        budgetId: budget.id,
        companyId: p.companyId,
        thresholdType: input.threshold_type,
        thresholdValue: input.threshold_value,
        isEnabled: input.is_enabled ?? true,
      },
    });
    return serializeAlert(alert);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** Sets every alert of the budget to `isEnabled`; returns how many changed. */
export async function toggleAlerts(p: Principal, isEnabled: boolean) {
  requireCompanyAdmin(p);
  const budget = await findBudget(p);
  const { count } = await db().budgetAlert.updateMany({ where: { budgetId: budget.id, isEnabled: !isEnabled }, data: { isEnabled } });
  return { updated: count };
}

export async function updateAlert(p: Principal, id: number, input: z.output<typeof ZBudgetAlertUpdate>) {
  // Lookup before the role check: another company's alert is a 404 for every caller.
  const alert = await findAlert(p, id);
  requireCompanyAdmin(p);
  const type = input.threshold_type ?? (alert.thresholdType as TThresholdType);
  const value = input.threshold_value ?? money(alert.thresholdValue).toFixed(2);
  checkThreshold(type, value);
  try {
    const updated = await db().budgetAlert.update({
      where: { id: alert.id },
      data: { thresholdType: type, thresholdValue: value, ...(input.is_enabled !== undefined ? { isEnabled: input.is_enabled } : {}) },
    });
    return serializeAlert(updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

export async function deleteAlert(p: Principal, id: number): Promise<void> {
  const alert = await findAlert(p, id);
  requireCompanyAdmin(p);
  await db().budgetAlert.delete({ where: { id: alert.id } });
}
