// A fresh, migrated in-memory PGlite per test file (or, with TEST_POSTGRES_URL, a fresh database on that server):
// tests seed their own companies and need no cleanup.
import fs from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, createDatabase, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { resetRateLimitStore } from "@/lib/http/rate-limit";
import { invalidateMaintenanceCache } from "@/lib/system/maintenance-periods";
import { createTestDatabase, databaseUrl, dropDatabase, testServerUrl } from "./server-db";

export function useTestDatabase(): void {
  const server = testServerUrl();
  if (server) {
    useServerDatabase(server);
    return;
  }
  beforeAll(async () => {
    // The migrated template made by tests/setup/global-db-template.ts (migrate() then has nothing to do).
    const template = process.env.DOCINTEL_TEST_DB_TEMPLATE;
    const loadDataDir = template && fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = createDatabase("memory://", { loadDataDir });
    await migrate(database);
    setDatabase(database);
    resetRateLimitStore();
    invalidateMaintenanceCache();
  });
  afterAll(async () => {
    await closeDatabase();
  });
}

function useServerDatabase(server: string): void {
  let name: string | undefined;
  beforeAll(async () => {
    name = await createTestDatabase(server);
    setDatabase(createDatabase(databaseUrl(server, name)));
    resetRateLimitStore();
    invalidateMaintenanceCache();
  });
  afterAll(async () => {
    await closeDatabase();
    if (name) await dropDatabase(server, name);
  });
}
