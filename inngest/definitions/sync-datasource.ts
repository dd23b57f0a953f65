// One run of a datasource (synced workspaces, lib/sync). Handler: inngest/functions/sync-datasource.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const ZSyncDatasourcePayload = z.object({ run_id: z.number().int().positive() });

export const syncDatasourceJob = defineJobSpec({
  id: "sync-datasource",
  payload: ZSyncDatasourcePayload,
  // Each retry resumes at the first step not yet done (pages already listed and applied are replayed from
  // their stored outputs); after the last one the run is recorded as failed with the reason.
  retries: 4,
  // Runs mostly wait on the source (politeness delays, throttling): a few at once, one per datasource.
  concurrency: 2,
});

/** The job id of a run: enqueueing it twice starts it once. */
export const syncRunJobId = (runId: number) => `sync-datasource:${runId}`;
