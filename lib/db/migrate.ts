// Applies prisma/migrations/*/migration.sql in order, offline, on PGlite and on a Postgres server.
// Applied migrations are recorded in `_prisma_migrations` with the same columns Prisma Migrate uses,
// so a deployment can later switch to `prisma migrate deploy` without re-applying anything.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "./client";

export const MIGRATIONS_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  // The migrations are read from the project directory at run time, not bundled (hence the ignore hints).
  if (!fs.existsSync(/*turbopackIgnore: true*/ dir)) throw new Error(`migrations directory not found: ${dir}`);
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(/*turbopackIgnore: true*/ path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
);`;

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Returns the names of the migrations applied by this call. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  await database.execScript(BOOKKEEPING);
  // Several app instances may start at once against one server: serialise them.
  if (database.kind === "postgres") await database.execScript("SELECT pg_advisory_lock(727274001);");
  try {
    const rows = await database.prisma.$queryRawUnsafe<{ migration_name: string; checksum: string }[]>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const seen = applied.get(m.name);
      if (seen) {
        if (seen !== m.checksum) {
          throw new Error(`migration ${m.name} was modified after it was applied (checksum mismatch)`);
        }
        continue;
      }
      // Each migration and its bookkeeping row commit together or not at all.
      await database
        .execScript(
          `BEGIN;\n${m.sql}\n;INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
         VALUES (${quote(randomUUID())}, ${quote(m.checksum)}, now(), ${quote(m.name)}, 1);\nCOMMIT;`,
        )
        .catch(async (err: unknown) => {
          await database.execScript("ROLLBACK;").catch(() => undefined);
          throw new Error(`migration ${m.name} failed: ${(err as Error).message}`);
        });
      done.push(m.name);
    }
    return done;
  } finally {
    if (database.kind === "postgres") await database.execScript("SELECT pg_advisory_unlock(727274001);");
  }
}
