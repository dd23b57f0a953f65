// Fixed-window rate limiting per API key (per IP when unauthenticated, and per IP for failed authentication). The memory store serves one
// process; the postgres store shares counters between app instances behind a load balancer.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";

export interface RateLimitStore {
  /** Counts one hit and returns the count in the window, this hit included. */
  hit(key: string, windowStart: Date): Promise<number>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private counts = new Map<string, { window: number; count: number }>();
  async hit(key: string, windowStart: Date): Promise<number> {
    const window = windowStart.getTime();
    const entry = this.counts.get(key);
    if (!entry || entry.window !== window) {
      if (this.counts.size > 100_000) this.prune(window);
      this.counts.set(key, { window, count: 1 });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }
  private prune(currentWindow: number): void {
    for (const [k, v] of this.counts) if (v.window < currentWindow) this.counts.delete(k);
  }
}

export class PostgresRateLimitStore implements RateLimitStore {
  async hit(key: string, windowStart: Date): Promise<number> {
    const rows = await db().$queryRaw<{ count: number }[]>`
      INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
      RETURNING count`;
    return Number(rows[0].count);
  }
}

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets. */
  reset: number;
  retryAfterSeconds: number;
  headers: Record<string, string>;
}

const g = globalThis as unknown as { __docintelRateStore?: RateLimitStore };

function store(): RateLimitStore {
  g.__docintelRateStore ??= env().rateLimitStore === "postgres" ? new PostgresRateLimitStore() : new MemoryRateLimitStore();
  return g.__docintelRateStore;
}

export function resetRateLimitStore(next?: RateLimitStore): void {
  g.__docintelRateStore = next;
}

/** `max`: the budget of this kind of key (default RATE_LIMIT_MAX). */
export async function checkRateLimit(key: string, now = new Date(), max?: number): Promise<RateLimitResult | null> {
  const { RATE_LIMIT_ENABLED, RATE_LIMIT_WINDOW_SECONDS } = env();
  const RATE_LIMIT_MAX = max ?? env().RATE_LIMIT_MAX;
  if (!RATE_LIMIT_ENABLED) return null;
  const windowMs = RATE_LIMIT_WINDOW_SECONDS * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const count = await store().hit(key, windowStart);
  const resetMs = windowStart.getTime() + windowMs;
  const reset = Math.ceil(resetMs / 1000);
  const remaining = Math.max(0, RATE_LIMIT_MAX - count);
  const retryAfterSeconds = Math.max(1, Math.ceil((resetMs - now.getTime()) / 1000));
  return {
    allowed: count <= RATE_LIMIT_MAX,
    limit: RATE_LIMIT_MAX,
    remaining,
    reset,
    retryAfterSeconds,
    headers: {
      "X-RateLimit-Limit": String(RATE_LIMIT_MAX),
      "X-RateLimit-Remaining": String(remaining),
      "X-RateLimit-Reset": String(reset),
    },
  };
}
