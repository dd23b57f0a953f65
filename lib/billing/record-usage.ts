// Metering at the source: each billable operation writes a usage event, ideally in the same
// transaction as its result (pass the transaction client). Billing owns the write so that the daily
// rollup it reads and the budget alerts it checks happen in that same transaction; it reads nothing else.
import type { Principal } from "@/lib/auth/principal";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { UsageFeature } from "@/lib/usage/features";
import { checkBudgetAlerts } from "./check-budget-alerts";
import { addToDailyUsage } from "./usage-daily";

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
  await addToDailyUsage({ ...input, occurredAt }, client);
  await checkBudgetAlerts(input.companyId, client);
}
