// Hourly housekeeping of the database. Handler: inngest/functions/system-cleanup.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const systemCleanup = defineJobSpec({
  id: "system-cleanup",
  payload: z.object({}),
  retries: 2,
  concurrency: 1,
  schedule: { cron: "0 * * * *", intervalMs: 60 * 60 * 1000 },
});
