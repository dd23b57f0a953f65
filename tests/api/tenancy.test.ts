// Tenant isolation sweep: every endpoint that takes an id answers 404 for a resource of another company,
// exactly as for an id that does not exist (only instance-level users may read other companies' workspaces).
import { beforeAll, describe, expect, it } from "vitest";
import { allEndpoints } from "@/lib/contracts";
import { db } from "@/lib/db/client";
import { addWorkspaceMember, type SeededCompany, type SeededUser, seedCompany, seedScopedKey, seedUser } from "../factories";
import { type ApiResponse, api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

interface World {
  a: SeededCompany;
  aMember: SeededUser;
  aScopedOwnerKey: string;
  aInstanceAdmin: SeededUser;
  aWorkspaceId: number;
  b: SeededCompany;
  bMember: SeededUser;
  bWorkspaceId: number;
  bMaintenanceId: number;
  bFileId: number;
  bTagId: number;
  bParseJobId: string;
  bExtractJobId: string;
  bSessionId: string;
  bAgentId: number;
  bConversationId: number;
  bBudgetAlertId: number;
  bInvitationId: number;
}

let w: World;
const MISSING = 987_654;
const DATASOURCE = { datasource_type: "webscrapper", settings: { start_urls: ["https://example.com/"] } };

beforeAll(async () => {
  const a = await seedCompany({ name: "Tenant A" });
  const b = await seedCompany({ name: "Tenant B" });
  const aMember = await seedUser(a.companyId);
  const bMember = await seedUser(b.companyId);
  const aInstanceAdmin = await seedUser(a.companyId, { instanceRole: "system_admin" });
  const aWs = await api.post("/api/v3/workspaces", { key: a.admin.key, body: { name: "A private" } });
  const bWs = await api.post("/api/v3/workspaces", { key: b.admin.key, body: { name: "B private" } });
  expect(aWs.status).toBe(201);
  expect(bWs.status).toBe(201);
  await addWorkspaceMember(aWs.body.id, aMember.userId, "owner");
  await addWorkspaceMember(bWs.body.id, bMember.userId, "editor");
  const aScopedOwnerKey = await seedScopedKey(a.admin, aWs.body.id, "owner");
  const period = await db().maintenancePeriod.create({
    data: { mode: "warning_banner", reason: "B only", companyId: b.companyId, startedAt: new Date(Date.now() + 86_400_000) },
  });
  const bFile = await db().file.create({
    data: {
      companyId: b.companyId,
      workspaceId: bWs.body.id,
      filename: "b.pdf",
      title: "B secret",
      extension: "pdf",
      size: 10,
      sha256: "x",
      storageKey: "files/b/original",
      status: "embedded",
    },
  });
  const bTag = await db().tag.create({ data: { companyId: b.companyId, name: "B tag", nameKey: "b tag" } });
  const bParse = await db().parseJob.create({
    data: {
      id: "parse_BBBBBBBBBBBBBBBBBBBBBBBB",
      companyId: b.companyId,
      filename: "b.pdf",
      fileSizeBytes: 10,
      status: "completed",
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const bExtract = await db().extractJob.create({
    data: {
      id: "ext_BBBBBBBBBBBBBBBBBBBBBBBB",
      companyId: b.companyId,
      filename: "b.pdf",
      fileSizeBytes: 10,
      status: "completed",
      schema: {},
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const bSession = await db().uploadSession.create({
    data: {
      id: "0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b",
      companyId: b.companyId,
      workspaceId: bWs.body.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const bAgent = await db().agent.create({
    data: { companyId: b.companyId, ownerId: b.admin.userId, name: "B agent", visibility: "company", workspaceIds: [bWs.body.id], tagIds: [] },
  });
  const bConversation = await db().conversation.create({ data: { companyId: b.companyId, userId: b.admin.userId, title: "B conversation" } });
  // Both companies have a budget, so A's 404 for B's alert comes from the alert lookup itself.
  await db().budget.create({ data: { companyId: a.companyId, amountEur: "100" } });
  const bBudget = await db().budget.create({ data: { companyId: b.companyId, amountEur: "100" } });
  const bAlert = await db().budgetAlert.create({
    data: { budgetId: bBudget.id, companyId: b.companyId, thresholdType: "percentage", thresholdValue: "80" },
  });
  const bInvitation = await db().invitation.create({
    data: { companyId: b.companyId, email: "invitee@b.example.test", tokenHash: "b-invitation", expiresAt: new Date(Date.now() + 86_400_000) },
  });
  w = {
    bInvitationId: bInvitation.id,
    bAgentId: bAgent.id,
    bConversationId: bConversation.id,
    bBudgetAlertId: bAlert.id,
    a,
    aMember,
    aScopedOwnerKey,
    aInstanceAdmin,
    aWorkspaceId: aWs.body.id,
    b,
    bMember,
    bWorkspaceId: bWs.body.id,
    bMaintenanceId: period.id,
    bFileId: bFile.id,
    bTagId: bTag.id,
    bParseJobId: bParse.id,
    bExtractJobId: bExtract.id,
    bSessionId: bSession.id,
  };
});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface Case {
  /** Contract path template this case exercises. */
  endpoint: `${Method} ${string}`;
  label: string;
  /** The request aimed at company B's resource, and the same request with an id that does not exist. */
  foreign: () => { path: string; body?: unknown };
  missing: () => { path: string; body?: unknown };
}

const cases: Case[] = [
  {
    endpoint: "PATCH /api/v3/users/{id}",
    label: "deactivate B's member",
    foreign: () => ({ path: `/api/v3/users/${w.bMember.userId}`, body: { is_active: false } }),
    missing: () => ({ path: `/api/v3/users/${MISSING}`, body: { is_active: false } }),
  },
  {
    endpoint: "POST /api/v3/users/invitations/{id}/resend",
    label: "resend B's invitation",
    foreign: () => ({ path: `/api/v3/users/invitations/${w.bInvitationId}/resend` }),
    missing: () => ({ path: `/api/v3/users/invitations/${MISSING}/resend` }),
  },
  {
    endpoint: "DELETE /api/v3/users/invitations/{id}",
    label: "revoke B's invitation",
    foreign: () => ({ path: `/api/v3/users/invitations/${w.bInvitationId}` }),
    missing: () => ({ path: `/api/v3/users/invitations/${MISSING}` }),
  },
  {
    endpoint: "GET /api/v3/workspaces/{id}",
    label: "read B's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}` }),
  },
  {
    endpoint: "PATCH /api/v3/workspaces/{id}",
    label: "rename B's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}`, body: { name: "pwned" } }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}`, body: { name: "pwned" } }),
  },
  {
    endpoint: "DELETE /api/v3/workspaces/{id}",
    label: "delete B's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}?force=true` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}?force=true` }),
  },
  {
    endpoint: "GET /api/v3/workspaces/{id}/datasource",
    label: "read B's datasource",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/datasource` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/datasource` }),
  },
  {
    endpoint: "POST /api/v3/workspaces/{id}/datasource",
    label: "attach a datasource to B's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/datasource`, body: DATASOURCE }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/datasource`, body: DATASOURCE }),
  },
  {
    endpoint: "PATCH /api/v3/workspaces/{id}/datasource",
    label: "change B's datasource",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/datasource`, body: { name: "pwned" } }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/datasource`, body: { name: "pwned" } }),
  },
  {
    endpoint: "DELETE /api/v3/workspaces/{id}/datasource",
    label: "detach B's datasource",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/datasource` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/datasource` }),
  },
  {
    endpoint: "POST /api/v3/workspaces/{id}/datasource/runs",
    label: "start a run of B's datasource",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/datasource/runs` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/datasource/runs` }),
  },
  {
    endpoint: "GET /api/v3/workspaces/{id}/datasource/runs",
    label: "list the runs of B's datasource",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/datasource/runs` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/datasource/runs` }),
  },
  {
    endpoint: "GET /api/v3/workspaces/{id}/datasource/runs/{run_id}/failures",
    label: "read a run's failures of B's datasource",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/datasource/runs/1/failures` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/datasource/runs/1/failures` }),
  },
  {
    endpoint: "POST /api/v3/workspaces/{id}/datasource/runs/{run_id}/cancel",
    label: "cancel a run of B's datasource",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/datasource/runs/1/cancel` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/datasource/runs/1/cancel` }),
  },
  {
    endpoint: "GET /api/v3/workspaces/{id}/members",
    label: "list B's workspace members",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/members` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/members` }),
  },
  {
    endpoint: "POST /api/v3/workspaces/{id}/members",
    label: "add oneself to B's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/members`, body: { user_id: w.aMember.userId, role: "owner" } }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/members`, body: { user_id: w.aMember.userId, role: "owner" } }),
  },
  {
    endpoint: "PATCH /api/v3/workspaces/{id}/members/{user_id}",
    label: "change a member of B's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/members/${w.bMember.userId}`, body: { role: "viewer" } }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/members/${w.bMember.userId}`, body: { role: "viewer" } }),
  },
  {
    endpoint: "DELETE /api/v3/workspaces/{id}/members/{user_id}",
    label: "remove a member of B's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.bWorkspaceId}/members/${w.bMember.userId}` }),
    missing: () => ({ path: `/api/v3/workspaces/${MISSING}/members/${w.bMember.userId}` }),
  },
  {
    endpoint: "POST /api/v3/workspaces/{id}/members",
    label: "add B's user to A's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.aWorkspaceId}/members`, body: { user_id: w.bMember.userId, role: "viewer" } }),
    missing: () => ({ path: `/api/v3/workspaces/${w.aWorkspaceId}/members`, body: { user_id: MISSING, role: "viewer" } }),
  },
  {
    endpoint: "PATCH /api/v3/workspaces/{id}/members/{user_id}",
    label: "change B's user in A's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.aWorkspaceId}/members/${w.bMember.userId}`, body: { role: "viewer" } }),
    missing: () => ({ path: `/api/v3/workspaces/${w.aWorkspaceId}/members/${MISSING}`, body: { role: "viewer" } }),
  },
  {
    endpoint: "DELETE /api/v3/workspaces/{id}/members/{user_id}",
    label: "remove B's user from A's workspace",
    foreign: () => ({ path: `/api/v3/workspaces/${w.aWorkspaceId}/members/${w.bMember.userId}` }),
    missing: () => ({ path: `/api/v3/workspaces/${w.aWorkspaceId}/members/${MISSING}` }),
  },
  {
    endpoint: "DELETE /api/v3/api-keys/{id}",
    label: "revoke B's API key",
    foreign: () => ({ path: `/api/v3/api-keys/${w.b.admin.keyId}` }),
    missing: () => ({ path: `/api/v3/api-keys/key_missing0000000` }),
  },
  ...(["GET", "PATCH", "DELETE"] as const).map((m) => ({
    endpoint: `${m} /api/v3/files/{id}` as const,
    label: `${m} B's file`,
    foreign: () => ({ path: `/api/v3/files/${w.bFileId}`, ...(m === "PATCH" ? { body: { title: "pwned" } } : {}) }),
    missing: () => ({ path: `/api/v3/files/${MISSING}`, ...(m === "PATCH" ? { body: { title: "pwned" } } : {}) }),
  })),
  ...(["pages", "content", "preview", "thumbnail"] as const).map((sub) => ({
    endpoint: `GET /api/v3/files/{id}/${sub}` as const,
    label: `read B's file ${sub}`,
    foreign: () => ({ path: `/api/v3/files/${w.bFileId}/${sub}` }),
    missing: () => ({ path: `/api/v3/files/${MISSING}/${sub}` }),
  })),
  {
    endpoint: "GET /api/v3/files/{id}/facets",
    label: "read B's file facets",
    foreign: () => ({ path: `/api/v3/files/${w.bFileId}/facets` }),
    missing: () => ({ path: `/api/v3/files/${MISSING}/facets` }),
  },
  {
    endpoint: "POST /api/v3/files/{id}/facets",
    label: "classify B's file",
    foreign: () => ({ path: `/api/v3/files/${w.bFileId}/facets`, body: { action: "classify", content_type_path: "finance" } }),
    missing: () => ({ path: `/api/v3/files/${MISSING}/facets`, body: { action: "classify", content_type_path: "finance" } }),
  },
  {
    endpoint: "POST /api/v3/files/{id}/facets/suggest",
    label: "suggest attribute values from B's file",
    foreign: () => ({ path: `/api/v3/files/${w.bFileId}/facets/suggest`, body: { content_type_path: "finance" } }),
    missing: () => ({ path: `/api/v3/files/${MISSING}/facets/suggest`, body: { content_type_path: "finance" } }),
  },
  {
    endpoint: "POST /api/v3/files/{id}/facets/batch",
    label: "batch-classify B's file",
    foreign: () => ({ path: `/api/v3/files/${w.bFileId}/facets/batch`, body: { actions: [{ action: "classify", content_type_path: "finance" }] } }),
    missing: () => ({ path: `/api/v3/files/${MISSING}/facets/batch`, body: { actions: [{ action: "classify", content_type_path: "finance" }] } }),
  },
  ...(["GET", "PATCH", "DELETE"] as const).map((m) => ({
    endpoint: `${m} /api/v3/tags/{id}` as const,
    label: `${m} B's tag`,
    foreign: () => ({ path: `/api/v3/tags/${w.bTagId}`, ...(m === "PATCH" ? { body: { name: "pwned" } } : {}) }),
    missing: () => ({ path: `/api/v3/tags/${MISSING}`, ...(m === "PATCH" ? { body: { name: "pwned" } } : {}) }),
  })),
  ...(["PATCH", "DELETE"] as const).map((m) => ({
    endpoint: `${m} /api/v3/billing/budget/alerts/{id}` as const,
    label: `${m} B's budget alert`,
    foreign: () => ({ path: `/api/v3/billing/budget/alerts/${w.bBudgetAlertId}`, ...(m === "PATCH" ? { body: { is_enabled: false } } : {}) }),
    missing: () => ({ path: `/api/v3/billing/budget/alerts/${MISSING}`, ...(m === "PATCH" ? { body: { is_enabled: false } } : {}) }),
  })),
  ...(["GET", "PATCH", "DELETE"] as const).map((m) => ({
    endpoint: `${m} /api/v3/agents/{id}` as const,
    label: `${m} B's agent`,
    foreign: () => ({ path: `/api/v3/agents/${w.bAgentId}`, ...(m === "PATCH" ? { body: { name: "pwned" } } : {}) }),
    missing: () => ({ path: `/api/v3/agents/${MISSING}`, ...(m === "PATCH" ? { body: { name: "pwned" } } : {}) }),
  })),
  ...(["GET", "PATCH", "DELETE"] as const).map((m) => ({
    endpoint: `${m} /api/v3/conversations/{id}` as const,
    label: `${m} B's conversation`,
    foreign: () => ({ path: `/api/v3/conversations/${w.bConversationId}`, ...(m === "PATCH" ? { body: { title: "pwned" } } : {}) }),
    missing: () => ({ path: `/api/v3/conversations/${MISSING}`, ...(m === "PATCH" ? { body: { title: "pwned" } } : {}) }),
  })),
  {
    endpoint: "GET /api/v3/parse/{id}",
    label: "read B's parse job",
    foreign: () => ({ path: `/api/v3/parse/${w.bParseJobId}` }),
    missing: () => ({ path: `/api/v3/parse/parse_MISSINGMISSINGMISSING00` }),
  },
  {
    endpoint: "GET /api/v3/extract/{job_id}",
    label: "read B's extract job",
    foreign: () => ({ path: `/api/v3/extract/${w.bExtractJobId}?page=1` }),
    missing: () => ({ path: `/api/v3/extract/ext_MISSINGMISSINGMISSING00?page=1` }),
  },
  {
    endpoint: "POST /api/v3/files/upload-sessions/{uuid}/files",
    label: "upload into B's upload session",
    foreign: () => ({ path: `/api/v3/files/upload-sessions/${w.bSessionId}/files`, body: {} }),
    missing: () => ({ path: `/api/v3/files/upload-sessions/0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c/files`, body: {} }),
  },
  {
    endpoint: "DELETE /api/v3/system/maintenance/{id}",
    label: "end B's maintenance period",
    foreign: () => ({ path: `/api/v3/system/maintenance/${w.bMaintenanceId}` }),
    missing: () => ({ path: `/api/v3/system/maintenance/${MISSING}` }),
  },
  {
    endpoint: "GET /api/v3/companies/{id}",
    label: "read company B",
    foreign: () => ({ path: `/api/v3/companies/${w.b.companyId}` }),
    missing: () => ({ path: `/api/v3/companies/${MISSING}` }),
  },
  {
    endpoint: "PATCH /api/v3/companies/{id}",
    label: "opt company B in to public datasets",
    foreign: () => ({ path: `/api/v3/companies/${w.b.companyId}`, body: { public_datasets: true } }),
    missing: () => ({ path: `/api/v3/companies/${MISSING}`, body: { public_datasets: true } }),
  },
  ...(["PUT", "DELETE"] as const).map((m) => ({
    endpoint: `${m} /api/v3/public-datasets/managers/{user_id}` as const,
    label: `${m} the public-dataset permission of B's admin`,
    foreign: () => ({ path: `/api/v3/public-datasets/managers/${w.b.admin.userId}` }),
    missing: () => ({ path: `/api/v3/public-datasets/managers/${MISSING}` }),
  })),
];

/** Endpoints whose path has no id but whose body or query names another resource. */
const bodyCases: Case[] = [
  {
    endpoint: "POST /api/v3/extract",
    label: "extract from B's file",
    foreign: () => ({ path: "/api/v3/extract", body: { file_id: w.bFileId, schema: { type: "object", properties: { a: { type: "string" } } } } }),
    missing: () => ({ path: "/api/v3/extract", body: { file_id: MISSING, schema: { type: "object", properties: { a: { type: "string" } } } } }),
  },
  {
    endpoint: "POST /api/v3/ask",
    label: "ask with B's agent",
    foreign: () => ({ path: "/api/v3/ask", body: { query: "anything", agent_id: w.bAgentId } }),
    missing: () => ({ path: "/api/v3/ask", body: { query: "anything", agent_id: MISSING } }),
  },
  {
    endpoint: "POST /api/v3/files/bulk-delete",
    label: "bulk-delete B's file",
    foreign: () => ({ path: "/api/v3/files/bulk-delete", body: { ids: [w.bFileId] } }),
    missing: () => ({ path: "/api/v3/files/bulk-delete", body: { ids: [MISSING] } }),
  },
  {
    endpoint: "POST /api/v3/files/upload-sessions",
    label: "open an upload session on B's workspace",
    foreign: () => ({ path: "/api/v3/files/upload-sessions", body: { workspace_id: w.bWorkspaceId } }),
    missing: () => ({ path: "/api/v3/files/upload-sessions", body: { workspace_id: MISSING } }),
  },
  {
    endpoint: "POST /api/v3/api-keys",
    label: "mint a key scoped to B's workspace",
    foreign: () => ({ path: "/api/v3/api-keys", body: { name: "x", scope_type: "workspace", workspace_id: w.bWorkspaceId } }),
    missing: () => ({ path: "/api/v3/api-keys", body: { name: "x", scope_type: "workspace", workspace_id: MISSING } }),
  },
];

async function send(method: Method, key: string, req: { path: string; body?: unknown }): Promise<ApiResponse> {
  return api[method.toLowerCase() as "get"](req.path, { key, ...(req.body !== undefined ? { body: req.body } : {}) });
}

/** The response must not tell B's resource apart from a missing one. */
function comparable(res: ApiResponse) {
  return { status: res.status, body: res.body };
}

async function expectIsolated(c: Case, key: string, who: string) {
  const method = c.endpoint.split(" ")[0] as Method;
  const foreign = await send(method, key, c.foreign());
  const missing = await send(method, key, c.missing());
  const where = `${who}: ${c.endpoint} (${c.label}) → ${foreign.status} ${foreign.text}`;
  expect(comparable(foreign), where).toEqual(comparable(missing));
  return foreign;
}

async function expectBUntouched() {
  const ws = await db().workspace.findUniqueOrThrow({ where: { id: w.bWorkspaceId } });
  expect(ws.name).toBe("B private");
  const members = await db().workspaceMember.findMany({ where: { workspaceId: w.bWorkspaceId } });
  expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
    [
      [w.b.admin.userId, "owner"],
      [w.bMember.userId, "editor"],
    ].sort(),
  );
  const key = await db().apiKey.findUniqueOrThrow({ where: { id: w.b.admin.keyId } });
  expect(key.revokedAt).toBeNull();
  const period = await db().maintenancePeriod.findUniqueOrThrow({ where: { id: w.bMaintenanceId } });
  expect(period.endedAt).toBeNull();
  expect(await db().apiKey.count({ where: { workspaceId: w.bWorkspaceId } })).toBe(0);
  expect((await db().file.findUniqueOrThrow({ where: { id: w.bFileId } })).title).toBe("B secret");
  expect((await db().tag.findUniqueOrThrow({ where: { id: w.bTagId } })).name).toBe("B tag");
  expect(await db().fileContentType.count({ where: { fileId: w.bFileId } })).toBe(0);
  expect((await db().agent.findUniqueOrThrow({ where: { id: w.bAgentId } })).name).toBe("B agent");
  expect((await db().conversation.findUniqueOrThrow({ where: { id: w.bConversationId } })).title).toBe("B conversation");
  expect((await db().budgetAlert.findUniqueOrThrow({ where: { id: w.bBudgetAlertId } })).isEnabled).toBe(true);
  expect((await db().membership.findFirstOrThrow({ where: { userId: w.bMember.userId } })).isActive).toBe(true);
  const invitation = await db().invitation.findUniqueOrThrow({ where: { id: w.bInvitationId } });
  expect([invitation.revokedAt, invitation.tokenHash]).toEqual([null, "b-invitation"]);
  expect(await db().uploadSession.count({ where: { workspaceId: w.bWorkspaceId } })).toBe(1);
  expect((await db().company.findUniqueOrThrow({ where: { id: w.b.companyId } })).publicDatasets).toBe(false);
  expect((await db().user.findUniqueOrThrow({ where: { id: w.b.admin.userId } })).managesPublicDatasets).toBe(false);
}

describe("tenant isolation", () => {
  it("covers every contract endpoint that takes an id", () => {
    const withId = allEndpoints()
      .filter((e) => e.path.includes("{"))
      .map((e) => `${e.method} ${e.path}`);
    const covered = new Set(cases.map((c) => c.endpoint));
    const missing = withId.filter((e) => !covered.has(e as Case["endpoint"]));
    expect(missing, `add a tenancy case for: ${missing.join(", ")}`).toEqual([]);
  });

  for (const role of ["company admin", "member", "workspace-scoped owner key"] as const) {
    it(`answers 404 to A's ${role} for every resource of B, exactly as for a missing id`, async () => {
      const key = role === "company admin" ? w.a.admin.key : role === "member" ? w.aMember.key : w.aScopedOwnerKey;
      for (const c of [...cases, ...bodyCases]) {
        const res = await expectIsolated(c, key, role);
        const isManagement =
          c.endpoint.includes("/system/maintenance/") ||
          c.endpoint.startsWith("PATCH /api/v3/companies/") ||
          c.endpoint.includes("/public-datasets/managers/");
        const scopedKeyMinting = role === "workspace-scoped owner key" && c.endpoint === "POST /api/v3/api-keys";
        // Managing people is for company admins: others are refused by role before any lookup.
        const peopleManagement =
          role !== "company admin" && (c.endpoint.startsWith("PATCH /api/v3/users/") || c.endpoint.includes("/users/invitations/"));
        if (isManagement || scopedKeyMinting || peopleManagement) {
          // Refused by role before any lookup: the same 403 for every id, so nothing is disclosed.
          expect(res.status, `${role}: ${c.label}`).toBe(403);
        } else {
          expect(res.status, `${role}: ${c.label} → ${res.text}`).toBe(404);
          const code = c.endpoint.includes("/upload-sessions/{uuid}") ? "upload_session_not_found" : "not_found";
          expect(res.body).toMatchObject({ code: 404, error: code, id: null });
        }
      }
      await expectBUntouched();
    });
  }

  it("never lists B's resources to A", async () => {
    const workspaces = await api.get("/api/v3/workspaces?page_size=500", { key: w.a.admin.key });
    expect(workspaces.body.results.map((x: { id: number }) => x.id)).not.toContain(w.bWorkspaceId);
    expect(workspaces.body.results.map((x: { id: number }) => x.id)).toContain(w.aWorkspaceId);

    const keys = await api.get("/api/v3/api-keys?page_size=500&include_revoked=true", { key: w.a.admin.key });
    expect(keys.body.results.map((k: { id: string }) => k.id)).not.toContain(w.b.admin.keyId);
    const filtered = await api.get(`/api/v3/api-keys?workspace_id=${w.bWorkspaceId}`, { key: w.a.admin.key });
    expect(filtered.body).toMatchObject({ count: 0, results: [] });

    // Even A's instance admin lists only A's own workspaces and keys.
    const instanceList = await api.get("/api/v3/workspaces?page_size=500", { key: w.aInstanceAdmin.key });
    expect(instanceList.body.results.map((x: { id: number }) => x.id)).not.toContain(w.bWorkspaceId);
    const instanceKeys = await api.get("/api/v3/api-keys?page_size=500", { key: w.aInstanceAdmin.key });
    expect(instanceKeys.body.results.map((k: { id: string }) => k.id)).not.toContain(w.b.admin.keyId);

    // The company's users (GET /api/v3/users): never B's, not even to A's instance admin.
    for (const key of [w.a.admin.key, w.aInstanceAdmin.key]) {
      const users = await api.get("/api/v3/users?page_size=500", { key });
      expect(users.status).toBe(200);
      const ids = users.body.results.map((u: { id: number }) => u.id);
      expect(ids).toContain(w.a.admin.userId);
      expect(ids).not.toContain(w.b.admin.userId);
      expect(ids).not.toContain(w.bMember.userId);
    }
  });

  it("lets an instance-level user read B's workspace (spec), but not change it or B's keys", async () => {
    const key = w.aInstanceAdmin.key;
    const read = await api.get(`/api/v3/workspaces/${w.bWorkspaceId}`, { key });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ id: w.bWorkspaceId, name: "B private", user_role: "" });
    expect(read.body.members).toHaveLength(2);
    expect((await api.get(`/api/v3/workspaces/${w.bWorkspaceId}/members`, { key })).status).toBe(200);

    // Writes to another company's workspace are refused (it can see it, so 403 discloses nothing).
    expect((await api.patch(`/api/v3/workspaces/${w.bWorkspaceId}`, { key, body: { name: "pwned" } })).status).toBe(403);
    expect((await api.delete(`/api/v3/workspaces/${w.bWorkspaceId}?force=true`, { key })).status).toBe(403);
    expect((await api.post(`/api/v3/workspaces/${w.bWorkspaceId}/members`, { key, body: { user_id: w.aMember.userId, role: "owner" } })).status).toBe(
      403,
    );
    expect((await api.delete(`/api/v3/workspaces/${w.bWorkspaceId}/members/${w.bMember.userId}`, { key })).status).toBe(403);
    // B's API keys stay invisible.
    expect(comparable(await api.delete(`/api/v3/api-keys/${w.b.admin.keyId}`, { key }))).toEqual(
      comparable(await api.delete(`/api/v3/api-keys/key_missing0000000`, { key })),
    );
    await expectBUntouched();
  });

  it("B's own callers still reach everything (the sweep did not fail for a trivial reason)", async () => {
    expect((await api.get(`/api/v3/workspaces/${w.bWorkspaceId}`, { key: w.b.admin.key })).status).toBe(200);
    expect((await api.get(`/api/v3/workspaces/${w.bWorkspaceId}/members`, { key: w.b.admin.key })).status).toBe(200);
    expect((await api.get(`/api/v3/workspaces/${w.bWorkspaceId}`, { key: w.bMember.key })).status).toBe(200);
    const minted = await api.post("/api/v3/api-keys", {
      key: w.b.admin.key,
      body: { name: "b scoped", scope_type: "workspace", workspace_id: w.bWorkspaceId },
    });
    expect(minted.status).toBe(201);
    expect((await api.delete(`/api/v3/api-keys/${minted.body.id}`, { key: w.b.admin.key })).status).toBe(204);
  });
});
