// Test data through the same provisioning code the product uses.
import { randomUUID } from "node:crypto";
import { issueApiKey } from "@/lib/api-keys/manage-api-keys";
import { createCompany, createUser } from "@/lib/companies/provision";
import { db } from "@/lib/db/client";
import type { CompanyRole, CompanyTier, InstanceRole, WorkspaceRole } from "@/lib/db/generated/client";

export interface SeededUser {
  userId: number;
  companyId: number;
  key: string;
  keyId: string;
  email: string;
}

export interface SeededCompany {
  companyId: number;
  slug: string;
  defaultWorkspaceId: number;
  admin: SeededUser;
}

export async function seedCompany(opts: { name?: string; tier?: CompanyTier; customDomain?: string } = {}): Promise<SeededCompany> {
  const name = opts.name ?? `Company ${randomUUID().slice(0, 8)}`;
  const { company, defaultWorkspace } = await createCompany({ name, tier: opts.tier, customDomain: opts.customDomain });
  const admin = await seedUser(company.id, { role: "company_admin" });
  return { companyId: company.id, slug: company.slug, defaultWorkspaceId: defaultWorkspace.id, admin };
}

export async function seedUser(
  companyId: number,
  opts: { role?: CompanyRole; verified?: boolean; instanceRole?: InstanceRole; firstName?: string } = {},
): Promise<SeededUser> {
  const email = `user-${randomUUID().slice(0, 12)}@example.test`;
  const user = await createUser({
    email,
    firstName: opts.firstName ?? "Test",
    lastName: "User",
    emailVerified: opts.verified ?? true,
    instanceRole: opts.instanceRole ?? null,
    companyId,
    companyRole: opts.role ?? "member",
  });
  const { row, key } = await issueApiKey({ companyId, userId: user.id, name: "test key" });
  return { userId: user.id, companyId, key, keyId: row.id, email };
}

export async function seedScopedKey(user: SeededUser, workspaceId: number, role: WorkspaceRole): Promise<string> {
  const { key } = await issueApiKey({ companyId: user.companyId, userId: user.userId, name: "scoped", workspaceId, workspaceRole: role });
  return key;
}

export async function addWorkspaceMember(workspaceId: number, userId: number, role: WorkspaceRole): Promise<void> {
  await db().workspaceMember.create({ data: { workspaceId, userId, role } });
}
