// Self-service (issue 19): change password, sign out of other sessions, and "forgot password" by e-mailed
// token, through the HTTP layer with real next-auth sessions.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/auth/passwords";
import { forgetCachedSecrets } from "@/lib/auth/secrets";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { log } from "@/lib/log";
import { signIn } from "../auth/sign-in";
import { seedCompany, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const ENV = { NEXTAUTH_SECRET: "test-session-secret-0123456789", SECRET_KEY: "test-secret-key-0123456789", LOGIN_MAX_FAILURES: "4" };
beforeAll(() => {
  setEnvForTests(ENV);
  forgetCachedSecrets();
});
afterEach(() => vi.restoreAllMocks());

const PASSWORD = "the first long password";
const NEW_PASSWORD = "the second long password";
const sameSite = (cookie: string) => ({ cookie, "sec-fetch-site": "same-origin" });
const status = async (cookie: string) => (await api.get("/api/v3/auth/session", { headers: { cookie } })).status;

async function passwordUser() {
  const company = await seedCompany();
  const user = await seedUser(company.companyId);
  await db().user.update({ where: { id: user.userId }, data: { passwordHash: await hashPassword(PASSWORD) } });
  return { company, user };
}

async function cookieFor(email: string, password = PASSWORD): Promise<string> {
  const r = await signIn("password", { email, password });
  expect(r.error).toBeNull();
  return r.cookie!;
}

/** The reset link written to the log (no SMTP configured), or null when none was sent. */
function resetLinkSpy() {
  const warn = vi.spyOn(log, "warn");
  return () => {
    const call = warn.mock.calls.find(([msg]) => msg.startsWith("password reset link"));
    return call ? String((call[1] as { link: string }).link) : null;
  };
}

/** The link is issued after the answer went out: wait for it (or for proof that none comes). */
async function settle(link: () => string | null, expectLink: boolean): Promise<string | null> {
  if (expectLink) await vi.waitFor(() => expect(link()).not.toBeNull(), { timeout: 5000, interval: 20 });
  else await new Promise((r) => setTimeout(r, 300));
  return link();
}

describe("POST /api/v3/auth/password", () => {
  it("changes the password with the current one and signs out the other sessions, not this one", async () => {
    const { user } = await passwordUser();
    const mine = await cookieFor(user.email);
    const other = await cookieFor(user.email);
    const wrong = await api.post("/api/v3/auth/password", {
      headers: sameSite(mine),
      body: { current_password: "not it at all", new_password: NEW_PASSWORD },
    });
    expect(expectError(wrong, 422, "validation_error").fields).toHaveProperty("current_password");
    const short = await api.post("/api/v3/auth/password", { headers: sameSite(mine), body: { current_password: PASSWORD, new_password: "short" } });
    expect(expectError(short, 422, "validation_error").fields).toHaveProperty("new_password");
    expect(await status(other)).toBe(200);

    const changed = await api.post("/api/v3/auth/password", {
      headers: sameSite(mine),
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ signed_out_sessions: 1 });
    expect(await status(mine)).toBe(200);
    expect(await status(other)).toBe(401);
    expect((await signIn("password", { email: user.email, password: PASSWORD })).error).toBe("invalid_credentials");
    expect((await signIn("password", { email: user.email, password: NEW_PASSWORD })).error).toBeNull();
  });

  it("throttles guesses of the current password, refuses directory accounts and cross-site requests", async () => {
    const { user, company } = await passwordUser();
    const mine = { ...sameSite(await cookieFor(user.email)), "x-forwarded-for": "10.9.9.9" };
    const body = { current_password: "a wrong guess", new_password: NEW_PASSWORD };
    for (let i = 0; i < 4; i++) expectError(await api.post("/api/v3/auth/password", { headers: mine, body }), 422, "validation_error");
    expectError(await api.post("/api/v3/auth/password", { headers: mine, body }), 429, "too_many_requests");

    const ldapUser = await seedUser(company.companyId);
    const ldap = await api.post("/api/v3/auth/password", { key: ldapUser.key, body: { current_password: "x", new_password: NEW_PASSWORD } });
    expect(expectError(ldap, 400, "bad_request").detail).toMatch(/directory/);
    const other = await passwordUser();
    const crossSite = await api.post("/api/v3/auth/password", {
      headers: { cookie: await cookieFor(other.user.email), "sec-fetch-site": "cross-site" },
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expectError(crossSite, 403, "insufficient_permissions");
    expectError(await api.post("/api/v3/auth/password", { body: { current_password: PASSWORD, new_password: NEW_PASSWORD } }), 401, "unauthorized");
  });
});

describe("POST /api/v3/auth/sessions/sign-out-others", () => {
  it("ends the user's other sessions only (all of them with an API key)", async () => {
    const { user } = await passwordUser();
    const someoneElse = await passwordUser();
    const theirs = await cookieFor(someoneElse.user.email);
    const [mine, laptop, phone] = [await cookieFor(user.email), await cookieFor(user.email), await cookieFor(user.email)];
    const out = await api.post("/api/v3/auth/sessions/sign-out-others", { headers: sameSite(mine) });
    expect(out.status, out.text).toBe(200);
    expect(out.body).toEqual({ signed_out_sessions: 2 });
    expect([await status(mine), await status(laptop), await status(phone), await status(theirs)]).toEqual([200, 401, 401, 200]);
    expect((await api.post("/api/v3/auth/sessions/sign-out-others", { headers: sameSite(mine) })).body).toEqual({ signed_out_sessions: 0 });
    // With an API key there is no "this" session: all console sessions end.
    expect((await api.post("/api/v3/auth/sessions/sign-out-others", { key: user.key })).body).toEqual({ signed_out_sessions: 1 });
    expect(await status(mine)).toBe(401);
    expectError(await api.post("/api/v3/auth/sessions/sign-out-others"), 401, "unauthorized");
  });
});

describe("forgot password", () => {
  it("e-mails (here: logs) a single-use link, answers the same for unknown addresses, and the reset signs out every session", async () => {
    const { user } = await passwordUser();
    const before = await cookieFor(user.email);
    const link = resetLinkSpy();
    const known = await api.post("/api/v3/auth/password-reset", { body: { email: user.email.toUpperCase() } });
    expect(known.status, known.text).toBe(202);
    const resetLink = await settle(link, true);
    expect(resetLink).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    vi.restoreAllMocks();
    const noLink = resetLinkSpy();
    const unknown = await api.post("/api/v3/auth/password-reset", { body: { email: "nobody-here@example.test" } });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.delivery).toBe("log");
    expect(await settle(noLink, false)).toBeNull();

    const token = new URL(resetLink!).searchParams.get("token")!;
    expect((await db().passwordResetToken.findFirstOrThrow({ where: { userId: user.userId } })).tokenHash).not.toContain(token);
    const weak = await api.post("/api/v3/auth/password-reset/confirm", { body: { token, new_password: "short" } });
    expect(expectError(weak, 422, "validation_error").fields).toHaveProperty("new_password");
    const done = await api.post("/api/v3/auth/password-reset/confirm", { body: { token, new_password: NEW_PASSWORD } });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ email: user.email });
    expect(await status(before)).toBe(401);
    expect((await signIn("password", { email: user.email, password: NEW_PASSWORD })).error).toBeNull();
    const reused = await api.post("/api/v3/auth/password-reset/confirm", { body: { token, new_password: "yet another password" } });
    expect(expectError(reused, 400, "bad_request").detail).toMatch(/invalid, already used or expired/);
  });

  it("refuses expired and unknown tokens, sends nothing for deactivated or directory accounts", async () => {
    const { user, company } = await passwordUser();
    const link = resetLinkSpy();
    await api.post("/api/v3/auth/password-reset", { body: { email: user.email } });
    const token = new URL((await settle(link, true))!).searchParams.get("token")!;
    await db().passwordResetToken.updateMany({ where: { userId: user.userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await api.post("/api/v3/auth/password-reset/confirm", { body: { token, new_password: NEW_PASSWORD } }), 400, "bad_request");
    expectError(
      await api.post("/api/v3/auth/password-reset/confirm", { body: { token: "y".repeat(43), new_password: NEW_PASSWORD } }),
      400,
      "bad_request",
    );
    expectError(await api.post("/api/v3/auth/password-reset/confirm", { body: { new_password: NEW_PASSWORD } }), 422, "validation_error");
    expectError(await api.post("/api/v3/auth/password-reset", { body: { email: "not an address" } }), 422, "validation_error");
    expect((await signIn("password", { email: user.email, password: PASSWORD })).error).toBeNull();

    vi.restoreAllMocks();
    const none = resetLinkSpy();
    await db().membership.updateMany({ where: { userId: user.userId }, data: { isActive: false } });
    const directoryUser = await seedUser(company.companyId);
    for (const email of [user.email, directoryUser.email]) {
      expect(
        (await api.post("/api/v3/auth/password-reset", { body: { email }, headers: { "x-forwarded-for": `10.0.0.${email.length}` } })).status,
      ).toBe(202);
    }
    expect(await settle(none, false)).toBeNull();
  });

  it("limits requests per e-mail address and per client address", async () => {
    const { user } = await passwordUser();
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    for (let i = 0; i < 3; i++) {
      expect((await api.post("/api/v3/auth/password-reset", { body: { email: user.email }, headers: from(`10.1.0.${i}`) })).status).toBe(202);
    }
    expectError(await api.post("/api/v3/auth/password-reset", { body: { email: user.email }, headers: from("10.1.0.9") }), 429, "too_many_requests");
    for (let i = 0; i < 10; i++) {
      expect((await api.post("/api/v3/auth/password-reset", { body: { email: `walk-${i}@example.test` }, headers: from("10.2.0.1") })).status).toBe(
        202,
      );
    }
    expectError(
      await api.post("/api/v3/auth/password-reset", { body: { email: "walk-x@example.test" }, headers: from("10.2.0.1") }),
      429,
      "too_many_requests",
    );
    // The three accepted requests each issued a link after answering; only the newest token is kept.
    await vi.waitFor(async () => expect(await db().passwordResetToken.count({ where: { userId: user.userId } })).toBe(1), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 300));
  });
});
