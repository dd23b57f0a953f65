// Who is calling, and the principal of an API key. Everything downstream takes company and workspace scope
// from a Principal; lib/auth/resolve-principal.ts picks the credentials of a request (key or session cookie).
import { db } from "@/lib/db/client";
import type { CompanyRole, InstanceRole, WorkspaceRole } from "@/lib/db/generated/client";
import { hashesEqual, prefixOf } from "./api-key-secret";

export interface PrincipalUser {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  emailVerified: boolean;
  instanceRole: InstanceRole | null;
  /** Holds the public-dataset management permission (effective only with an instance role). */
  managesPublicDatasets: boolean;
}

export interface PrincipalApiKey {
  id: string;
  scopeType: "company" | "workspace";
  workspaceId: number | null;
  workspaceRole: WorkspaceRole | null;
}

export interface Principal {
  kind: "api_key" | "session";
  user: PrincipalUser;
  companyId: number;
  companyRole: CompanyRole;
  apiKey: PrincipalApiKey | null;
  /** The console session row (lib/auth/user-sessions.ts) when authenticated by the session cookie. */
  sessionId?: string | null;
}

/** How often `last_used_at` is refreshed: every request would turn reads into writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function principalFromApiKey(key: string): Promise<Principal | null> {
  const prefix = prefixOf(key);
  if (!prefix) return null;
  // One statement (relation joins): every request pays it, so the key, its user and the user's memberships come
  // together (a user belongs to few companies) instead of in three round trips.
  const row = await db().apiKey.findUnique({ where: { prefix }, include: { user: { include: { memberships: true } } } });
  if (!row || !hashesEqual(key, row.secretHash)) return null;
  const now = new Date();
  if (row.revokedAt || (row.expiresAt && row.expiresAt <= now) || !row.user.isActive) return null;
  const membership = row.user.memberships.find((m) => m.companyId === row.companyId);
  // A deactivated member's keys stop working in that company.
  if (!membership?.isActive) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db().apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  const u = row.user;
  return {
    kind: "api_key",
    user: {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      username: u.username,
      email: u.email,
      emailVerified: u.emailVerified,
      instanceRole: u.instanceRole,
      managesPublicDatasets: u.managesPublicDatasets,
    },
    companyId: row.companyId,
    companyRole: membership.role,
    apiKey: {
      id: row.id,
      scopeType: row.scopeType === "workspace" ? "workspace" : "company",
      workspaceId: row.workspaceId,
      workspaceRole: row.workspaceRole,
    },
  };
}
