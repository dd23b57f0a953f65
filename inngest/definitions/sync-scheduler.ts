// Starts the runs of datasources whose next import is due. Handler: inngest/functions/sync-scheduler.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const syncSchedulerJob = defineJobSpec({
  id: "sync-scheduler",
  payload: z.object({}),
  retries: 1,
  concurrency: 1,
  schedule: { cron: "* * * * *", intervalMs: 60_000 },
});
