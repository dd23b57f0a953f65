// The jobs API for the rest of the app: enqueue a defined job and read its state. Where it runs is
// configuration (JOBS_RUNNER), never a decision of the caller.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { db } from "@/lib/db/client";
import type { Job } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { inngest } from "./client";
import type { JobSpec } from "./define-job";

export interface EnqueueOptions {
  /** Tenant the job works for; stored for filtering and cleanup (local runner). */
  companyId?: number;
  /** Idempotency key: enqueueing the same id twice creates one job. Default: a random UUID. */
  jobId?: string;
  /** Earliest start, from now. */
  delayMs?: number;
}

export type TJob = Job;

// Listeners live on globalThis so an enqueue in one Next.js bundle wakes a runner started in another.
const g = globalThis as unknown as { __docintelJobWakers?: Set<() => void> };
const wakers = (g.__docintelJobWakers ??= new Set());

/** Local runners subscribe to start a job at once instead of at their next poll. */
export function onJobEnqueued(listener: () => void): () => void {
  wakers.add(listener);
  return () => void wakers.delete(listener);
}

/** Validates the payload (throws ZodError) and hands the job to the configured runner; returns its id. */
export async function enqueueJob<S extends z.ZodType>(definition: JobSpec<S>, payload: z.input<S>, opts: EnqueueOptions = {}): Promise<string> {
  // Validation only: the input is what travels, so both runners parse the same data at run time.
  definition.payload.parse(payload);
  const jobId = opts.jobId ?? randomUUID();
  if (env().jobsRunner === "inngest") {
    await inngest.send({
      name: definition.event,
      // company_id keys the per-company concurrency limit (toInngestFunction); payload schemas strip it.
      data: { ...(opts.companyId !== undefined ? { company_id: opts.companyId } : {}), ...((payload ?? {}) as Record<string, unknown>) },
      id: jobId,
      // Inngest starts runs of future-dated events at that time.
      ...(opts.delayMs ? { ts: Date.now() + opts.delayMs } : {}),
    });
    return jobId;
  }
  return insertJob(definition, payload, { ...opts, jobId });
}

/** The local runner's enqueue: one `jobs` row. An existing id is left as it is. */
export async function insertJob(def: JobSpec, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
  const id = opts.jobId ?? randomUUID();
  const delay = Math.max(0, Math.round(opts.delayMs ?? 0));
  await db().$executeRaw`
    INSERT INTO jobs (id, name, payload, company_id, max_attempts, run_at, updated_at)
    VALUES (${id}, ${def.id}, ${JSON.stringify(payload ?? {})}::jsonb, ${opts.companyId ?? null}::int,
            ${def.retries + 1}::int, now() + ${delay}::int * interval '1 millisecond', now())
    ON CONFLICT (id) DO NOTHING`;
  for (const wake of wakers) wake();
  return id;
}

/**
 * Local runner: whether a job of this definition is queued or running, optionally only one whose payload
 * contains `payloadMatch`. On Inngest (which keeps its own queue) the jobs table stays empty: false.
 */
export async function hasPendingJob(def: JobSpec, payloadMatch: Record<string, unknown> = {}): Promise<boolean> {
  const [{ pending }] = await db().$queryRaw<{ pending: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM jobs WHERE name = ${def.id} AND status IN ('queued', 'running')
                   AND payload @> ${JSON.stringify(payloadMatch)}::jsonb) AS pending`;
  return pending;
}

/** A job's state on the local runner (Inngest keeps its own; see its dashboard). */
export async function getJob(jobId: string): Promise<TJob | null> {
  return db().job.findUnique({ where: { id: jobId } });
}

/** Local runner: cancels a queued job, or a running one at its next step boundary. False if already over. */
export async function cancelJob(jobId: string): Promise<boolean> {
  const n = await db().$executeRaw`
    UPDATE jobs SET status = 'cancelled', finished_at = now(), updated_at = now()
    WHERE id = ${jobId} AND status IN ('queued', 'running')`;
  return n > 0;
}
