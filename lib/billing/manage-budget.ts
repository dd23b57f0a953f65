// The company's monthly budget: any company user reads it, company admins write it.
import type { z } from "zod";
import { requireCompanyAdmin } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { ZBudgetPut } from "@/lib/contracts/billing";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { notFound } from "@/lib/errors";
import { billingCompany } from "./company";
import { currentCycle } from "./cycle";
import { serializeBudget } from "./serialize-budget";
import { periodSpend } from "./spend";

const noBudget = () => notFound("Budget");

async function budgetView(companyId: number) {
  const budget = await db().budget.findUnique({ where: { companyId }, include: { alerts: { orderBy: { id: "asc" } } } });
  if (!budget) throw noBudget();
  const spend = await periodSpend(await billingCompany(companyId), currentCycle());
  return serializeBudget(budget, budget.alerts, spend);
}

export async function getBudget(p: Principal) {
  return budgetView(p.companyId);
}

/** Creates or replaces the budget; `created` tells the route whether to answer 201 or 200. */
export async function putBudget(p: Principal, input: z.output<typeof ZBudgetPut>) {
  requireCompanyAdmin(p);
  const data = { amountEur: input.amount_eur, isEnabled: input.is_enabled };
  const existing = await db().budget.findUnique({ where: { companyId: p.companyId }, select: { id: true } });
  let created = false;
  if (existing) {
    await db().budget.update({ where: { id: existing.id }, data });
  } else {
    try {
      await db().budget.create({ data: { companyId: p.companyId, ...data } });
      created = true;
    } catch (err) {
      // A concurrent first PUT won the race: this one is an update.
      if (!isUniqueViolation(err)) throw err;
      await db().budget.update({ where: { companyId: p.companyId }, data });
    }
  }
  return { created, budget: await budgetView(p.companyId) };
}

/** Deletes the budget; its alerts go with it (ON DELETE CASCADE), their past events stay. */
export async function deleteBudget(p: Principal): Promise<void> {
  requireCompanyAdmin(p);
  const n = await db().budget.deleteMany({ where: { companyId: p.companyId } });
  if (n.count === 0) throw noBudget();
}
