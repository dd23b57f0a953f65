// The default job runner: state lives in the `jobs` table, so jobs survive restarts and several app
// processes can share one Postgres server (claims use FOR UPDATE SKIP LOCKED). A worker holds a lease
// (locked_until) that a heartbeat extends; a job whose lease ran out lost its worker (crash, kill -9)
// and is put back in the queue, where memoised steps let it resume instead of starting over.
// Every statement stands alone (no interactive transactions): PGlite has a single connection.
// Which job next: while this process has a free slot (JOBS_CONCURRENCY), the oldest runnable job (run_at, then
// created_at) among the definitions below their own concurrency limit, jobs of normal priority before those of
// low priority (defineJobSpec's `priority`). A definition at its limit is left out of the claim, so a backlog of
// it never blocks others; a low-priority backlog waits until no other job is runnable.
// Among runnable jobs of the same priority, companies take turns (issue 16: one tenant's backlog must not
// starve another's upload): the company with the fewest jobs running (across all runners) first, then the one
// whose last job started longest ago, and only then the oldest job. A company's single upload is so claimed
// at the next free slot however long another's backlog. JOBS_COMPANY_CONCURRENCY optionally caps the jobs one
// company has running (system jobs, without a company, are not capped).
import { randomUUID } from "node:crypto";
import { RetryAfterError } from "inngest";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { runAsBackground } from "@/lib/db/priority-pool";
import { env } from "@/lib/env";
import { type AnyJobDefinition, type JobStepTools, jobLogger, NonRetriableError, parseStoredPayload, toError, uniqueStepNames } from "./define-job";
import { onJobEnqueued } from "./jobs";

export { cancelJob } from "./jobs";

interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

export interface LocalRunnerOptions {
  definitions: readonly AnyJobDefinition[];
  /** Jobs in flight in this process. Default JOBS_CONCURRENCY. */
  concurrency?: number;
  pollIntervalMs?: number;
  /** Jobs one company may have running at once, across runners. Default JOBS_COMPANY_CONCURRENCY (none). */
  companyConcurrency?: number;
  /** How long a claim stays valid without a heartbeat. Default JOBS_LEASE_SECONDS. */
  leaseMs?: number;
  /** Delay before retry `attempt + 1`. Default exponential (1 s doubling, max 10 min) with jitter. */
  backoffMs?: (attempt: number) => number;
  instanceId?: string;
}

export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(600_000, 1_000 * 2 ** Math.max(0, attempt - 1));
  // Full jitter on half the delay spreads retries of jobs that failed together (e.g. a provider outage).
  return Math.round(base / 2 + (Math.random() * base) / 2);
}

export class LocalRunner {
  readonly instanceId: string;
  private readonly defs: Map<string, AnyJobDefinition>;
  private readonly concurrency: number;
  private readonly companyConcurrency: number | undefined;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly inFlight = new Map<string, { name: string; done: Promise<void> }>();
  private running = false;
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private lastRecovery = 0;
  private claiming: Promise<unknown> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;

  constructor(opts: LocalRunnerOptions) {
    const e = env();
    this.defs = new Map(opts.definitions.map((d) => [d.id, d]));
    this.concurrency = opts.concurrency ?? e.JOBS_CONCURRENCY;
    this.companyConcurrency = opts.companyConcurrency ?? e.JOBS_COMPANY_CONCURRENCY;
    this.pollIntervalMs = opts.pollIntervalMs ?? e.JOBS_POLL_INTERVAL_MS;
    this.leaseMs = opts.leaseMs ?? e.JOBS_LEASE_SECONDS * 1000;
    this.backoffMs = opts.backoffMs ?? defaultBackoffMs;
    this.instanceId = opts.instanceId ?? `local-${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = onJobEnqueued(() => void this.pump());
    this.lastRecovery = 0; // recover stale jobs first thing
    const tick = () => {
      void this.pump().finally(() => {
        if (this.running) this.timer = setTimeout(tick, this.pollIntervalMs);
      });
    };
    tick();
  }

  /** Stops claiming and waits for jobs in flight; after `timeoutMs` they are left to finish in the background. */
  async stop({ timeoutMs = 30_000 } = {}): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([this.settled(), new Promise<void>((resolve) => (timeout = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timeout);
  }

  /** Test helper: runs jobs (without start()) until none is runnable now and none is in flight. */
  async drain({ timeoutMs = 60_000 } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    this.lastRecovery = 0;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`drain: jobs still runnable after ${timeoutMs} ms`);
      await this.recoverStale();
      const claimed = await this.fill();
      if (claimed === 0 && this.inFlight.size === 0) return;
      await Promise.race([...this.inFlight.values()].map((j) => j.done));
    }
  }

  /** Puts jobs whose worker stopped heartbeating back in the queue, or fails them when out of attempts. */
  async recoverStale(): Promise<number> {
    this.lastRecovery = Date.now();
    const rows = await db().$queryRaw<ClaimedJob[]>`
      UPDATE jobs SET
        status = (CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END)::"JobStatus",
        finished_at = CASE WHEN attempts >= max_attempts THEN now() ELSE NULL END,
        last_error = 'lease expired during attempt ' || attempts || ' (worker ' || COALESCE(locked_by, '?') || ' stopped)',
        locked_by = NULL, locked_until = NULL, run_at = now(), updated_at = now()
      WHERE status = 'running' AND locked_until < now() AND locked_by IS DISTINCT FROM ${this.instanceId}
      RETURNING id, name, payload, attempts, max_attempts`;
    for (const row of rows.filter((r) => r.attempts >= r.max_attempts)) {
      const error = new Error(`job ${row.name} ${row.id}: lease expired on its last attempt (${row.attempts})`);
      await this.notifyFailure(row, error);
    }
    return rows.length;
  }

  private settled(): Promise<void> {
    return Promise.all([...this.inFlight.values()].map((j) => j.done)).then(() => undefined);
  }

  /** Serialises claiming: wakes that arrive while a pump is under way just ask for one more pass. */
  private pump(): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      try {
        do {
          this.pumpAgain = false;
          if (Date.now() - this.lastRecovery >= Math.max(this.pollIntervalMs, this.leaseMs / 2)) {
            await this.recoverStale();
          }
          await this.fill();
        } while (this.pumpAgain && this.running);
      } catch (err) {
        jobLogger("runner", this.instanceId).error("job runner pass failed", err);
      } finally {
        this.pumping = undefined;
      }
    })();
    return this.pumping;
  }

  /** Claims jobs while there is capacity; returns how many were started. One fill at a time (drain + start). */
  private fill(): Promise<number> {
    const next = this.claiming.then(() => this.fillOnce());
    this.claiming = next.catch(() => undefined);
    return next;
  }

  private async fillOnce(): Promise<number> {
    let started = 0;
    while (this.inFlight.size < this.concurrency) {
      const claimable = [...this.defs.values()].filter((d) => !d.concurrency || this.countInFlight(d.id) < d.concurrency);
      if (claimable.length === 0) break;
      const names = Prisma.join(claimable.map((d) => d.id));
      const low = claimable.filter((d) => d.priority === "low").map((d) => d.id);
      // false sorts before true: normal-priority jobs first.
      const lowLast = low.length ? Prisma.sql`j.name IN (${Prisma.join(low)}), ` : Prisma.empty;
      const capped = this.companyConcurrency ? Prisma.sql`AND (j.company_id IS NULL OR t.running < ${this.companyConcurrency}::int)` : Prisma.empty;
      // t: per company with runnable jobs, its jobs running now and its latest start (index jobs(company_id,
      // started_at)); the turn order of the header comment. MATERIALIZED: computed once per company; inlined,
      // the planner ran both subqueries once per queued job (67 ms for a backlog of 1,500 on PGlite, the
      // longest statement of ingestion, which every request behind it waited for).
      // On the background lane: a claim waits behind requests like the job's own statements.
      const [job] = await runAsBackground(() => db()).$queryRaw<ClaimedJob[]>`
        WITH t AS MATERIALIZED (
          SELECT c.company_id,
            (SELECT count(*) FROM jobs r WHERE r.status = 'running' AND r.company_id IS NOT DISTINCT FROM c.company_id) AS running,
            CASE WHEN c.company_id IS NULL THEN (SELECT max(r.started_at) FROM jobs r WHERE r.company_id IS NULL)
                 ELSE (SELECT max(r.started_at) FROM jobs r WHERE r.company_id = c.company_id) END AS last_start
          FROM (SELECT DISTINCT company_id FROM jobs WHERE status = 'queued' AND run_at <= now() AND name IN (${names})) c
        )
        UPDATE jobs SET status = 'running', locked_by = ${this.instanceId},
          locked_until = now() + ${this.leaseMs}::int * interval '1 millisecond',
          attempts = attempts + 1, started_at = COALESCE(started_at, now()), updated_at = now()
        WHERE id = (
          SELECT j.id FROM jobs j
          JOIN t ON t.company_id IS NOT DISTINCT FROM j.company_id
          WHERE j.status = 'queued' AND j.run_at <= now() AND j.name IN (${names}) ${capped}
          ORDER BY ${lowLast}t.running, t.last_start NULLS FIRST, j.run_at, j.created_at
          FOR UPDATE OF j SKIP LOCKED
          LIMIT 1)
        RETURNING id, name, payload, attempts, max_attempts`;
      if (!job) break;
      started++;
      const done = this.execute(job).finally(() => {
        this.inFlight.delete(job.id);
        void this.pump();
      });
      this.inFlight.set(job.id, { name: job.name, done });
    }
    return started;
  }

  private countInFlight(name: string): number {
    let n = 0;
    for (const j of this.inFlight.values()) if (j.name === name) n++;
    return n;
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const def = this.defs.get(job.name)!;
    const logger = jobLogger(job.name, job.id);
    const lease = { lost: false };
    const heartbeat = setInterval(() => void this.heartbeat(job.id, lease), Math.max(50, this.leaseMs / 3));
    try {
      const payload = parseStoredPayload(def, job.payload);
      const step = localStepTools(job, this.instanceId, lease);
      // Background work: its database statements wait behind requests' on the embedded connection.
      const result = await runAsBackground(() => def.handler({ payload, step, jobId: job.id, attempt: job.attempts, logger }));
      if (lease.lost) return;
      await runAsBackground(() => db()).$executeRaw`
        UPDATE jobs SET status = 'completed', result = ${JSON.stringify(result ?? null)}::jsonb,
          finished_at = now(), locked_by = NULL, locked_until = NULL, updated_at = now()
        WHERE id = ${job.id} AND locked_by = ${this.instanceId} AND status = 'running'`;
    } catch (err) {
      await this.handleError(job, def, toError(err), lease, logger);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async handleError(
    job: ClaimedJob,
    def: AnyJobDefinition,
    error: Error,
    lease: { lost: boolean },
    logger: ReturnType<typeof jobLogger>,
  ): Promise<void> {
    if (error instanceof JobCancelledError) {
      // cancelJob already set the final status; release the lock so the row reads cleanly.
      await db().$executeRaw`
        UPDATE jobs SET locked_by = NULL, locked_until = NULL, updated_at = now()
        WHERE id = ${job.id} AND locked_by = ${this.instanceId}`;
      return;
    }
    // Another worker recovered the job after our lease expired: the outcome is theirs to record.
    if (lease.lost || error instanceof LeaseLostError) return;
    const message = `${error.name}: ${error.message}`.slice(0, 4000);
    const final = error instanceof NonRetriableError || job.attempts >= job.max_attempts;
    if (final) {
      const n = await db().$executeRaw`
        UPDATE jobs SET status = 'failed', last_error = ${message}, finished_at = now(),
          locked_by = NULL, locked_until = NULL, updated_at = now()
        WHERE id = ${job.id} AND locked_by = ${this.instanceId} AND status = 'running'`;
      logger.error(`failed for good after attempt ${job.attempts}`, error);
      if (n > 0) await this.notifyFailure(job, error, def);
      return;
    }
    const delay = error instanceof RetryAfterError ? retryAfterMs(error) : this.backoffMs(job.attempts);
    logger.warn(`attempt ${job.attempts} failed, retrying in ${delay} ms`, error.message);
    await db().$executeRaw`
      UPDATE jobs SET status = 'queued', last_error = ${message},
        run_at = now() + ${Math.max(0, Math.round(delay))}::int * interval '1 millisecond',
        locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = ${job.id} AND locked_by = ${this.instanceId} AND status = 'running'`;
  }

  private async heartbeat(jobId: string, lease: { lost: boolean }): Promise<void> {
    if (lease.lost) return;
    try {
      const n = await db().$executeRaw`
        UPDATE jobs SET locked_until = now() + ${this.leaseMs}::int * interval '1 millisecond'
        WHERE id = ${jobId} AND locked_by = ${this.instanceId} AND status = 'running'`;
      // Zero rows: cancelled (seen at the next step) or recovered by another worker after a stall.
      if (n === 0) {
        const [row] = await db().$queryRaw<{ status: string }[]>`SELECT status::text FROM jobs WHERE id = ${jobId}`;
        if (row?.status !== "cancelled") lease.lost = true;
      }
    } catch {
      // A transient database error: the next beat retries well before the lease runs out.
    }
  }

  private async notifyFailure(job: ClaimedJob, error: Error, def = this.defs.get(job.name)): Promise<void> {
    if (!def?.onFailure) return;
    try {
      const payload = parseStoredPayload(def, job.payload);
      await def.onFailure({ payload, jobId: job.id, error });
    } catch (err) {
      jobLogger(job.name, job.id).error("onFailure threw", err);
    }
  }
}

function retryAfterMs(error: RetryAfterError): number {
  const n = Number(error.retryAfter);
  if (Number.isFinite(n)) return n * 1000; // Inngest sends seconds as a string
  const at = Date.parse(error.retryAfter);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 1000;
}

class JobCancelledError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} was cancelled`);
    this.name = "JobCancelledError";
  }
}

class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId}: lease lost to another worker`);
    this.name = "LeaseLostError";
  }
}

/** The job's state read by a step's last statement stands for a check at the next step this long (ms). */
const STEP_STATE_FRESH_MS = 100;

/**
 * step.run backed by job_steps. Step boundaries are also where cancellation and a lost lease are noticed. The
 * first step reads the job's state with every output stored by earlier attempts; a step's INSERT of its output
 * reads the state again, which the next step uses when it starts right after (within STEP_STATE_FRESH_MS): one
 * statement per step instead of two, each of which waited for the embedded database's one connection.
 */
function localStepTools(job: ClaimedJob, instanceId: string, lease: { lost: boolean }): JobStepTools {
  const check = uniqueStepNames(job.name);
  let stored = new Map<string, unknown>();
  let state: { status: string; lockedBy: string | null; at: number } | undefined;
  const readState = async () => {
    const rows = await db().$queryRaw<{ status: string; locked_by: string | null; name: string | null; output: unknown }[]>`
      SELECT j.status::text AS status, j.locked_by, s.name, s.output
      FROM jobs j LEFT JOIN job_steps s ON s.job_id = j.id
      WHERE j.id = ${job.id}`;
    stored = new Map(rows.flatMap((r) => (r.name === null ? [] : [[r.name, r.output] as const])));
    state = rows[0] && { status: rows[0].status, lockedBy: rows[0].locked_by, at: Date.now() };
  };
  return {
    run: async (name, fn) => {
      check(name);
      if (!state || Date.now() - state.at > STEP_STATE_FRESH_MS) await readState();
      if (!state || state.status === "cancelled") throw new JobCancelledError(job.id);
      if (lease.lost || state.status !== "running" || state.lockedBy !== instanceId) {
        lease.lost = true;
        throw new LeaseLostError(job.id);
      }
      if (stored.has(name)) return stored.get(name) as never;
      // Round-trip through JSON so the first attempt sees exactly what a replay will see.
      const json = JSON.stringify(await fn()) ?? null;
      const [row] = await db().$queryRaw<{ status: string; locked_by: string | null }[]>`
        WITH stored AS (
          INSERT INTO job_steps (job_id, name, output) VALUES (${job.id}, ${name}, ${json}::jsonb)
          ON CONFLICT (job_id, name) DO NOTHING
        )
        SELECT status::text AS status, locked_by FROM jobs WHERE id = ${job.id}`;
      state = row && { status: row.status, lockedBy: row.locked_by, at: Date.now() };
      return (json === null ? undefined : JSON.parse(json)) as never;
    },
  };
}
