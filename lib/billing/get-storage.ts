// Storage footprint against the tier allowance, and this month's storage charge.
import type { Principal } from "@/lib/auth/principal";
import { tierAllowanceBytes } from "@/lib/files/quotas";
import { companyStorageBytes } from "@/lib/files/storage-footprint";
import { billingCompany } from "./company";
import { currentCycle } from "./cycle";
import { serializeStorageCost, storageCostForCycle } from "./storage-cost";

export async function getStorage(p: Principal) {
  const company = await billingCompany(p.companyId);
  return { limit_bytes: tierAllowanceBytes(company), used_bytes: await companyStorageBytes(company.id) };
}

export async function getStorageCost(p: Principal) {
  const company = await billingCompany(p.companyId);
  return serializeStorageCost(await storageCostForCycle(company.id, company.tier, currentCycle()));
}
