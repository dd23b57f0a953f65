// Upstream throttling for connectors: 429 and 503 (and other 5xx) answers are retried after the delay the
// source asks for (Retry-After: seconds or an HTTP date), or an exponential backoff, both bounded, so a run
// slows down for a throttling source but never hangs on one.

export interface RetryPolicy {
  /** Attempts in all (default 4). */
  attempts?: number;
  /** Longest single wait (default 30 s): a source asking for more fails the request instead. */
  maxWaitMs?: number;
  /** First backoff when the source gives no Retry-After (default 500 ms, doubling). */
  baseMs?: number;
  signal?: AbortSignal;
}

/** Milliseconds to wait per a Retry-After header value, or null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

export const isRetryableStatus = (status: number) => status === 429 || status === 408 || (status >= 500 && status !== 501);

export class UpstreamThrottledError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
    this.name = "UpstreamThrottledError";
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Calls `attempt` until it returns an answer whose status is not retryable, waiting per Retry-After (bounded)
 * in between. `discard` releases a retried answer (e.g. drains its body). The last answer is returned as is.
 */
export async function withRetryAfter<R extends { status: number; retryAfter: string | null }>(
  attempt: () => Promise<R>,
  discard: (r: R) => void | Promise<void>,
  policy: RetryPolicy = {},
): Promise<R> {
  const attempts = policy.attempts ?? 4;
  const maxWait = policy.maxWaitMs ?? 30_000;
  const base = policy.baseMs ?? 500;
  for (let i = 1; ; i++) {
    const res = await attempt();
    if (!isRetryableStatus(res.status) || i >= attempts) return res;
    const asked = parseRetryAfter(res.retryAfter);
    const wait = asked ?? base * 2 ** (i - 1);
    if (wait > maxWait) return res;
    await discard(res);
    await sleep(wait, policy.signal);
  }
}
