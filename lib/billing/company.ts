// The caller's company as billing sees it (tier and enforcement flag).
import { db } from "@/lib/db/client";
import type { Company, Prisma } from "@/lib/db/generated/client";
import { notFound } from "@/lib/errors";

export type BillingCompany = Pick<Company, "id" | "tier" | "limitEnforcement">;

export async function billingCompany(companyId: number, client: Prisma.TransactionClient = db()): Promise<BillingCompany> {
  const c = await client.company.findUnique({ where: { id: companyId }, select: { id: true, tier: true, limitEnforcement: true } });
  if (!c) throw notFound("Company");
  return c;
}
