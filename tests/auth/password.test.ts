// E-mail + password sign-in through next-auth, the session cookie on /api/v3 (with CSRF protection and
// revocation), the failed-login throttle and e-mail verification.
import { beforeAll, describe, expect, it } from "vitest";
import { issueEmailVerification } from "@/lib/auth/email-verification";
import { hashPassword } from "@/lib/auth/passwords";
import { forgetCachedSecrets } from "@/lib/auth/secrets";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { seedCompany, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { signIn } from "./sign-in";

useTestDatabase();

const PASSWORD = "correct horse battery staple";

beforeAll(() => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-session-secret-0123456789", SECRET_KEY: "test-secret-key-0123456789", LOGIN_MAX_FAILURES: "3" });
  forgetCachedSecrets();
});

async function passwordUser(opts: { verified?: boolean } = {}) {
  const company = await seedCompany();
  const user = await seedUser(company.companyId, { verified: opts.verified ?? true, role: "company_admin" });
  await db().user.update({ where: { id: user.userId }, data: { passwordHash: await hashPassword(PASSWORD) } });
  return { company, user };
}

const sameSite = (cookie: string) => ({ cookie, "sec-fetch-site": "same-origin" });

describe("password sign-in", () => {
  it("signs in, and the session cookie authenticates /api/v3 as that user and company", async () => {
    const { company, user } = await passwordUser();
    const r = await signIn("password", { email: user.email.toUpperCase(), password: PASSWORD });
    expect(r.status, String(r.error)).toBe(200);
    expect(r.error).toBeNull();
    expect(r.cookie).toMatch(/^next-auth\.session-token=/);
    const me = await api.get("/api/v3/auth/session", { headers: { cookie: r.cookie! } });
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({
      user: { id: user.userId, email: user.email, email_verified: true },
      company: { id: company.companyId },
      company_role: "company_admin",
      auth: "session",
    });
    const audit = await db().auditLog.findFirst({ where: { userId: user.userId, action: "User logged in" } });
    expect(audit?.method).toBe("password");
  });

  it("gives the same generic refusal for a wrong password and an unknown address, without a session", async () => {
    const { user } = await passwordUser();
    const wrong = await signIn("password", { email: user.email, password: "wrong password!!" });
    const unknown = await signIn("password", { email: "nobody@example.test", password: PASSWORD });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.error).toBe("invalid_credentials");
      expect(r.cookie).toBeNull();
    }
    const failed = await db().auditLog.findFirst({ where: { userId: user.userId, action: "Login failed" } });
    expect(failed?.metadata).toEqual({ reason: "wrong_password" });
  });

  it("refuses users without a password and deactivated users", async () => {
    const company = await seedCompany();
    const noPassword = await seedUser(company.companyId);
    expect((await signIn("password", { email: noPassword.email, password: PASSWORD })).error).toBe("invalid_credentials");
    const { user } = await passwordUser();
    await db().user.update({ where: { id: user.userId }, data: { isActive: false } });
    expect((await signIn("password", { email: user.email, password: PASSWORD })).error).toBe("invalid_credentials");
  });

  it("locks an account out after LOGIN_MAX_FAILURES failures, even with the right password", async () => {
    const { user } = await passwordUser();
    for (let i = 0; i < 3; i++)
      expect((await signIn("password", { email: user.email, password: `nope-${i}-xxxxxx` })).error).toBe("invalid_credentials");
    const locked = await signIn("password", { email: user.email, password: PASSWORD });
    expect(locked.error).toBe("too_many_attempts");
    expect(locked.cookie).toBeNull();
  });

  it("ends the session when the user is deactivated or leaves the company", async () => {
    const { company, user } = await passwordUser();
    const { cookie } = await signIn("password", { email: user.email, password: PASSWORD });
    expect((await api.get("/api/v3/auth/session", { headers: { cookie: cookie! } })).status).toBe(200);
    await db().user.update({ where: { id: user.userId }, data: { isActive: false } });
    expectError(await api.get("/api/v3/auth/session", { headers: { cookie: cookie! } }), 401, "unauthorized");
    await db().user.update({ where: { id: user.userId }, data: { isActive: true } });
    await db().membership.delete({ where: { companyId_userId: { companyId: company.companyId, userId: user.userId } } });
    expectError(await api.get("/api/v3/auth/session", { headers: { cookie: cookie! } }), 401, "unauthorized");
  });

  it("rejects forged or foreign session cookies", async () => {
    expectError(await api.get("/api/v3/tags", { headers: { cookie: "next-auth.session-token=forged.token.value" } }), 401, "unauthorized");
  });
});

describe("session cookie and CSRF", () => {
  it("accepts same-origin state changes and refuses cross-site ones", async () => {
    const { user } = await passwordUser();
    const { cookie } = await signIn("password", { email: user.email, password: PASSWORD });
    const created = await api.post("/api/v3/tags", { headers: sameSite(cookie!), body: { name: "From the console" } });
    expect(created.status, created.text).toBe(201);
    const byOrigin = await api.post("/api/v3/tags", {
      headers: { cookie: cookie!, origin: "http://localhost:3000" },
      body: { name: "Origin header" },
    });
    expect(byOrigin.status, byOrigin.text).toBe(201);

    const crossSite = await api.post("/api/v3/tags", { headers: { cookie: cookie!, "sec-fetch-site": "cross-site" }, body: { name: "Evil" } });
    expect(expectError(crossSite, 403, "insufficient_permissions").detail).toMatch(/Cross-site/);
    expectError(
      await api.post("/api/v3/tags", { headers: { cookie: cookie!, "sec-fetch-site": "same-site" }, body: { name: "Evil" } }),
      403,
      "insufficient_permissions",
    );
    expectError(
      await api.post("/api/v3/tags", { headers: { cookie: cookie!, origin: "https://evil.example" }, body: { name: "Evil" } }),
      403,
      "insufficient_permissions",
    );
    expectError(await api.delete(`/api/v3/tags/${created.body.id}`, { headers: { cookie: cookie! } }), 403, "insufficient_permissions");
    expect(await db().tag.count({ where: { name: "Evil" } })).toBe(0);

    // Reads are safe methods; API keys are not cookies and need no such check.
    expect((await api.get("/api/v3/tags", { headers: { cookie: cookie!, "sec-fetch-site": "cross-site" } })).status).toBe(200);
    expect((await api.post("/api/v3/tags", { key: user.key, body: { name: "By key" } })).status).toBe(201);
  });

  it("signs out: next-auth clears the cookie", async () => {
    const { user } = await passwordUser();
    const { cookie } = await signIn("password", { email: user.email, password: PASSWORD });
    const { dispatch } = await import("../helpers/router");
    const csrf = await dispatch(new Request("http://localhost:3000/api/auth/csrf", { headers: { cookie: cookie! } }));
    const { csrfToken } = await csrf.json();
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
    const out = await dispatch(
      new Request("http://localhost:3000/api/auth/signout", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: [cookie!, ...csrfCookie].join("; ") },
        body: new URLSearchParams({ csrfToken, json: "true" }),
      }),
    );
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^next-auth\.session-token=;/.test(c) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
    // The session row is revoked too: a copy of the cookie kept elsewhere no longer works.
    expectError(await api.get("/api/v3/auth/session", { headers: { cookie: cookie! } }), 401, "unauthorized");
  });
});

describe("e-mail verification", () => {
  it("lets an unverified user sign in, but the API answers 403 email_verification_required until verified", async () => {
    const { user } = await passwordUser({ verified: false });
    const { cookie } = await signIn("password", { email: user.email, password: PASSWORD });
    expectError(await api.get("/api/v3/tags", { headers: { cookie: cookie! } }), 403, "email_verification_required");
    const me = await api.get("/api/v3/auth/session", { headers: { cookie: cookie! } });
    expect(me.body.user.email_verified).toBe(false);

    const { token, link, delivery } = await issueEmailVerification(user.userId, "http://localhost:3000");
    expect(delivery).toBe("log");
    expect(link).toBe(`http://localhost:3000/verify-email?token=${token}`);
    const tokenRow = await db().emailVerificationToken.findFirstOrThrow({ where: { userId: user.userId } });
    expect(tokenRow.tokenHash).not.toContain(token);

    const verified = await api.post("/api/v3/auth/verify-email", { body: { token } });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toEqual({ email: user.email, email_verified: true });
    expect((await api.get("/api/v3/tags", { headers: { cookie: cookie! } })).status).toBe(200);

    const again = await api.post("/api/v3/auth/verify-email", { body: { token } });
    expect(expectError(again, 400, "bad_request").detail).toMatch(/invalid, already used or expired/);
  });

  it("refuses unknown and expired tokens; a new link replaces the old one", async () => {
    const { user } = await passwordUser({ verified: false });
    expectError(await api.post("/api/v3/auth/verify-email", { body: { token: "x".repeat(43) } }), 400, "bad_request");
    expectError(await api.post("/api/v3/auth/verify-email", { body: {} }), 422, "validation_error");
    const first = await issueEmailVerification(user.userId, "http://localhost:3000");
    const second = await issueEmailVerification(user.userId, "http://localhost:3000");
    expectError(await api.post("/api/v3/auth/verify-email", { body: { token: first.token } }), 400, "bad_request");
    await db().emailVerificationToken.updateMany({ where: { userId: user.userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await api.post("/api/v3/auth/verify-email", { body: { token: second.token } }), 400, "bad_request");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.userId } })).emailVerified).toBe(false);
  });

  it("keeps one live link when links are issued at once (on a Postgres server, parallel connections)", async () => {
    const { user } = await passwordUser({ verified: false });
    await Promise.all(Array.from({ length: 6 }, () => issueEmailVerification(user.userId, "http://localhost:3000")));
    expect(await db().emailVerificationToken.count({ where: { userId: user.userId, usedAt: null } })).toBe(1);
  });

  it("resends a link to the signed-in user, at most once a minute, and not when verified", async () => {
    const { user } = await passwordUser({ verified: false });
    const { cookie } = await signIn("password", { email: user.email, password: PASSWORD });
    const sent = await api.post("/api/v3/auth/verify-email/resend", { headers: sameSite(cookie!) });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toMatchObject({ email: user.email, delivery: "log" });
    expectError(await api.post("/api/v3/auth/verify-email/resend", { headers: sameSite(cookie!) }), 429, "too_many_requests");
    const verified = await passwordUser();
    expectError(await api.post("/api/v3/auth/verify-email/resend", { key: verified.user.key }), 400, "bad_request");
    expectError(await api.post("/api/v3/auth/verify-email/resend"), 401, "unauthorized");
  });
});
