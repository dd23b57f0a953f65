// Issue 16, part 6: protocol details — 405 with the v3 envelope and Allow, failed authentication rate limited per
// client address, truncated multipart bodies without unhandled rejections, sign-in URLs on the request's origin.
import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { resetRateLimitStore } from "@/lib/http/rate-limit";
import { seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { dispatch } from "../helpers/router";

useTestDatabase();

afterEach(() => {
  setEnvForTests({});
  resetRateLimitStore();
});

describe("405 method_not_allowed", () => {
  it("answers the v3 envelope with Allow for a method the path does not have", async () => {
    const res = await api.delete("/api/v3/search");
    expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);

    const item = await api.put("/api/v3/tags/12");
    expectError(item, 405, "method_not_allowed");
    expect(item.headers.get("allow")?.split(", ").sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH"]);
  });

  it("picks the route Next.js would (a literal segment beats a parameter)", async () => {
    // /files/bulk-delete is its own route (POST), not /files/{id} (GET, PATCH, DELETE).
    const res = await api.get("/api/v3/files/bulk-delete");
    expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("leaves allowed methods, unknown paths and HEAD/OPTIONS to the routes", async () => {
    const { admin } = await seedCompany();
    expect((await api.get("/api/v3/tags", { key: admin.key })).status).toBe(200);
    expectError(await api.delete("/api/v3/no-such-thing"), 404, "not_found");
  });
});

describe("failed authentication", () => {
  it("is rate limited per client address, on every endpoint, without touching valid keys", async () => {
    setEnvForTests({ AUTH_FAILURE_RATE_LIMIT_MAX: "3" });
    resetRateLimitStore();
    const { admin } = await seedCompany();
    const from = (ip: string) => ({ key: "sk_invalid_0000000000000000", headers: { "x-forwarded-for": ip } });
    for (let i = 0; i < 3; i++) expectError(await api.get("/api/v3/workspaces", from("203.0.113.7")), 401, "unauthorized");
    const limited = await api.get("/api/v3/tags", from("203.0.113.7"));
    expectError(limited, 429, "too_many_requests");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address still gets its 401s; a valid key from the limited address still works.
    expectError(await api.get("/api/v3/workspaces", from("198.51.100.1")), 401, "unauthorized");
    const valid = await api.get("/api/v3/workspaces", { key: admin.key, headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(valid.status).toBe(200);
  });
});

describe("truncated multipart body", () => {
  it("answers 400 and leaves no unhandled rejection behind", async () => {
    const { admin } = await seedCompany();
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const boundary = "----h16boundary";
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      const raw = `${head}%PDF-1.4 ${"x".repeat(64 * 1024)}`; // no closing boundary
      for (const path of ["/api/v3/files", "/api/v3/parse"]) {
        const res = await api.post(path, { key: admin.key, raw, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
        expectError(res, 400, "bad_request");
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(rejections).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});

describe("sign-in URLs", () => {
  it("point at the request's origin when APP_URL is unset", async () => {
    setEnvForTests({ NEXTAUTH_SECRET: "test-session-secret-0123456789", SECRET_KEY: "test-secret-key-0123456789" });
    const headers = { host: "docs.example.test:8443", "x-forwarded-proto": "https" };
    const origin = "https://docs.example.test:8443";
    const csrf = await dispatch(new Request("http://docs.example.test:8443/api/auth/csrf", { headers }));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const refused = await dispatch(
      new Request("http://docs.example.test:8443/api/auth/callback/password", {
        method: "POST",
        headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "nobody@example.test", password: "wrong password!!", csrfToken, callbackUrl: "/" }),
      }),
    );
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(new RegExp(`^${origin}/`));

    const signin = await dispatch(new Request("http://docs.example.test:8443/api/auth/signin", { headers }));
    expect(signin.headers.get("location")).not.toContain("localhost");
    const providers = await (await dispatch(new Request("http://docs.example.test:8443/api/auth/providers", { headers }))).text();
    expect(providers).not.toContain("localhost");
    expect(providers).toContain(`${origin}/api/auth/callback/password`);
  });
});
