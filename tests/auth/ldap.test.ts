// Directory sign-in against a real OpenLDAP slapd on a loopback port: settings API, bind/search/bind,
// auto-provisioning with audit entries, refusals (wrong password, unknown user, filter injection) and a
// directory that is down or silent.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetCachedSecrets } from "@/lib/auth/secrets";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { type SeededCompany, seedCompany, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { freePort, LDAP_PEOPLE, LDAP_SERVICE_DN, LDAP_SERVICE_PASSWORD, type Slapd, startSlapd } from "../helpers/slapd";
import { signIn } from "./sign-in";

useTestDatabase();

const ENV = { NEXTAUTH_SECRET: "test-session-secret-0123456789", SECRET_KEY: "test-secret-key-0123456789", IS_LDAP_ON: "True" };
const PATH = "/api/v3/auth/ldap-settings";
let slapd: Slapd;
let silent: net.Server;
let silentPort: number;
const silentSockets = new Set<net.Socket>();

beforeAll(async () => {
  setEnvForTests(ENV);
  forgetCachedSecrets();
  slapd = await startSlapd();
  // Accepts connections and never answers: a hung directory.
  silent = net.createServer((socket) => silentSockets.add(socket));
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  silentPort = (silent.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await slapd?.stop();
  for (const s of silentSockets) s.destroy();
  await new Promise((r) => silent?.close(r));
});

function settings(overrides: Record<string, unknown> = {}) {
  return {
    server_uri: slapd.url,
    bind_dn: LDAP_SERVICE_DN,
    bind_password: LDAP_SERVICE_PASSWORD,
    user_search_base: LDAP_PEOPLE,
    user_search_filter: "(&(objectClass=inetOrgPerson)(uid=%(user)s))",
    attr_email: "mail",
    attr_first_name: "givenName",
    attr_last_name: "sn",
    use_tls: false,
    connection_timeout: 2,
    ...overrides,
  };
}

async function ldapCompany(overrides: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<SeededCompany> {
  const company = await seedCompany();
  const res = await api.put(PATH, { key: company.admin.key, body: { name: "Example directory", settings: settings(overrides), ...extra } });
  expect(res.status, res.text).toBe(200);
  return company;
}

const ldapSignIn = (company: SeededCompany, username: string, password: string) => signIn("ldap", { username, password, client_id: company.slug });

describe("LDAP settings API", () => {
  it("stores the settings with the bind password encrypted and never returned; auth_method becomes ldap", async () => {
    const company = await ldapCompany({}, { login_domain: "login.example-ldap.test" });
    const res = await api.get(PATH, { key: company.admin.key });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(LDAP_SERVICE_PASSWORD);
    expect(res.body).toMatchObject({
      provider: "ldap",
      name: "Example directory",
      client_id: company.slug,
      login_domain: "login.example-ldap.test",
      auth_method: "ldap",
      ldap_enabled: true,
      login_urls: ["https://login.example-ldap.test/login", `http://localhost:3000/login/ldap/${company.slug}`],
      settings: { server_uri: slapd.url, bind_dn: LDAP_SERVICE_DN, bind_password_set: true, use_tls: false, connection_timeout: 2 },
    });
    expect(res.body.settings).not.toHaveProperty("bind_password");
    const row = await db().ldapSettings.findUniqueOrThrow({ where: { companyId: company.companyId } });
    expect(row.bindPasswordEnc).toMatch(/^v1\./);
    expect(row.bindPasswordEnc).not.toContain(LDAP_SERVICE_PASSWORD);
    const check = await api.get("/api/v3/auth/check-company", { headers: { host: "login.example-ldap.test" } });
    expect(check.body).toMatchObject({ company: { id: company.companyId }, auth_method: "ldap" });

    // Omitting bind_password keeps the stored one.
    const kept = await api.put(PATH, { key: company.admin.key, body: { name: "Renamed", settings: { ...settings(), bind_password: undefined } } });
    expect(kept.status, kept.text).toBe(200);
    expect((await db().ldapSettings.findUniqueOrThrow({ where: { companyId: company.companyId } })).bindPasswordEnc).toBe(row.bindPasswordEnc);
  });

  it("is for company admins only and validates its input", async () => {
    const company = await seedCompany();
    const member = await seedUser(company.companyId);
    expectError(await api.get(PATH, { key: member.key }), 403, "insufficient_permissions");
    expectError(await api.put(PATH, { key: member.key, body: { name: "x", settings: settings() } }), 403, "insufficient_permissions");
    expectError(await api.get(PATH, { key: company.admin.key }), 404, "not_found");
    const noPassword = await api.put(PATH, { key: company.admin.key, body: { name: "x", settings: { ...settings(), bind_password: undefined } } });
    expect(expectError(noPassword, 422, "validation_error").fields).toHaveProperty(["settings.bind_password"]);
    const badFilter = await api.put(PATH, { key: company.admin.key, body: { name: "x", settings: settings({ user_search_filter: "(uid=*)" }) } });
    expect(expectError(badFilter, 422, "validation_error").fields).toHaveProperty(["settings.user_search_filter"]);
    expectError(
      await api.put(PATH, { key: company.admin.key, body: { name: "x", settings: settings({ server_uri: "http://x" }) } }),
      422,
      "validation_error",
    );
    expectError(
      await api.put(PATH, { key: company.admin.key, body: { name: "x", client_id: "Has Spaces", settings: settings() } }),
      422,
      "validation_error",
    );
    const other = await seedCompany();
    expectError(await api.put(PATH, { key: company.admin.key, body: { name: "x", client_id: other.slug, settings: settings() } }), 409, "conflict");
    expectError(await api.delete(PATH, { key: company.admin.key }), 404, "not_found");
  });

  it("tests the stored settings step by step against the live directory without signing anyone in", async () => {
    const company = await ldapCompany();
    const found = await api.post(`${PATH}/test`, { key: company.admin.key, body: { username: "barbara" } });
    expect(found.status, found.text).toBe(200);
    expect(found.body).toMatchObject({
      ok: true,
      user: { dn: `uid=barbara,${LDAP_PEOPLE}`, email: "barbara.liskov@example.test", first_name: "Barbara", last_name: "Liskov" },
    });
    const verdicts = (r: { body: { steps: { step: string; status: string }[] } }) => r.body.steps.map((s) => `${s.step}:${s.status}`);
    expect(verdicts(found)).toEqual(["connect:ok", "bind:ok", "search_base:ok", "find_user:ok"]);
    const noName = await api.post(`${PATH}/test`, { key: company.admin.key });
    expect(noName.body).toMatchObject({ ok: true, user: null });
    expect(verdicts(noName)).toEqual(["connect:ok", "bind:ok", "search_base:ok", "find_user:skipped"]);
    const star = await api.post(`${PATH}/test`, { key: company.admin.key, body: { username: "*" } });
    expect(star.body).toMatchObject({ ok: false, user: null });
    expect(star.body.steps[3]).toMatchObject({ step: "find_user", status: "failed", detail: expect.stringMatching(/no entry matches/) });
    expect(await db().user.count({ where: { email: "barbara.liskov@example.test" } })).toBe(0);

    const member = await seedUser(company.companyId);
    expectError(await api.post(`${PATH}/test`, { key: member.key }), 403, "insufficient_permissions");
    expectError(await api.post(`${PATH}/test`, { key: (await seedCompany()).admin.key }), 404, "not_found");
    const badBind = await ldapCompany({ bind_password: "not-the-password" });
    const refused = await api.post(`${PATH}/test`, { key: badBind.admin.key, body: { username: "ada" } });
    expect(verdicts(refused)).toEqual(["connect:ok", "bind:failed", "search_base:skipped", "find_user:skipped"]);
    expect(refused.body.steps[1].detail).toMatch(/refused the DN or password/);
    const badBase = await ldapCompany({ user_search_base: "ou=nobody,dc=example,dc=test" });
    const noBase = await api.post(`${PATH}/test`, { key: badBase.admin.key, body: { username: "ada" } });
    expect(verdicts(noBase)).toEqual(["connect:ok", "bind:ok", "search_base:failed", "find_user:skipped"]);
    expect(noBase.body.steps[2].detail).toMatch(/no such entry/);
    const down = await ldapCompany({ server_uri: `ldap://127.0.0.1:${await freePort()}` });
    const unreachable = await api.post(`${PATH}/test`, { key: down.admin.key });
    expect(unreachable.status).toBe(200);
    expect(unreachable.body.ok).toBe(false);
    expect(verdicts(unreachable)).toEqual(["connect:failed", "bind:skipped", "search_base:skipped", "find_user:skipped"]);
    expect(unreachable.body.steps[0].detail).toMatch(/Cannot reach/);
    const hung = await ldapCompany({ server_uri: `ldap://127.0.0.1:${silentPort}`, connection_timeout: 1 });
    const silentAnswer = await api.post(`${PATH}/test`, { key: hung.admin.key });
    expect(verdicts(silentAnswer)).toEqual(["connect:ok", "bind:failed", "search_base:skipped", "find_user:skipped"]);
    expect(silentAnswer.body.steps[1].detail).toMatch(/no answer within 1 s|timeout/i);
  });

  it("tests unsaved settings from the form, with the stored bind password when none is given", async () => {
    const company = await ldapCompany({ user_search_base: "ou=nobody,dc=example,dc=test" });
    const form = { ...settings(), bind_password: undefined };
    const r = await api.post(`${PATH}/test`, { key: company.admin.key, body: { username: "ada", settings: form } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ ok: true, user: { email: "ada.lovelace@example.test" } });
    // Nothing saved: the stored (wrong) search base is still what a test without settings uses.
    expect((await api.post(`${PATH}/test`, { key: company.admin.key })).body.ok).toBe(false);
    const fresh = await seedCompany();
    const missing = await api.post(`${PATH}/test`, { key: fresh.admin.key, body: { settings: form } });
    expect(expectError(missing, 422, "validation_error").fields).toHaveProperty(["settings.bind_password"]);
    const withPassword = await api.post(`${PATH}/test`, { key: fresh.admin.key, body: { settings: settings() } });
    expect(withPassword.body.ok).toBe(true);
    expectError(await api.post(`${PATH}/test`, { key: fresh.admin.key, body: { settings: { server_uri: "http://x" } } }), 422, "validation_error");
  });

  it("refuses to configure a directory while IS_LDAP_ON is off", async () => {
    const company = await seedCompany();
    setEnvForTests({ ...ENV, IS_LDAP_ON: "false" });
    try {
      expectError(await api.put(PATH, { key: company.admin.key, body: { name: "x", settings: settings() } }), 400, "bad_request");
    } finally {
      setEnvForTests(ENV);
    }
  });
});

describe("LDAP sign-in", () => {
  it("refuses a directory user deactivated by a company admin until reactivated", async () => {
    const company = await ldapCompany();
    const first = await ldapSignIn(company, "edsger", "Shortest-1959");
    expect(first.error).toBeNull();
    const user = await db().user.findUniqueOrThrow({ where: { email: "edsger.dijkstra@example.test" } });
    const off = await api.patch(`/api/v3/users/${user.id}`, { key: company.admin.key, body: { is_active: false } });
    expect(off.body.is_active).toBe(false);
    expectError(await api.get("/api/v3/auth/session", { headers: { cookie: first.cookie! } }), 401, "unauthorized");
    expect((await ldapSignIn(company, "edsger", "Shortest-1959")).error).toBe("invalid_credentials");
    await api.patch(`/api/v3/users/${user.id}`, { key: company.admin.key, body: { is_active: true } });
    expect((await ldapSignIn(company, "edsger", "Shortest-1959")).error).toBeNull();
    // Other tests provision this directory person afresh.
    await db().user.delete({ where: { id: user.id } });
  });

  it("provisions the user on first login from the directory attributes, with audit entries", async () => {
    const company = await ldapCompany();
    const r = await ldapSignIn(company, "ada", "Engine-1843");
    expect(r.error).toBeNull();
    expect(r.status).toBe(200);
    const user = await db().user.findUniqueOrThrow({ where: { email: "ada.lovelace@example.test" }, include: { memberships: true } });
    expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", emailVerified: true, passwordHash: null, isActive: true });
    expect(user.memberships.map((m) => [m.companyId, m.role])).toEqual([[company.companyId, "member"]]);
    const audit = await db().auditLog.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.method, a.companyId])).toEqual([
      ["User created", "ldap_auto_provision", company.companyId],
      ["User logged in", "ldap", company.companyId],
    ]);
    const me = await api.get("/api/v3/auth/session", { headers: { cookie: r.cookie! } });
    expect(me.body).toMatchObject({
      user: { id: user.id, first_name: "Ada" },
      company: { id: company.companyId, auth_method: "ldap" },
      auth: "session",
    });
    // Directory users are verified: the rest of the API works straight away.
    expect((await api.get("/api/v3/tags", { headers: { cookie: r.cookie! } })).status).toBe(200);

    const again = await ldapSignIn(company, "ADA", "Engine-1843");
    expect(again.error).toBeNull();
    expect(await db().user.count({ where: { email: "ada.lovelace@example.test" } })).toBe(1);
    expect(await db().auditLog.count({ where: { userId: user.id, action: "User created" } })).toBe(1);
    expect(await db().auditLog.count({ where: { userId: user.id, action: "User logged in", method: "ldap" } })).toBe(2);
  });

  it("refuses a wrong password, an unknown user and an empty password", async () => {
    const company = await ldapCompany();
    for (const [u, p] of [
      ["grace", "wrong-password"],
      ["nobody", "Cobol-1959"],
      ["grace", ""],
    ]) {
      const r = await ldapSignIn(company, u, p);
      expect(r.error, `${u}/${p}`).toBe("invalid_credentials");
      expect(r.cookie).toBeNull();
    }
    expect(await db().user.count({ where: { email: "grace.hopper@example.test" } })).toBe(0);
  });

  it("escapes filter characters in the login name: injection attempts match nobody", async () => {
    const company = await ldapCompany();
    for (const attempt of ["*)(uid=*", "*", "alan)(|(uid=*", "al*", "alan\\", "alan)(objectClass=*"]) {
      const r = await ldapSignIn(company, attempt, "Enigma-1940");
      expect(r.error, attempt).toBe("invalid_credentials");
    }
    expect(await db().user.count({ where: { email: "alan.turing@example.test" } })).toBe(0);
    expect((await ldapSignIn(company, "alan", "Enigma-1940")).error).toBeNull();
  });

  it("finds the company from its custom login domain without a client id", async () => {
    const company = await ldapCompany({}, { login_domain: "sso.example-grace.test" });
    const r = await signIn("ldap", { username: "edsger", password: "Shortest-1959" }, { host: "sso.example-grace.test" });
    expect(r.error).toBeNull();
    const user = await db().user.findUniqueOrThrow({ where: { email: "edsger.dijkstra@example.test" }, include: { memberships: true } });
    expect(user.memberships[0].companyId).toBe(company.companyId);
  });

  it("does not let a directory claim a user of another company", async () => {
    const other = await seedCompany();
    const victim = await seedUser(other.companyId);
    const company = await ldapCompany({ attr_email: "description" });
    // slapd's fixture has no `description`: mapping e-mail to it leaves the entry without an address.
    expect((await ldapSignIn(company, "ada", "Engine-1843")).error).toBe("account_conflict");
    await db().user.update({ where: { id: victim.userId }, data: { email: "barbara.liskov@example.test" } });
    const company2 = await ldapCompany();
    expect((await ldapSignIn(company2, "barbara", "Liskov-1987")).error).toBe("account_conflict");
    expect(await db().membership.count({ where: { userId: victim.userId } })).toBe(1);
  });

  it("refuses a deactivated directory user", async () => {
    const company = await ldapCompany();
    expect((await ldapSignIn(company, "margaret", "Apollo-1969")).error).toBeNull();
    await db().user.updateMany({ where: { email: "margaret.hamilton@example.test" }, data: { isActive: false } });
    expect((await ldapSignIn(company, "margaret", "Apollo-1969")).error).toBe("invalid_credentials");
  });

  it("reports a closed port, a silent server or a refused StartTLS as directory_unavailable, within connection_timeout", async () => {
    const closed = await ldapCompany({ server_uri: `ldap://127.0.0.1:${await freePort()}` });
    expect((await ldapSignIn(closed, "ada", "Engine-1843")).error).toBe("directory_unavailable");

    const hung = await ldapCompany({ server_uri: `ldap://127.0.0.1:${silentPort}`, connection_timeout: 1 });
    const started = Date.now();
    expect((await ldapSignIn(hung, "ada", "Engine-1843")).error).toBe("directory_unavailable");
    // Bounded by connection_timeout (1 s) rather than hanging; generous margin for a loaded machine.
    expect(Date.now() - started).toBeLessThan(8000);

    const tls = await ldapCompany({ use_tls: true });
    expect((await ldapSignIn(tls, "ada", "Engine-1843")).error).toBe("directory_unavailable");
    const badBind = await ldapCompany({ bind_password: "not-the-password" });
    expect((await ldapSignIn(badBind, "ada", "Engine-1843")).error).toBe("directory_unavailable");
  });

  it("is refused when IS_LDAP_ON is off or the company has no directory", async () => {
    const company = await ldapCompany();
    setEnvForTests({ ...ENV, IS_LDAP_ON: "false" });
    try {
      expect((await ldapSignIn(company, "ada", "Engine-1843")).error).toBe("directory_disabled");
    } finally {
      setEnvForTests(ENV);
    }
    const res = await api.delete(PATH, { key: company.admin.key });
    expect(res.status).toBe(204);
    expect((await db().company.findUniqueOrThrow({ where: { id: company.companyId } })).authMethod).toBe("password");
    expect((await ldapSignIn(company, "ada", "Engine-1843")).error).toBe("directory_not_configured");
    expect((await signIn("ldap", { username: "ada", password: "x", client_id: "no-such-company" })).error).toBe("directory_not_configured");
  });
});
