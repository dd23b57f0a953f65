// Spending limits on metered endpoints, applied by withApi to every contract with `metered` set, before
// the handler runs (reads are never metered, so they keep working):
// - an enabled budget whose current-cycle spend (metered usage + storage line) has reached its amount
//   → 403 `budget_exhausted` until the next cycle starts or an admin raises or disables the budget;
// - a free-tier company with limit enforcement whose cumulative metered spend has used up its credits
//   → 403 `credits_exhausted`.
// The call that crosses a limit completes (its cost is known only afterwards); the next one is refused.
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import type { UsageFeature } from "@/lib/usage/features";
import { currentCycle, isoDate } from "./cycle";
import { formatEur, money } from "./money";
import { freeTierCredits } from "./prices";
import { cumulativeMeteredSpend, periodSpend } from "./spend";

export async function enforceSpendingLimits(principal: Principal, feature: UsageFeature): Promise<void> {
  // Company and budget in one statement: every metered request pays it.
  const company = await db().company.findUnique({
    where: { id: principal.companyId },
    select: { id: true, tier: true, limitEnforcement: true, budget: true },
  });
  if (!company) throw notFound("Company");
  const budget = company.budget;
  if (budget?.isEnabled) {
    const cycle = currentCycle();
    const amount = money(budget.amountEur);
    const { total } = await periodSpend(company, cycle);
    if (total.greaterThanOrEqualTo(amount)) {
      throw new AppError(
        "budget_exhausted",
        `The monthly budget of ${formatEur(amount)} EUR is used up (${formatEur(total)} EUR spent this cycle), so ${feature} operations are refused until ${isoDate(cycle.next)}. A company admin can raise or disable the budget.`,
      );
    }
  }
  if (company.tier === "free" && company.limitEnforcement) {
    const credits = freeTierCredits();
    const spent = await cumulativeMeteredSpend(company.id);
    if (spent.greaterThanOrEqualTo(credits)) {
      throw new AppError(
        "credits_exhausted",
        `The free tier's ${formatEur(credits)} EUR of credits are used up (${formatEur(spent)} EUR spent), so ${feature} operations are refused. Upgrade to a paid tier to continue.`,
      );
    }
  }
}
