// Public datasets, the instance admin's side (issue 20): opting companies in, and granting the public-dataset
// management permission. Who reads which public workspace is decided in lib/workspaces/access.ts alone.
import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { isInstanceAdmin, isWorkspaceScoped, requireInstanceAdmin } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { TCompany, TPublicDatasetManager, ZCompanyListQuery, ZCompanyUpdate, ZManagerListQuery } from "@/lib/contracts/public-datasets";
import { db } from "@/lib/db/client";
import type { Company, User } from "@/lib/db/generated/client";
import { fieldError, notFound } from "@/lib/errors";
import { type Page, pageWindow } from "@/lib/pagination";

function serializeCompany(c: Company): TCompany {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    tier: c.tier,
    public_datasets: c.publicDatasets,
    created_at: c.createdAt.toISOString(),
  };
}

function serializeManager(u: User): TPublicDatasetManager {
  return {
    user_id: u.id,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    instance_role: u.instanceRole ?? "",
    manages_public_datasets: u.managesPublicDatasets,
  };
}

export async function listCompanies(p: Principal, q: z.output<typeof ZCompanyListQuery>): Promise<Page<TCompany>> {
  requireInstanceAdmin(p);
  const where = {
    ...(q.name ? { name: { contains: q.name, mode: "insensitive" as const } } : {}),
    ...(q.public_datasets !== undefined ? { publicDatasets: q.public_datasets } : {}),
  };
  const [count, rows] = await Promise.all([
    db().company.count({ where }),
    db().company.findMany({ where, orderBy: [{ name: "asc" }, { id: "asc" }], ...pageWindow(q) }),
  ]);
  return { count, results: rows.map(serializeCompany) };
}

/** Instance admins read any company; a company's users (not a workspace-scoped key) their own; else 404. */
export async function getCompany(p: Principal, id: number): Promise<TCompany> {
  const mayRead = isInstanceAdmin(p) || (id === p.companyId && !isWorkspaceScoped(p));
  const company = mayRead ? await db().company.findUnique({ where: { id } }) : null;
  if (!company) throw notFound("Company");
  return serializeCompany(company);
}

export async function updateCompany(p: Principal, id: number, input: z.output<typeof ZCompanyUpdate>): Promise<TCompany> {
  requireInstanceAdmin(p);
  const found = await db().company.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw notFound("Company");
  const company = await db().company.update({ where: { id }, data: { publicDatasets: input.public_datasets } });
  await recordAudit({
    principal: p,
    action: "Company public datasets changed",
    metadata: { company_id: id, public_datasets: input.public_datasets },
  });
  return serializeCompany(company);
}

/** Instance-level users (the only ones who may hold the permission), holders first, then by username. */
export async function listManagers(p: Principal, q: z.output<typeof ZManagerListQuery>): Promise<Page<TPublicDatasetManager>> {
  requireInstanceAdmin(p);
  const where = {
    instanceRole: { not: null },
    ...(q.manages_public_datasets !== undefined ? { managesPublicDatasets: q.manages_public_datasets } : {}),
  };
  const [count, rows] = await Promise.all([
    db().user.count({ where }),
    db().user.findMany({ where, orderBy: [{ managesPublicDatasets: "desc" }, { username: "asc" }, { id: "asc" }], ...pageWindow(q) }),
  ]);
  return { count, results: rows.map(serializeManager) };
}

export async function grantManager(p: Principal, userId: number): Promise<TPublicDatasetManager> {
  requireInstanceAdmin(p);
  const user = await db().user.findUnique({ where: { id: userId } });
  if (!user) throw notFound("User");
  if (!user.instanceRole) throw fieldError("user_id", "Only instance-level users may hold the public-dataset management permission.");
  const updated = await db().user.update({ where: { id: userId }, data: { managesPublicDatasets: true } });
  await recordAudit({ principal: p, action: "Public-dataset permission granted", metadata: { user_id: userId } });
  return serializeManager(updated);
}

export async function revokeManager(p: Principal, userId: number): Promise<void> {
  requireInstanceAdmin(p);
  const user = await db().user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound("User");
  await db().user.update({ where: { id: userId }, data: { managesPublicDatasets: false } });
  await recordAudit({ principal: p, action: "Public-dataset permission revoked", metadata: { user_id: userId } });
}
