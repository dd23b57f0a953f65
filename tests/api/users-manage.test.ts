// Company admins manage people (issue 19): role changes, deactivation and reactivation, invitations by
// e-mail (invite, list, resend, revoke) and accepting one. Through the HTTP layer on a real database.
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/passwords";
import { forgetCachedSecrets } from "@/lib/auth/secrets";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { signIn } from "../auth/sign-in";
import { seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

beforeAll(() => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-session-secret-0123456789", SECRET_KEY: "test-secret-key-0123456789" });
  forgetCachedSecrets();
});

const PASSWORD = "a long enough password";
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

async function withPassword(userId: number) {
  await db().user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(PASSWORD) } });
}

describe("PATCH /api/v3/users/{id}", () => {
  it("changes the company role, and deactivation ends sign-in, sessions and keys until reactivated", async () => {
    const acme = await seedCompany();
    const ada = await seedUser(acme.companyId);
    await withPassword(ada.userId);
    const session = await signIn("password", { email: ada.email, password: PASSWORD });
    expect((await api.get("/api/v3/auth/session", { headers: { cookie: session.cookie! } })).status).toBe(200);

    const promoted = await api.patch(`/api/v3/users/${ada.userId}`, { key: acme.admin.key, body: { company_role: "company_dpo" } });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toMatchObject({ id: ada.userId, company_role: "company_dpo", is_active: true });
    expect((await api.get("/api/v3/auth/session", { key: ada.key })).body.company_role).toBe("company_dpo");

    const off = await api.patch(`/api/v3/users/${ada.userId}`, { key: acme.admin.key, body: { is_active: false } });
    expect(off.body).toMatchObject({ is_active: false, company_role: "company_dpo" });
    expectError(await api.get("/api/v3/auth/session", { key: ada.key }), 401, "unauthorized");
    expectError(await api.get("/api/v3/auth/session", { headers: { cookie: session.cookie! } }), 401, "unauthorized");
    const refused = await signIn("password", { email: ada.email, password: PASSWORD });
    expect(refused.error).toBe("invalid_credentials");
    const listed = await api.get(`/api/v3/users?search=${encodeURIComponent(ada.email)}`, { key: acme.admin.key });
    expect(listed.body.results[0]).toMatchObject({ id: ada.userId, is_active: false });

    const on = await api.patch(`/api/v3/users/${ada.userId}`, { key: acme.admin.key, body: { is_active: true } });
    expect(on.body.is_active).toBe(true);
    expect((await api.get("/api/v3/auth/session", { key: ada.key })).status).toBe(200);
    // The session ended by the deactivation stays ended; signing in again works.
    expectError(await api.get("/api/v3/auth/session", { headers: { cookie: session.cookie! } }), 401, "unauthorized");
    expect((await signIn("password", { email: ada.email, password: PASSWORD })).error).toBeNull();
    const actions = (await db().auditLog.findMany({ where: { companyId: acme.companyId }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["User role changed", "User deactivated", "User reactivated"]));
  });

  it("keeps the admin from locking themselves or the company out", async () => {
    const acme = await seedCompany();
    const self = expectError(
      await api.patch(`/api/v3/users/${acme.admin.userId}`, { key: acme.admin.key, body: { is_active: false } }),
      400,
      "bad_request",
    );
    expect(self.detail).toMatch(/yourself/);
    expectError(await api.patch(`/api/v3/users/${acme.admin.userId}`, { key: acme.admin.key, body: { company_role: "member" } }), 400, "bad_request");
    // Another admin may demote this one only while a second active admin remains.
    const second = await seedUser(acme.companyId, { role: "company_admin" });
    const demoted = await api.patch(`/api/v3/users/${acme.admin.userId}`, { key: second.key, body: { company_role: "member" } });
    expect(demoted.body.company_role).toBe("member");
    // A deactivated admin does not count as the remaining one.
    const inactive = await seedUser(acme.companyId, { role: "company_admin" });
    await api.patch(`/api/v3/users/${inactive.userId}`, { key: second.key, body: { is_active: false } });
    const instanceAdmin = await seedUser(acme.companyId, { instanceRole: "system_admin" });
    const lone = expectError(
      await api.patch(`/api/v3/users/${second.userId}`, { key: instanceAdmin.key, body: { company_role: "member" } }),
      400,
      "bad_request",
    );
    expect(lone.detail).toMatch(/at least one active company admin/);
    expect((await db().membership.findFirstOrThrow({ where: { userId: second.userId } })).role).toBe("company_admin");
  });

  it("validates, hides other companies' users and refuses non-admins", async () => {
    const acme = await seedCompany();
    const other = await seedCompany();
    const member = await seedUser(acme.companyId);
    const dpo = await seedUser(acme.companyId, { role: "company_dpo" });
    expectError(await api.patch(`/api/v3/users/${other.admin.userId}`, { key: acme.admin.key, body: { is_active: false } }), 404, "not_found");
    expect((await db().membership.findFirstOrThrow({ where: { userId: other.admin.userId } })).isActive).toBe(true);
    expectError(await api.patch("/api/v3/users/999999", { key: acme.admin.key, body: { is_active: false } }), 404, "not_found");
    expect(
      expectError(await api.patch(`/api/v3/users/${member.userId}`, { key: acme.admin.key, body: {} }), 422, "validation_error").fields,
    ).toBeTruthy();
    const badRole = await api.patch(`/api/v3/users/${member.userId}`, { key: acme.admin.key, body: { company_role: "owner" } });
    expect(expectError(badRole, 422, "validation_error").fields).toHaveProperty("company_role");
    expectError(await api.patch("/api/v3/users/abc", { key: acme.admin.key, body: { is_active: false } }), 422, "validation_error");
    for (const key of [member.key, dpo.key, await seedScopedKey(acme.admin, acme.defaultWorkspaceId, "owner")]) {
      expectError(
        await api.patch(`/api/v3/users/${member.userId}`, { key, body: { company_role: "company_admin" } }),
        403,
        "insufficient_permissions",
      );
    }
    expectError(await api.patch(`/api/v3/users/${member.userId}`, { body: { is_active: false } }), 401, "unauthorized");
    expect((await db().membership.findFirstOrThrow({ where: { userId: member.userId } })).role).toBe("member");
  });
});

describe("invitations", () => {
  it("invites by e-mail; without SMTP the admin gets the link; accepting sets a password and signs in", async () => {
    const acme = await seedCompany({ name: "Acme Invites" });
    const sent = await api.post("/api/v3/users/invitations", {
      key: acme.admin.key,
      body: { email: "New.Person@Example.test", company_role: "company_dpo", first_name: "New" },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ email: "new.person@example.test", company_role: "company_dpo", status: "pending", delivery: "log" });
    expect(sent.body.invitation_link).toMatch(/^http:\/\/localhost:3000\/accept-invitation\?token=/);
    expect(sent.body.invited_by).toMatchObject({ id: acme.admin.userId });
    const token = tokenOf(sent.body.invitation_link);
    const stored = await db().invitation.findUniqueOrThrow({ where: { id: sent.body.id } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);

    const preview = await api.post("/api/v3/auth/invitation", { body: { token } });
    expect(preview.body).toMatchObject({ email: "new.person@example.test", company: { name: "Acme Invites" }, account_exists: false });
    const short = await api.post("/api/v3/auth/invitation/accept", { body: { token, password: "short" } });
    expect(expectError(short, 422, "validation_error").fields).toHaveProperty("password");
    const accepted = await api.post("/api/v3/auth/invitation/accept", { body: { token, password: PASSWORD, last_name: "Person" } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({ email: "new.person@example.test", company: { name: "Acme Invites" } });
    expectError(await api.post("/api/v3/auth/invitation/accept", { body: { token, password: PASSWORD } }), 400, "bad_request");

    const session = await signIn("password", { email: "new.person@example.test", password: PASSWORD });
    const me = await api.get("/api/v3/auth/session", { headers: { cookie: session.cookie! } });
    expect(me.body).toMatchObject({
      user: { first_name: "New", last_name: "Person", email_verified: true },
      company: { id: acme.companyId },
      company_role: "company_dpo",
    });
    expect((await api.get("/api/v3/users/invitations", { key: acme.admin.key })).body.count).toBe(0);
    expectError(await api.post("/api/v3/users/invitations", { key: acme.admin.key, body: { email: "new.person@example.test" } }), 409, "conflict");
  });

  it("an address with an account elsewhere joins with that account's password", async () => {
    const acme = await seedCompany({ name: "Second Home" });
    const other = await seedCompany();
    const ada = await seedUser(other.companyId);
    await withPassword(ada.userId);
    const sent = await api.post("/api/v3/users/invitations", { key: acme.admin.key, body: { email: ada.email } });
    const token = tokenOf(sent.body.invitation_link);
    expect((await api.post("/api/v3/auth/invitation", { body: { token } })).body.account_exists).toBe(true);
    const wrong = await api.post("/api/v3/auth/invitation/accept", { body: { token, password: "not the right password" } });
    expect(expectError(wrong, 422, "validation_error").fields).toHaveProperty("password");
    expect((await api.post("/api/v3/auth/invitation/accept", { body: { token, password: PASSWORD } })).status).toBe(200);
    const memberships = await db().membership.findMany({ where: { userId: ada.userId } });
    expect(memberships.map((m) => m.companyId).sort()).toEqual([acme.companyId, other.companyId].sort());
    expect((await db().user.findUniqueOrThrow({ where: { id: ada.userId } })).passwordHash).toBeTruthy();
  });

  it("lists pending invitations with pages, resends with a new link, revokes, and expires", async () => {
    const acme = await seedCompany();
    const ids: number[] = [];
    for (const n of [1, 2, 3])
      ids.push((await api.post("/api/v3/users/invitations", { key: acme.admin.key, body: { email: `p${n}@example.test` } })).body.id);
    const page1 = await api.get("/api/v3/users/invitations?page_size=2", { key: acme.admin.key });
    expect(page1.body).toMatchObject({ count: 3, previous: null });
    expect(page1.body.results.map((r: { email: string }) => r.email)).toEqual(["p3@example.test", "p2@example.test"]);
    expect(page1.body.next).toContain("page=2");
    const page2 = await api.get("/api/v3/users/invitations?page_size=2&page=2", { key: acme.admin.key });
    expect(page2.body.results.map((r: { email: string }) => r.email)).toEqual(["p1@example.test"]);

    const first = (await api.post(`/api/v3/users/invitations/${ids[0]}/resend`, { key: acme.admin.key })).body;
    const again = await api.post(`/api/v3/users/invitations/${ids[0]}/resend`, { key: acme.admin.key });
    expect(again.status, again.text).toBe(200);
    expect(again.body.invitation_link).not.toBe(first.invitation_link);
    expectError(await api.post("/api/v3/auth/invitation", { body: { token: tokenOf(first.invitation_link) } }), 400, "bad_request");
    expect((await api.post("/api/v3/auth/invitation", { body: { token: tokenOf(again.body.invitation_link) } })).status).toBe(200);

    expect((await api.delete(`/api/v3/users/invitations/${ids[0]}`, { key: acme.admin.key })).status).toBe(204);
    expectError(await api.delete(`/api/v3/users/invitations/${ids[0]}`, { key: acme.admin.key }), 404, "not_found");
    expectError(await api.post(`/api/v3/users/invitations/${ids[0]}/resend`, { key: acme.admin.key }), 404, "not_found");
    expectError(
      await api.post("/api/v3/auth/invitation/accept", { body: { token: tokenOf(again.body.invitation_link), password: PASSWORD } }),
      400,
      "bad_request",
    );
    expect((await api.get("/api/v3/users/invitations", { key: acme.admin.key })).body.count).toBe(2);

    // An expired invitation is listed as such, its link refused; inviting the address again replaces it.
    const expiring = (await api.post(`/api/v3/users/invitations/${ids[1]}/resend`, { key: acme.admin.key })).body;
    await db().invitation.update({ where: { id: ids[1] }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const listed = (await api.get("/api/v3/users/invitations", { key: acme.admin.key })).body.results;
    expect(listed.find((r: { id: number }) => r.id === ids[1]).status).toBe("expired");
    expectError(await api.post("/api/v3/auth/invitation", { body: { token: tokenOf(expiring.invitation_link) } }), 400, "bad_request");
    expectError(await api.post("/api/v3/users/invitations", { key: acme.admin.key, body: { email: "p3@example.test" } }), 409, "conflict");
    expect((await api.post("/api/v3/users/invitations", { key: acme.admin.key, body: { email: "p2@example.test" } })).status).toBe(201);
  });

  it("validates, hides other companies' invitations and refuses non-admins", async () => {
    const acme = await seedCompany();
    const other = await seedCompany();
    const theirs = (await api.post("/api/v3/users/invitations", { key: other.admin.key, body: { email: "theirs@example.test" } })).body.id;
    expectError(await api.delete(`/api/v3/users/invitations/${theirs}`, { key: acme.admin.key }), 404, "not_found");
    expectError(await api.post(`/api/v3/users/invitations/${theirs}/resend`, { key: acme.admin.key }), 404, "not_found");
    expect((await db().invitation.findUniqueOrThrow({ where: { id: theirs } })).revokedAt).toBeNull();
    expect((await api.get("/api/v3/users/invitations", { key: acme.admin.key })).body.count).toBe(0);

    const bad = await api.post("/api/v3/users/invitations", { key: acme.admin.key, body: { email: "not-an-address", company_role: "boss" } });
    const fields = expectError(bad, 422, "validation_error").fields!;
    expect(Object.keys(fields).sort()).toEqual(["company_role", "email"]);
    expectError(await api.post("/api/v3/users/invitations", { key: acme.admin.key, body: { email: acme.admin.email } }), 409, "conflict");

    const member = await seedUser(acme.companyId);
    const dpo = await seedUser(acme.companyId, { role: "company_dpo" });
    for (const key of [member.key, dpo.key]) {
      expectError(await api.get("/api/v3/users/invitations", { key }), 403, "insufficient_permissions");
      expectError(await api.post("/api/v3/users/invitations", { key, body: { email: "x@example.test" } }), 403, "insufficient_permissions");
    }
    const mine = (await api.post("/api/v3/users/invitations", { key: acme.admin.key, body: { email: "mine@example.test" } })).body.id;
    expectError(await api.post(`/api/v3/users/invitations/${mine}/resend`, { key: member.key }), 403, "insufficient_permissions");
    expectError(await api.delete(`/api/v3/users/invitations/${mine}`, { key: member.key }), 403, "insufficient_permissions");
    expect(await db().invitation.count({ where: { companyId: acme.companyId } })).toBe(1);
    expectError(await api.post("/api/v3/auth/invitation", { body: { token: "x".repeat(43) } }), 400, "bad_request");
    expectError(await api.post("/api/v3/auth/invitation", { body: {} }), 422, "validation_error");
  });
});
