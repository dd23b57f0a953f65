// Admin CLI: `npm run admin -- <command> [options]`. Runs against the configured database; with the
// embedded PGlite the server must be stopped (one process at a time).
import { parseArgs } from "node:util";
import { issueApiKey } from "@/lib/api-keys/manage-api-keys";
import { hashPassword, passwordProblem } from "@/lib/auth/passwords";
import { createCompany, createUser, slugify } from "@/lib/companies/provision";
import { closeDatabase, database, db } from "@/lib/db/client";
import type { CompanyRole, CompanyTier } from "@/lib/db/generated/client";
import { migrate } from "@/lib/db/migrate";

const USAGE = `Usage:
  npm run admin -- bootstrap --company NAME --email EMAIL [--role company_admin|member]
                             [--tier free|payg|business|exempt] [--instance-admin]
                             [--first-name NAME] [--last-name NAME] [--key-name NAME]
                             [--password PASSWORD]
      Creates the company when new, the user (verified) when new, and an API key.
      --password sets the user's console sign-in password (argon2id; at least 10 characters).
      Prints as its last line one JSON object {"company_id":…,"user_id":…,"api_key":"…"}.
  npm run admin -- migrate
      Applies pending database migrations.`;

const ROLES = ["company_admin", "company_dpo", "member"] as const;
const TIERS = ["free", "payg", "business", "exempt"] as const;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function bootstrap(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      company: { type: "string" },
      email: { type: "string" },
      role: { type: "string", default: "company_admin" },
      tier: { type: "string" },
      "instance-admin": { type: "boolean", default: false },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      "key-name": { type: "string", default: "bootstrap" },
      password: { type: "string" },
    },
    strict: true,
  });
  if (!values.company?.trim()) fail("--company is required");
  if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) fail("--email must be an e-mail address");
  if (!(ROLES as readonly string[]).includes(values.role!)) fail(`--role must be one of ${ROLES.join(", ")}`);
  if (values.tier && !(TIERS as readonly string[]).includes(values.tier)) fail(`--tier must be one of ${TIERS.join(", ")}`);
  const problem = values.password !== undefined ? passwordProblem(values.password) : null;
  if (problem) fail(`--password ${problem}`);
  // Hashed before the transaction: argon2 takes a moment and the embedded database has one connection.
  const passwordHash = values.password !== undefined ? await hashPassword(values.password) : undefined;

  await migrate(database());
  const name = values.company.trim();
  const email = values.email.trim().toLowerCase();
  const result = await db().$transaction(async (tx) => {
    let company = (await tx.company.findFirst({ where: { name } })) ?? (await tx.company.findUnique({ where: { slug: slugify(name) } }));
    let companyCreated = false;
    if (!company) {
      company = (await createCompany({ name, tier: values.tier as CompanyTier | undefined }, tx)).company;
      companyCreated = true;
    } else if (values.tier && company.tier !== values.tier) {
      company = await tx.company.update({ where: { id: company.id }, data: { tier: values.tier as CompanyTier } });
    }
    let user = await tx.user.findUnique({ where: { email } });
    if (!user) {
      user = await createUser(
        {
          email,
          firstName: values["first-name"] ?? "",
          lastName: values["last-name"] ?? "",
          emailVerified: true,
          passwordHash,
          instanceRole: values["instance-admin"] ? "system_admin" : null,
          companyId: company.id,
          companyRole: values.role as CompanyRole,
        },
        tx,
      );
    } else {
      user = await tx.user.update({
        where: { id: user.id },
        data: {
          emailVerified: true,
          ...(passwordHash ? { passwordHash } : {}),
          ...(values["instance-admin"] ? { instanceRole: "system_admin" } : {}),
        },
      });
      await tx.membership.upsert({
        where: { companyId_userId: { companyId: company.id, userId: user.id } },
        create: { companyId: company.id, userId: user.id, role: values.role as CompanyRole },
        update: { role: values.role as CompanyRole },
      });
    }
    const { key } = await issueApiKey({ companyId: company.id, userId: user.id, name: values["key-name"]! }, tx);
    await tx.auditLog.create({
      data: { companyId: company.id, userId: user.id, action: "Bootstrap", method: "cli", metadata: { companyCreated } },
    });
    return { company_id: company.id, user_id: user.id, api_key: key };
  });
  process.stderr.write(`Company ${result.company_id}, user ${result.user_id} (${email}). Keep the API key: it is shown once.\n`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === "bootstrap") await bootstrap(rest);
    else if (command === "migrate") {
      const applied = await migrate(database());
      process.stdout.write(`${JSON.stringify({ applied })}\n`);
    } else fail(command ? `Unknown command "${command}"` : "No command given");
  } catch (err) {
    const e = err as { code?: string; message: string };
    process.stderr.write(`admin ${command} failed: ${e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? e.message : e.message}\n`);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}

void main();
