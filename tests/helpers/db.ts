// A fresh, migrated in-memory PGlite per test file: tests seed their own companies and need no cleanup.
import fs from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, createDatabase, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { resetRateLimitStore } from "@/lib/http/rate-limit";
import { invalidateMaintenanceCache } from "@/lib/system/maintenance-periods";

export function useTestDatabase(): void {
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
