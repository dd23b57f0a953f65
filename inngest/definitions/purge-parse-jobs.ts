// Hourly purge of expired parse and extract jobs and their documents. Handler: inngest/functions/purge-parse-jobs.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const purgeParseJobs = defineJobSpec({
  id: "purge-parse-jobs",
  payload: z.object({}),
  retries: 2,
  concurrency: 1,
  schedule: { cron: "15 * * * *", intervalMs: 60 * 60 * 1000 },
});
