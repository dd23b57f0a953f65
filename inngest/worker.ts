// The local job worker of this process: the local runner over every job (inngest/functions) plus the
// timers that enqueue scheduled jobs. Started and stopped by the server (lib/server/start.ts).
import { env } from "@/lib/env";
import { type JobSpec, jobLogger } from "./define-job";
import { jobDefinitions } from "./functions";
import { hasPendingJob, insertJob } from "./jobs";
import { LocalRunner } from "./local-runner";

// One runner per process even when several Next.js bundles import this module.
const g = globalThis as unknown as { __docintelJobRunner?: { runner: LocalRunner; timers: NodeJS.Timeout[] } };

/**
 * Starts the local runner in this process (once) when jobs run locally and JOBS_WORKER_ENABLED.
 * Returns the runner, or undefined when this process does not run jobs.
 */
export function startJobRunner(): LocalRunner | undefined {
  const e = env();
  if (e.jobsRunner !== "local" || !e.JOBS_WORKER_ENABLED) return undefined;
  if (g.__docintelJobRunner) return g.__docintelJobRunner.runner;
  const runner = new LocalRunner({ definitions: jobDefinitions });
  runner.start();
  const timers = jobDefinitions
    .filter((def) => def.schedule)
    .map((def) => {
      const enqueue = () => void enqueueScheduled(def);
      enqueue();
      const timer = setInterval(enqueue, def.schedule!.intervalMs);
      timer.unref();
      return timer;
    });
  g.__docintelJobRunner = { runner, timers };
  return runner;
}

export async function stopJobRunner(opts?: { timeoutMs?: number }): Promise<void> {
  const current = g.__docintelJobRunner;
  g.__docintelJobRunner = undefined;
  if (!current) return;
  current.timers.forEach(clearInterval);
  await current.runner.stop(opts);
}

/** Enqueues a scheduled job unless one is waiting or running (e.g. enqueued by another process). */
export async function enqueueScheduled(def: JobSpec): Promise<string | undefined> {
  try {
    if (await hasPendingJob(def)) return undefined;
    // The time slot in the id makes concurrent processes insert the same row once.
    const slot = Math.floor(Date.now() / def.schedule!.intervalMs);
    return await insertJob(def, {}, { jobId: `${def.id}:${slot}` });
  } catch (err) {
    jobLogger(def.id, "schedule").error("could not enqueue scheduled job", err);
    return undefined;
  }
}
