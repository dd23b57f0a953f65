// Storage footprint per company: the live total of stored document bytes, and the month's peak that
// storage billing charges (deleting files mid-month does not lower the peak).

import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";

export async function companyStorageBytes(companyId: number, client: Prisma.TransactionClient = db()): Promise<number> {
  const agg = await client.file.aggregate({ where: { companyId }, _sum: { size: true } });
  return agg._sum.size ?? 0;
}

export async function workspaceStorageBytes(workspaceId: number, client: Prisma.TransactionClient = db()): Promise<number> {
  const agg = await client.file.aggregate({ where: { workspaceId }, _sum: { size: true } });
  return agg._sum.size ?? 0;
}

/** Records the current footprint and raises the month's peak; call after every change. */
export async function recordStorageFootprint(companyId: number, client: Prisma.TransactionClient = db(), at = now()): Promise<void> {
  const current = await companyStorageBytes(companyId, client);
  const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  await client.$executeRaw`
    INSERT INTO storage_months (company_id, month, peak_bytes, current_bytes, updated_at)
    VALUES (${companyId}, ${month}::date, ${current}, ${current}, now())
    ON CONFLICT (company_id, month) DO UPDATE
      SET current_bytes = EXCLUDED.current_bytes,
          peak_bytes = GREATEST(storage_months.peak_bytes, EXCLUDED.current_bytes),
          updated_at = now()`;
}
