// One way to define a background job, in two halves. The definition (defineJobSpec, one file per job in
// inngest/definitions/) is plain data: id, payload schema, retries, concurrency, schedule; use cases import it
// to enqueue without pulling in the handler. The implementation (implementJob, inngest/functions/) adds a
// handler made of named steps that call use cases, so the same object runs on the local database runner
// (inngest/local-runner.ts) and, converted with toInngestFunction(), on Inngest. Each side effect belongs in
// its own step: a step's JSON output is stored, and a retry replays stored outputs instead of repeating it.
import { type Inngest, type InngestFunction, NonRetriableError, RetryAfterError } from "inngest";
import type { Jsonify } from "inngest/types";
import { z } from "zod";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export { NonRetriableError };

/**
 * Back-pressure from an engine (a full OCR pool: ocr_concurrent_limit) is not a failure of the job: it is
 * thrown as the runners' RetryAfterError, so the job waits and tries again without spending a retry's backoff.
 * Any other error is left to the caller. Use cases throw the domain error; only handlers translate it.
 */
export function throwIfBusy(err: unknown): void {
  if (err instanceof AppError && err.code === "ocr_concurrent_limit") {
    throw new RetryAfterError(err.detail, (err.options.retryAfterSeconds ?? 5) * 1000);
  }
}

export interface JobLogger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface JobStepTools {
  /** Runs `fn` once per job run; later attempts get the stored JSON output back. Names must be unique per run. */
  run<T>(name: string, fn: () => T | Promise<T>): Promise<Jsonify<Awaited<T>>>;
}

export interface JobContext<P> {
  payload: P;
  step: JobStepTools;
  jobId: string;
  /** 1 for the first attempt, 2 for the first retry… */
  attempt: number;
  logger: JobLogger;
}

export interface JobFailure<P> {
  payload: P;
  jobId: string;
  error: Error;
}

export interface JobSchedule {
  /** Used by Inngest. */
  cron: string;
  /** The local runner has no cron parser: it enqueues the job this often (when none is queued). */
  intervalMs: number;
}

export interface JobSpecInput<S extends z.ZodType> {
  /** kebab-case; the Inngest function id and the event `job/<id>`. */
  id: string;
  /** Payloads must survive JSON (they are stored as jsonb / sent as event data): no Dates, Maps, BigInts. */
  payload: S;
  /** Retries after the first attempt (0–20, Inngest's range). Default 3. */
  retries?: number;
  /** Max runs of this job at once (per process on the local runner, across the app on Inngest). */
  concurrency?: number;
  /**
   * "low": the local runner claims a run of this job only when no job of normal priority is runnable, so a
   * backlog of it never delays other jobs (it still holds its slot once started: keep such jobs short and
   * their concurrency small). Inngest has no priority across functions: there each function has its own
   * queue, so a backlog of one never holds up another, and the concurrency limit bounds the work.
   */
  priority?: "normal" | "low";
  schedule?: JobSchedule;
}

/** A job's definition: what enqueueing and scheduling need, without the handler. */
export interface JobSpec<S extends z.ZodType = z.ZodType> extends Readonly<Omit<JobSpecInput<S>, "retries">> {
  readonly retries: number;
  readonly event: `job/${string}`;
}

export interface JobImplementation<S extends z.ZodType, R> {
  handler: (ctx: JobContext<z.output<S>>) => Promise<R>;
  /** Called once when the job has failed for good (retries exhausted or NonRetriableError). */
  onFailure?: (failure: JobFailure<z.output<S>>) => Promise<void> | void;
}

export interface JobDefinitionInput<S extends z.ZodType, R> extends JobSpecInput<S>, JobImplementation<S, R> {}

/** A definition with its handler: what the runners execute. */
export interface JobDefinition<S extends z.ZodType = z.ZodType, R = unknown> extends JobSpec<S>, Readonly<JobImplementation<S, R>> {}

// Handlers are contravariant in their payload, so a registry of mixed definitions needs `any` here.
// biome-ignore lint/suspicious/noExplicitAny: a registry of mixed payload types (handlers are contravariant)
export type AnyJobDefinition = JobDefinition<any, any>;

const ID = /^[a-z0-9]+(?:[-.][a-z0-9]+)*$/;

/** Payloads are objects: on Inngest they travel as the event's `data`. */
export function defineJobSpec<S extends z.ZodType<Record<string, unknown>>>(input: JobSpecInput<S>): JobSpec<S> {
  if (!ID.test(input.id)) throw new Error(`job id "${input.id}" must be kebab-case (a-z, 0-9, "-", ".")`);
  const retries = input.retries ?? 3;
  if (!Number.isInteger(retries) || retries < 0 || retries > 20) {
    throw new Error(`job ${input.id}: retries must be an integer from 0 to 20, got ${retries}`);
  }
  if (input.concurrency !== undefined && (!Number.isInteger(input.concurrency) || input.concurrency < 1)) {
    throw new Error(`job ${input.id}: concurrency must be a positive integer`);
  }
  return Object.freeze({ ...input, retries, event: `job/${input.id}` as const });
}

/** Binds a handler (and optional onFailure) to a definition. */
export function implementJob<S extends z.ZodType, R>(spec: JobSpec<S>, implementation: JobImplementation<S, R>): JobDefinition<S, R> {
  return Object.freeze({ ...spec, ...implementation });
}

/** Definition and handler in one call, for jobs no use case enqueues by definition (tests, fixtures). */
export function defineJob<S extends z.ZodType<Record<string, unknown>>, R>(input: JobDefinitionInput<S, R>): JobDefinition<S, R> {
  const { handler, onFailure, ...spec } = input;
  return implementJob(defineJobSpec(spec), { handler, ...(onFailure ? { onFailure } : {}) });
}

/** Raised by step.run on a name already used in this run: a rename would otherwise silently re-run side effects. */
export class DuplicateStepError extends NonRetriableError {
  constructor(jobName: string, stepName: string) {
    super(`job ${jobName}: step name "${stepName}" is used twice in one run; step names must be unique`);
    this.name = "DuplicateStepError";
  }
}

/** Returns a checker to call before each step; one per handler invocation. */
export function uniqueStepNames(jobName: string): (stepName: string) => void {
  const seen = new Set<string>();
  return (stepName) => {
    if (!stepName) throw new NonRetriableError(`job ${jobName}: step names must be non-empty`);
    if (seen.has(stepName)) throw new DuplicateStepError(jobName, stepName);
    seen.add(stepName);
  };
}

/** Parses a payload that was already validated once (at enqueue); a failure now cannot heal by retrying. */
export function parseStoredPayload<S extends z.ZodType>(def: JobDefinition<S>, data: unknown): z.output<S> {
  const parsed = def.payload.safeParse(data ?? {});
  if (!parsed.success) {
    throw new NonRetriableError(`job ${def.id}: invalid payload: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

export function toError(err: unknown): Error {
  if (err instanceof Error) return err;
  return new Error(typeof err === "string" ? err : JSON.stringify(err));
}

const LEVELS = ["debug", "info", "warn", "error"] as const;

/** Logger for the local runner, honouring LOG_LEVEL like the rest of the app. */
export function jobLogger(jobName: string, jobId: string): JobLogger {
  const configured = env().LOG_LEVEL;
  const min = configured === "silent" ? LEVELS.length : LEVELS.indexOf(configured);
  const prefix = `[job ${jobName} ${jobId}]`;
  const make = (level: (typeof LEVELS)[number]) =>
    LEVELS.indexOf(level) < min ? () => undefined : (...args: unknown[]) => console[level](prefix, ...args);
  return { debug: make("debug"), info: make("info"), warn: make("warn"), error: make("error") };
}

/**
 * A definition's limit on Inngest, plus one per company (key event.data.company_id, set by enqueueJob) so one
 * company's backlog never holds every slot: JOBS_COMPANY_CONCURRENCY, by default half the limit (at least 1).
 * Scheduled jobs run for no company: the limit alone.
 */
function inngestConcurrency(def: AnyJobDefinition): NonNullable<InngestFunction.Options["concurrency"]> {
  const limit = def.concurrency!;
  if (def.schedule || limit < 2) return { limit };
  const perCompany = Math.min(limit, env().JOBS_COMPANY_CONCURRENCY ?? Math.ceil(limit / 2));
  return [{ limit }, { key: "event.data.company_id", limit: perCompany }];
}

/** The same definition as an Inngest function: event `job/<id>` (plus its cron, if scheduled). */
export function toInngestFunction(def: AnyJobDefinition, client: Inngest) {
  const triggers: ({ event: string } | { cron: string })[] = [{ event: def.event }];
  if (def.schedule) triggers.push({ cron: def.schedule.cron });
  return client.createFunction(
    {
      id: def.id,
      triggers,
      retries: def.retries as NonNullable<InngestFunction.Options["retries"]>, // range checked in defineJob
      ...(def.concurrency ? { concurrency: inngestConcurrency(def) } : {}),
      ...(def.onFailure
        ? {
            onFailure: async ({ event, error, runId, logger }) => {
              const original = event.data.event;
              const parsed = def.payload.safeParse(original?.data ?? {});
              // The run failed on its payload: onFailure's contract is a valid payload, so report and stop.
              if (!parsed.success) {
                logger.error(`job ${def.id}: onFailure skipped, payload invalid`, error);
                return;
              }
              await def.onFailure!({ payload: parsed.data, jobId: original?.id ?? event.data.run_id ?? runId, error });
            },
          }
        : {}),
    },
    async ({ event, step, attempt, logger, runId }) => {
      const payload = parseStoredPayload(def, event.data);
      const check = uniqueStepNames(def.id);
      const tools: JobStepTools = {
        run: (name, fn) => {
          check(name);
          return step.run(name, fn) as never;
        },
      };
      return def.handler({ payload, step: tools, jobId: event.id ?? runId, attempt: attempt + 1, logger });
    },
  );
}
