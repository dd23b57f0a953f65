// Who is calling: resolved from `Authorization: Bearer <key>`, else from the console's session cookie.
// Everything downstream takes company and workspace scope from here.
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
}

/** How often `last_used_at` is refreshed: every request would turn reads into writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** `undefined`: no session cookie; `null`: a cookie that is invalid, expired or revoked. */
export type SessionResolver = (req: Request) => Promise<Principal | null | undefined>;
let sessionResolver: SessionResolver | null = null;

/**
 * The default is the next-auth session cookie (lib/auth/session.ts), loaded lazily so that this module
 * stays free of next-auth; tests or other front ends may register another. `null` restores the default.
 */
export function registerSessionResolver(resolver: SessionResolver | null): void {
  sessionResolver = resolver;
}

const nextAuthSession: SessionResolver = async (req) => (await import("./session")).sessionPrincipal(req);

export function bearerToken(req: Request): string | null | undefined {
  const header = req.headers.get("authorization");
  if (header === null) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

export async function principalFromApiKey(key: string): Promise<Principal | null> {
  const prefix = prefixOf(key);
  if (!prefix) return null;
  const row = await db().apiKey.findUnique({ where: { prefix }, include: { user: true } });
  if (!row || !hashesEqual(key, row.secretHash)) return null;
  const now = new Date();
  if (row.revokedAt || (row.expiresAt && row.expiresAt <= now) || !row.user.isActive) return null;
  const membership = await db().membership.findUnique({
    where: { companyId_userId: { companyId: row.companyId, userId: row.userId } },
  });
  if (!membership) return null;
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

/**
 * `undefined`: no credentials presented; `null`: credentials presented but invalid, revoked or expired.
 */
export async function resolvePrincipal(req: Request): Promise<Principal | null | undefined> {
  const token = bearerToken(req);
  if (token === null) return null;
  if (token !== undefined) return principalFromApiKey(token);
  return (sessionResolver ?? nextAuthSession)(req);
}
