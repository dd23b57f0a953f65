// API key use cases. The secret exists only in the create response; the database keeps its hash.
import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { generateApiKey } from "@/lib/auth/api-key-secret";
import { isCompanyAdmin, isWorkspaceScoped, requireCompanyScope } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { ZApiKeyCreate, ZApiKeyListQuery } from "@/lib/contracts/api-keys";
import { iso } from "@/lib/contracts/common";
import { db } from "@/lib/db/client";
import type { ApiKey, Prisma, User, WorkspaceRole } from "@/lib/db/generated/client";
import { notFound } from "@/lib/errors";
import { pageWindow } from "@/lib/pagination";
import { findGrantableWorkspace } from "@/lib/workspaces/access";
import { userRef } from "@/lib/workspaces/serialize-workspace";

export function serializeApiKey(k: ApiKey & { user: User }) {
  const now = Date.now();
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scope_type: k.scopeType === "workspace" ? ("workspace" as const) : ("company" as const),
    workspace_id: k.workspaceId,
    role: k.workspaceRole,
    created_at: k.createdAt.toISOString(),
    created_by: userRef(k.user),
    last_used_at: iso(k.lastUsedAt),
    expires_at: iso(k.expiresAt),
    revoked_at: iso(k.revokedAt),
    is_active: !k.revokedAt && (!k.expiresAt || k.expiresAt.getTime() > now),
  };
}

export interface IssueKeyInput {
  companyId: number;
  userId: number;
  name: string;
  workspaceId?: number | null;
  workspaceRole?: WorkspaceRole | null;
  expiresAt?: Date | null;
}

/** Issues a key (also used by the admin CLI). Returns the row and the one-time secret. */
export async function issueApiKey(input: IssueKeyInput, client: Prisma.TransactionClient = db()) {
  const generated = generateApiKey();
  const row = await client.apiKey.create({
    data: {
      id: generated.id,
      name: input.name,
      prefix: generated.prefix,
      secretHash: generated.secretHash,
      companyId: input.companyId,
      userId: input.userId,
      scopeType: input.workspaceId ? "workspace" : "company",
      workspaceId: input.workspaceId ?? null,
      workspaceRole: input.workspaceId ? (input.workspaceRole ?? "viewer") : null,
      expiresAt: input.expiresAt ?? null,
    },
    include: { user: true },
  });
  return { row, key: generated.key };
}

export async function createApiKey(p: Principal, input: z.output<typeof ZApiKeyCreate>) {
  requireCompanyScope(p);
  if (input.scope_type === "workspace") await findGrantableWorkspace(p, input.workspace_id!);
  const { row, key } = await issueApiKey({
    companyId: p.companyId,
    userId: p.user.id,
    name: input.name,
    workspaceId: input.scope_type === "workspace" ? input.workspace_id : null,
    workspaceRole: input.role ?? null,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
  });
  await recordAudit({ principal: p, action: "API key created", metadata: { api_key_id: row.id, scope_type: row.scopeType } });
  return { ...serializeApiKey(row), key };
}

/** A workspace-scoped key sees itself only; others their own keys, company admins all of the company's. */
function visibleKeysWhere(p: Principal): Prisma.ApiKeyWhereInput {
  if (isWorkspaceScoped(p)) return { companyId: p.companyId, id: p.apiKey!.id };
  return isCompanyAdmin(p) ? { companyId: p.companyId } : { companyId: p.companyId, userId: p.user.id };
}

export async function listApiKeys(p: Principal, query: z.output<typeof ZApiKeyListQuery>) {
  const where: Prisma.ApiKeyWhereInput = {
    ...visibleKeysWhere(p),
    ...(query.include_revoked ? {} : { revokedAt: null }),
    ...(query.workspace_id ? { workspaceId: query.workspace_id } : {}),
  };
  const [count, rows] = await Promise.all([
    db().apiKey.count({ where }),
    db().apiKey.findMany({ where, include: { user: true }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(query) }),
  ]);
  return { count, results: rows.map(serializeApiKey) };
}

/** Revocation is idempotent; keys the caller may not manage are 404. */
export async function revokeApiKey(p: Principal, id: string) {
  // A workspace-scoped key may revoke itself, nothing else (it sees nothing else).
  const row = await db().apiKey.findFirst({ where: { AND: [{ id }, visibleKeysWhere(p)] } });
  if (!row) throw notFound("API key");
  if (!row.revokedAt) await db().apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
  await recordAudit({ principal: p, action: "API key revoked", metadata: { api_key_id: id } });
}
