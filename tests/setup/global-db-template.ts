// Vitest global setup: one migrated PGlite, dumped to a file that every test file loads
// (tests/helpers/db.ts) instead of running initdb and the migrations again (~4 s per file).
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "@/lib/db/client";
import { migrate, readMigrations } from "@/lib/db/migrate";

export default async function setup() {
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
