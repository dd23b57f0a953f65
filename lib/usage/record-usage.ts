// Metering at the source: each billable operation writes a usage event, ideally in the same
// transaction as its result (pass the transaction client). Billing reads these events only.
import type { Principal } from "@/lib/auth/principal";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";

import type { UsageFeature } from "./features";

export interface UsageInput {
  feature: UsageFeature;
  quantity: number;
  companyId: number;
  userId?: number | null;
  apiKeyId?: string | null;
  metadata?: Prisma.InputJsonValue;
  occurredAt?: Date;
}

export function usageFrom(p: Principal): Pick<UsageInput, "companyId" | "userId" | "apiKeyId"> {
  return { companyId: p.companyId, userId: p.user.id, apiKeyId: p.apiKey?.id ?? null };
}

export async function recordUsage(input: UsageInput, client: Prisma.TransactionClient = db()): Promise<void> {
  if (!Number.isInteger(input.quantity) || input.quantity < 0) {
    throw new Error(`usage quantity must be a non-negative integer, got ${input.quantity}`);
  }
  if (input.quantity === 0) return;
  const occurredAt = input.occurredAt ?? now();
  await client.usageEvent.create({
    data: {
      companyId: input.companyId,
      userId: input.userId ?? null,
      apiKeyId: input.apiKeyId ?? null,
      feature: input.feature,
      quantity: input.quantity,
      metadata: input.metadata ?? {},
      occurredAt,
    },
  });
  // Billing reads the daily rollup and checks budget alerts, both in the same transaction (imported
  // lazily: billing itself imports this module).
  const { addToDailyUsage } = await import("@/lib/billing/usage-daily");
  const { checkBudgetAlerts } = await import("@/lib/billing/check-budget-alerts");
  await addToDailyUsage({ ...input, occurredAt }, client);
  await checkBudgetAlerts(input.companyId, client);
}
