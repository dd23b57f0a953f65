// Creating companies and users. Every company gets its default workspace in the same transaction.
import { db } from "@/lib/db/client";
import type { CompanyRole, CompanyTier, InstanceRole, Prisma } from "@/lib/db/generated/client";

export const DEFAULT_WORKSPACE_NAME = "General";

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50);
  return base || "company";
}

async function uniqueSlug(tx: Prisma.TransactionClient, name: string): Promise<string> {
  const base = slugify(name);
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? base : `${base}-${i}`;
    if (!(await tx.company.findUnique({ where: { slug: candidate } }))) return candidate;
  }
}

export interface CreateCompanyInput {
  name: string;
  tier?: CompanyTier;
  slug?: string;
  customDomain?: string | null;
  limitEnforcement?: boolean;
}

export async function createCompany(input: CreateCompanyInput, client?: Prisma.TransactionClient) {
  const run = async (tx: Prisma.TransactionClient) => {
    const company = await tx.company.create({
      data: {
        name: input.name,
        slug: input.slug ?? (await uniqueSlug(tx, input.name)),
        tier: input.tier ?? "free",
        customDomain: input.customDomain?.trim().toLowerCase() || null,
        limitEnforcement: input.limitEnforcement ?? true,
      },
    });
    const workspace = await tx.workspace.create({
      data: { companyId: company.id, name: DEFAULT_WORKSPACE_NAME, isDefault: true, description: "Default workspace" },
    });
    return { company, defaultWorkspace: workspace };
  };
  return client ? run(client) : db().$transaction(run);
}

export interface CreateUserInput {
  email: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  emailVerified?: boolean;
  passwordHash?: string | null;
  instanceRole?: InstanceRole | null;
  companyId: number;
  companyRole?: CompanyRole;
}

/** Creates the user and the company membership; default-workspace owners are company admins. */
export async function createUser(input: CreateUserInput, client: Prisma.TransactionClient = db()) {
  const email = input.email.trim().toLowerCase();
  const user = await client.user.create({
    data: {
      email,
      username: input.username ?? email,
      firstName: input.firstName ?? "",
      lastName: input.lastName ?? "",
      emailVerified: input.emailVerified ?? false,
      passwordHash: input.passwordHash ?? null,
      instanceRole: input.instanceRole ?? null,
    },
  });
  const role = input.companyRole ?? "member";
  await client.membership.create({ data: { companyId: input.companyId, userId: user.id, role } });
  const defaultWorkspace = await client.workspace.findFirst({ where: { companyId: input.companyId, isDefault: true } });
  if (defaultWorkspace) {
    await client.workspaceMember.create({
      data: { workspaceId: defaultWorkspace.id, userId: user.id, role: role === "company_admin" ? "owner" : "editor" },
    });
  }
  return user;
}
