// Runs every enqueued job to completion on the local runner (the in-process stand-in for Inngest).
import { jobDefinitions } from "@/inngest/functions";
import { LocalRunner } from "@/inngest/local-runner";

export async function drainJobs(timeoutMs = 180_000): Promise<void> {
  await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20 }).drain({ timeoutMs });
}
