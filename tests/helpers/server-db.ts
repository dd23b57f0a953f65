// The test suite on a Postgres server instead of in-memory PGlite: `TEST_POSTGRES_URL=postgres://user@host:port/db
// npm test` (the server needs the pgvector extension). Global setup migrates one template database; every test
// file then gets a fresh copy of it (CREATE DATABASE … TEMPLATE), dropped when the file ends.
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { readMigrations } from "@/lib/db/migrate";

export const testServerUrl = (): string | undefined => process.env.TEST_POSTGRES_URL || undefined;

/** The URL of `database` on the same server as `url`. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one statement on the server's maintenance connection (the database in `url`). */
export async function runOnServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The name of the migrated template database for the current migrations (created by global setup). */
export function templateName(): string {
  const hash = createHash("sha256");
  for (const m of readMigrations()) hash.update(m.name).update(m.checksum);
  return `docintel_tpl_${hash.digest("hex").slice(0, 16)}`;
}

export async function databaseExists(url: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query("select 1 from pg_database where datname = $1", [name]);
    return res.rowCount === 1;
  } finally {
    await client.end();
  }
}

export async function createEmptyDatabase(url: string, name: string): Promise<void> {
  await runOnServer(url, `create database "${name}"`);
}

export async function renameDatabase(url: string, from: string, to: string): Promise<void> {
  await runOnServer(url, `alter database "${from}" rename to "${to}"`);
}

/** A fresh copy of the template for one test file; returns its name. */
export async function createTestDatabase(url: string): Promise<string> {
  const name = `docintel_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  await runOnServer(url, `create database "${name}" template "${templateName()}"`);
  return name;
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await runOnServer(url, `drop database if exists "${name}" with (force)`);
}
