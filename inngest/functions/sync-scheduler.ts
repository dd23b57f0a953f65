// Every minute: start the runs of datasources whose next import is due (lib/sync/start-run.ts).
import { startDueRuns } from "@/lib/sync/start-run";
import { implementJob } from "../define-job";
import { syncSchedulerJob as definition } from "../definitions/sync-scheduler";

export const syncSchedulerJob = implementJob(definition, {
  handler: async ({ step }) => ({ started: await step.run("start-due-runs", () => startDueRuns()) }),
});
