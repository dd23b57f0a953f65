// Failed sign-ins are counted per account name and per client IP in fixed windows, in the database's
// rate_limit_buckets table (shared by all app instances, embedded or server Postgres). Past
// LOGIN_MAX_FAILURES in a window the attempt is refused before the password is even checked.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { LoginError } from "./login-error";

function windowStart(now: Date): Date {
  const ms = env().LOGIN_FAILURE_WINDOW_SECONDS * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** Bucket keys for one attempt: the account name (lower-cased, per realm) and the client IP. */
export function throttleKeys(realm: string, account: string, ip: string | null): string[] {
  const keys = [`login-fail:${realm}:${account.trim().toLowerCase()}`];
  if (ip) keys.push(`login-fail:ip:${ip}`);
  return keys;
}

export async function assertNotThrottled(keys: string[], now = new Date()): Promise<void> {
  const rows = await db().rateLimitBucket.findMany({ where: { key: { in: keys }, windowStart: windowStart(now) } });
  if (rows.some((r) => r.count >= env().LOGIN_MAX_FAILURES)) throw new LoginError("too_many_attempts");
}

export async function recordLoginFailure(keys: string[], now = new Date()): Promise<void> {
  const start = windowStart(now);
  for (const key of keys) {
    await db().$executeRaw`
      INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${start}, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1`;
  }
}

/** A successful sign-in forgets the account's failures (not the IP's: one IP may try many accounts). */
export async function clearLoginFailures(keys: string[]): Promise<void> {
  const accountKeys = keys.filter((k) => !k.startsWith("login-fail:ip:"));
  await db().rateLimitBucket.deleteMany({ where: { key: { in: accountKeys } } });
}
