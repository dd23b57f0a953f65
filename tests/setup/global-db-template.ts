// Vitest global setup: one migrated PGlite, dumped to a file that every test file loads
// (tests/helpers/db.ts) instead of running initdb and the migrations again (~4 s per file).
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "@/lib/db/client";
import { migrate, readMigrations } from "@/lib/db/migrate";
import { createEmptyDatabase, databaseExists, databaseUrl, dropDatabase, renameDatabase, templateName, testServerUrl } from "../helpers/server-db";

/** With TEST_POSTGRES_URL: one migrated template database on that server, copied per test file. */
async function serverTemplate(url: string): Promise<void> {
  const name = templateName();
  if (await databaseExists(url, name)) return;
  // Migrated under a temporary name and renamed when complete, so an interrupted setup leaves no half template.
  const building = `${name}_${process.pid}`;
  await createEmptyDatabase(url, building);
  const database = createDatabase(databaseUrl(url, building));
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  try {
    await renameDatabase(url, building, name);
  } catch (err) {
    await dropDatabase(url, building);
    if (!(await databaseExists(url, name))) throw err;
  }
}

export default async function setup() {
  const server = testServerUrl();
  if (server) return serverTemplate(server);
  const hash = createHash("sha256");
  for (const m of readMigrations()) hash.update(m.name).update(m.checksum);
  const file = path.join(os.tmpdir(), `docintel-db-template-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const database = createDatabase("memory://");
    await migrate(database);
    const instance = await database.pglite!();
    const dump = await instance.dumpDataDir("none");
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
    await database.close();
  }
  process.env.DOCINTEL_TEST_DB_TEMPLATE = file;
}
