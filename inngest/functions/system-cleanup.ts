// Hourly housekeeping (lib/system/clean-up-database.ts). Each table is its own step so a retry after a
// failure does not redo the part that worked.
import { deleteEndedAccountRows } from "@/lib/auth/user-sessions";
import { deleteOldFinishedJobs, deleteOldRateLimitBuckets, vacuumAnalyze } from "@/lib/system/clean-up-database";
import { implementJob } from "../define-job";
import { systemCleanup as definition } from "../definitions/system-cleanup";

export const systemCleanup = implementJob(definition, {
  handler: async ({ step }) => {
    const rateLimitBuckets = await step.run("delete-old-rate-limit-buckets", deleteOldRateLimitBuckets);
    const jobs = await step.run("delete-old-finished-jobs", deleteOldFinishedJobs);
    const accountRows = await step.run("delete-ended-sessions-and-tokens", () => deleteEndedAccountRows());
    await step.run("vacuum-analyze", async () => {
      await vacuumAnalyze();
      return true;
    });
    return { rateLimitBuckets, jobs, accountRows };
  },
});
