// Rate limiting through HTTP (per API key, per IP when anonymous) and the shared Postgres store.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { checkRateLimit, PostgresRateLimitStore, resetRateLimitStore } from "@/lib/http/rate-limit";
import { seedCompany, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const WINDOW_S = 60;
// 20 s into a 60 s window: every request of a test lands in the same window.
const NOW = new Date(Math.floor(Date.parse("2031-03-04T10:00:00Z") / (WINDOW_S * 1000)) * WINDOW_S * 1000 + 20_000);
const WINDOW_END_S = Math.floor(NOW.getTime() / 1000) + 40;

beforeEach(() => {
  // Only Date is faked: timers and the database keep running normally.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  setEnvForTests({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_S) });
  resetRateLimitStore();
});

afterEach(() => {
  vi.useRealTimers();
  setEnvForTests({});
  resetRateLimitStore();
});

function rateHeaders(res: { headers: Headers }) {
  return {
    limit: res.headers.get("x-ratelimit-limit"),
    remaining: res.headers.get("x-ratelimit-remaining"),
    reset: res.headers.get("x-ratelimit-reset"),
  };
}

describe("per API key", () => {
  it("sends X-RateLimit-Limit/Remaining/Reset on success and 429 with Retry-After once exceeded", async () => {
    const acme = await seedCompany();
    for (const remaining of [2, 1, 0]) {
      const res = await api.get("/api/v3/workspaces", { key: acme.admin.key });
      expect(res.status).toBe(200);
      expect(rateHeaders(res)).toEqual({ limit: "3", remaining: String(remaining), reset: String(WINDOW_END_S) });
    }
    const limited = await api.get("/api/v3/workspaces", { key: acme.admin.key });
    const err = expectError(limited, 429, "too_many_requests");
    expect(err.doc_url).toBe("http://localhost:3000/docs#error-too-many-requests");
    expect(limited.headers.get("retry-after")).toBe("40");
    expect(rateHeaders(limited)).toEqual({ limit: "3", remaining: "0", reset: String(WINDOW_END_S) });
    expect(limited.headers.get("x-request-id")).toMatch(/^req_/);

    // Every endpoint of the key shares the budget.
    expectError(await api.get("/api/v3/api-keys", { key: acme.admin.key }), 429, "too_many_requests");
    expectError(await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "x" } }), 429, "too_many_requests");

    // The next window starts afresh.
    vi.setSystemTime(new Date(NOW.getTime() + 40_000));
    const next = await api.get("/api/v3/workspaces", { key: acme.admin.key });
    expect(next.status).toBe(200);
    expect(rateHeaders(next)).toEqual({ limit: "3", remaining: "2", reset: String(WINDOW_END_S + WINDOW_S) });
  });

  it("counts per key: another key, even of the same user, is unaffected", async () => {
    const acme = await seedCompany();
    const colleague = await seedUser(acme.companyId);
    const second = (await api.post("/api/v3/api-keys", { key: acme.admin.key, body: { name: "second" } })).body.key as string;
    // The POST above used one of the admin key's three requests.
    for (let i = 0; i < 2; i++) expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).status).toBe(200);
    expectError(await api.get("/api/v3/workspaces", { key: acme.admin.key }), 429, "too_many_requests");

    const other = await api.get("/api/v3/workspaces", { key: second });
    expect(other.status).toBe(200);
    expect(rateHeaders(other).remaining).toBe("2");
    const colleagues = await api.get("/api/v3/workspaces", { key: colleague.key });
    expect(colleagues.status).toBe(200);
    expect(rateHeaders(colleagues).remaining).toBe("2");
  });

  it("puts the rate headers on error responses too", async () => {
    const acme = await seedCompany();
    const res = await api.get("/api/v3/workspaces/999999", { key: acme.admin.key });
    expectError(res, 404, "not_found");
    expect(rateHeaders(res)).toEqual({ limit: "3", remaining: "2", reset: String(WINDOW_END_S) });
  });

  it("can be switched off", async () => {
    setEnvForTests({ RATE_LIMIT_ENABLED: "false", RATE_LIMIT_MAX: "1" });
    const acme = await seedCompany();
    for (let i = 0; i < 3; i++) {
      const res = await api.get("/api/v3/workspaces", { key: acme.admin.key });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });

  it("uses a generous default", () => {
    setEnvForTests({});
    // The default allows far more than any interactive client needs in a minute.
    return checkRateLimit("default-probe").then((r) => {
      expect(r?.limit).toBeGreaterThanOrEqual(100);
    });
  });
});

describe("per IP when unauthenticated", () => {
  it("counts anonymous callers by client IP", async () => {
    const a = { "x-forwarded-for": "203.0.113.7, 10.0.0.1" };
    const b = { "x-forwarded-for": "198.51.100.9" };
    for (const remaining of ["2", "1", "0"]) {
      const res = await api.get("/api/v3/system/status", { headers: a });
      expect(res.status).toBe(200);
      expect(rateHeaders(res).remaining).toBe(remaining);
    }
    const limited = await api.get("/api/v3/system/status", { headers: a });
    expectError(limited, 429, "too_many_requests");
    expect(limited.headers.get("retry-after")).toBe("40");
    // The same IP is limited on other anonymous endpoints as well.
    expectError(await api.get("/api/v3/auth/check-company?client_id=nobody", { headers: a }), 429, "too_many_requests");

    // Another IP is not.
    const other = await api.get("/api/v3/system/status", { headers: b });
    expect(other.status).toBe(200);
    expect(rateHeaders(other).remaining).toBe("2");
  });

  it("does not charge an IP's budget to a key, nor a key's to its IP", async () => {
    const acme = await seedCompany();
    const ip = { "x-forwarded-for": "192.0.2.44" };
    for (let i = 0; i < 3; i++) await api.get("/api/v3/system/status", { headers: ip });
    expectError(await api.get("/api/v3/system/status", { headers: ip }), 429, "too_many_requests");
    const keyed = await api.get("/api/v3/system/status", { key: acme.admin.key, headers: ip });
    expect(keyed.status).toBe(200);
    expect(rateHeaders(keyed).remaining).toBe("2");
  });
});

describe("PostgresRateLimitStore (shared between app instances)", () => {
  it("counts hits per key and window in the database", async () => {
    const store = new PostgresRateLimitStore();
    const w1 = new Date("2031-03-04T10:00:00Z");
    const w2 = new Date("2031-03-04T10:01:00Z");
    expect(await store.hit("key:a", w1)).toBe(1);
    expect(await store.hit("key:a", w1)).toBe(2);
    expect(await store.hit("key:a", w1)).toBe(3);
    expect(await store.hit("key:b", w1)).toBe(1);
    expect(await store.hit("key:a", w2)).toBe(1);

    const rows = await db().rateLimitBucket.findMany({
      where: { key: { in: ["key:a", "key:b"] } },
      orderBy: [{ key: "asc" }, { windowStart: "asc" }],
    });
    expect(rows.map((r) => [r.key, r.windowStart.toISOString(), r.count])).toEqual([
      ["key:a", w1.toISOString(), 3],
      ["key:a", w2.toISOString(), 1],
      ["key:b", w1.toISOString(), 1],
    ]);
  });

  it("never loses a hit under concurrency, and two store instances share counters", async () => {
    const one = new PostgresRateLimitStore();
    const two = new PostgresRateLimitStore();
    const w = new Date("2031-03-04T11:00:00Z");
    const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).hit("key:burst", w)));
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await one.hit("key:burst", w)).toBe(21);
  });

  it("backs the HTTP rate limit when configured", async () => {
    resetRateLimitStore(new PostgresRateLimitStore());
    const acme = await seedCompany();
    for (let i = 0; i < 3; i++) expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).status).toBe(200);
    const limited = await api.get("/api/v3/workspaces", { key: acme.admin.key });
    expectError(limited, 429, "too_many_requests");
    expect(limited.headers.get("retry-after")).toBe("40");

    const bucket = await db().rateLimitBucket.findFirstOrThrow({ where: { key: `key:${acme.admin.keyId}` } });
    expect(bucket.count).toBe(4);
    expect(bucket.windowStart.getTime()).toBe(NOW.getTime() - 20_000);

    // A second app instance (a fresh store object) sees the same counter.
    resetRateLimitStore(new PostgresRateLimitStore());
    expectError(await api.get("/api/v3/workspaces", { key: acme.admin.key }), 429, "too_many_requests");
  });

  it("is chosen by RATE_LIMIT_STORE=postgres", async () => {
    setEnvForTests({ RATE_LIMIT_MAX: "3", RATE_LIMIT_STORE: "postgres" });
    resetRateLimitStore();
    await checkRateLimit("key:selected");
    const row = await db().rateLimitBucket.findFirst({ where: { key: "key:selected" } });
    expect(row?.count).toBe(1);
  });
});
