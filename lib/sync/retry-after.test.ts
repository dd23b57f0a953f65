import { describe, expect, it } from "vitest";
import { parseRetryAfter, withRetryAfter } from "./retry-after";

describe("retry-after", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("2")).toBe(2000);
    expect(parseRetryAfter(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(10_000);
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it("retries throttled answers after the asked delay, bounded in attempts and wait", async () => {
    const answers = [
      { status: 429, retryAfter: "0.05" },
      { status: 503, retryAfter: null },
      { status: 200, retryAfter: null },
    ];
    let calls = 0;
    const t0 = Date.now();
    const res = await withRetryAfter(
      async () => answers[calls++],
      () => undefined,
      { baseMs: 10 },
    );
    expect(res.status).toBe(200);
    expect(calls).toBe(3);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(50);

    calls = 0;
    const tooLong = await withRetryAfter(
      async () => ({ status: 429, retryAfter: "3600" }),
      () => undefined,
      { maxWaitMs: 1000 },
    );
    expect(tooLong.status).toBe(429);
    let n = 0;
    const exhausted = await withRetryAfter(
      async () => ({ status: 500, retryAfter: "0", n: ++n }),
      () => undefined,
      { attempts: 3 },
    );
    expect(exhausted).toMatchObject({ status: 500, n: 3 });
  });
});
