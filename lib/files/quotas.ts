// Upload quotas: a workspace's own quota (0 MB disables uploads) and the free tier's company cap.
import { db } from "@/lib/db/client";
import type { Company, Workspace } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { companyStorageBytes, workspaceStorageBytes } from "./storage-footprint";

const MB = 1024 * 1024;

export function tierAllowanceBytes(company: Pick<Company, "tier" | "limitEnforcement">): number | null {
  if (!company.limitEnforcement) return null;
  const e = env();
  switch (company.tier) {
    case "free":
      return e.STORAGE_ALLOWANCE_FREE_BYTES;
    case "payg":
      return e.STORAGE_ALLOWANCE_PAYG_BYTES;
    case "business":
      return e.STORAGE_ALLOWANCE_BUSINESS_BYTES;
    default:
      return null;
  }
}

/** Throws UPLOADS_DISABLED / STORAGE_LIMIT_REACHED when `incomingBytes` may not be added. */
export async function assertQuota(workspace: Workspace, incomingBytes: number): Promise<void> {
  if (workspace.storageQuotaMb !== null) {
    if (workspace.storageQuotaMb === 0) {
      throw new AppError("UPLOADS_DISABLED", `Uploads are disabled for the workspace "${workspace.name}" (its storage quota is 0 MB).`);
    }
    const limit = workspace.storageQuotaMb * MB;
    const used = await workspaceStorageBytes(workspace.id);
    if (used + incomingBytes > limit) {
      throw new AppError(
        "STORAGE_LIMIT_REACHED",
        `The workspace storage limit is ${limit} bytes (${workspace.storageQuotaMb} MB); ${used} bytes are used and the upload needs ${incomingBytes} more.`,
      );
    }
  }
  const company = await db().company.findUniqueOrThrow({ where: { id: workspace.companyId } });
  // Only the free tier is capped; paid tiers pay for storage above their allowance.
  const allowance = company.tier === "free" ? tierAllowanceBytes(company) : null;
  if (allowance !== null) {
    const used = await companyStorageBytes(company.id);
    if (used + incomingBytes > allowance) {
      throw new AppError(
        "STORAGE_LIMIT_REACHED",
        `The free tier's storage limit is ${allowance} bytes; ${used} bytes are used and the upload needs ${incomingBytes} more.`,
      );
    }
  }
}
