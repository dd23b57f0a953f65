// A fresh, migrated in-memory PGlite per test file: tests seed their own companies and need no cleanup.
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, createDatabase, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { resetRateLimitStore } from "@/lib/http/rate-limit";
import { invalidateMaintenanceCache } from "@/lib/system/maintenance-periods";

export function useTestDatabase(): void {
  beforeAll(async () => {
    const database = createDatabase("memory://");
    await migrate(database);
    setDatabase(database);
    resetRateLimitStore();
    invalidateMaintenanceCache();
  });
  afterAll(async () => {
    await closeDatabase();
  });
}
