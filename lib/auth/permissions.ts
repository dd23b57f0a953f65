// Role checks. A workspace-scoped key never inherits its owner's instance or company privileges:
// it sees exactly the one workspace it grants, with the role written on the key.
import { forbidden } from "@/lib/errors";
import type { Principal } from "./principal";

export const INSTANCE_ROLES = ["system_admin", "account_manager", "admin", "dpo_admin"] as const;
export const COMPANY_LEVEL_ROLES = ["company_admin", "company_dpo"] as const;

export function isWorkspaceScoped(p: Principal): boolean {
  return p.apiKey?.scopeType === "workspace";
}

/** System admin, account manager, admin, DPO admin. */
export function isInstanceLevel(p: Principal): boolean {
  return !isWorkspaceScoped(p) && p.user.instanceRole !== null;
}

/** Instance admins who may manage instance-wide settings such as maintenance periods. */
export function isInstanceAdmin(p: Principal): boolean {
  return !isWorkspaceScoped(p) && (p.user.instanceRole === "system_admin" || p.user.instanceRole === "admin");
}

/**
 * Holds the public-dataset management permission: an instance-level user (never through a workspace-scoped
 * key) who creates and manages public workspaces and always sees their documents.
 */
export function canManagePublicDatasets(p: Principal): boolean {
  return isInstanceLevel(p) && p.user.managesPublicDatasets;
}

/** Company admin or company DPO (or any instance-level user). */
export function isCompanyLevel(p: Principal): boolean {
  if (isWorkspaceScoped(p)) return false;
  return isInstanceLevel(p) || (COMPANY_LEVEL_ROLES as readonly string[]).includes(p.companyRole);
}

export function isCompanyAdmin(p: Principal): boolean {
  if (isWorkspaceScoped(p)) return false;
  return p.companyRole === "company_admin" || isInstanceAdmin(p);
}

export function requireCompanyAdmin(p: Principal): void {
  if (!isCompanyAdmin(p)) throw forbidden("This operation requires the company admin role.");
}

export function requireInstanceAdmin(p: Principal): void {
  if (!isInstanceAdmin(p)) throw forbidden("This operation requires an instance administrator.");
}

export function requireCompanyScope(p: Principal): void {
  if (isWorkspaceScoped(p)) throw forbidden("A workspace-scoped API key cannot perform company-wide operations.");
}
