// Spending limits on metered endpoints, applied by withApi to every contract with `metered` set.
// The billing issue (8) implements the rules (exhausted enabled budget, used-up free-tier credits).
import type { Principal } from "@/lib/auth/principal";
import type { UsageFeature } from "@/lib/usage/record-usage";

export async function enforceSpendingLimits(_principal: Principal, _feature: UsageFeature): Promise<void> {
  // Not implemented yet: no limit is enforced until billing lands.
}
