// GET /api/v3/auth/check-company: company from the custom domain (Host / X-Forwarded-Host) or client_id.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const PATH = "/api/v3/auth/check-company";

describe("GET /api/v3/auth/check-company", () => {
  it("finds the company by custom domain from the Host header, without a bearer", async () => {
    const acme = await seedCompany({ name: "Acme Legal", customDomain: "docs.acme-legal.test" });
    await db().company.update({ where: { id: acme.companyId }, data: { authMethod: "ldap" } });
    const res = await api.get(PATH, { headers: { host: "docs.acme-legal.test" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      company: { id: acme.companyId, name: "Acme Legal" },
      auth_method: "ldap",
      custom_domain: "docs.acme-legal.test",
      slug: acme.slug,
    });
    expect(acme.slug).toBe("acme-legal");
  });

  it("ignores the port and the case of the host", async () => {
    const acme = await seedCompany({ customDomain: "login.acme.test" });
    for (const host of ["login.acme.test:8443", "LOGIN.Acme.TEST"]) {
      const res = await api.get(PATH, { headers: { host } });
      expect(res.status, host).toBe(200);
      expect(res.body.company.id).toBe(acme.companyId);
    }
  });

  it("prefers X-Forwarded-Host (behind a proxy) over Host", async () => {
    const acme = await seedCompany({ customDomain: "kb.acme-proxy.test" });
    const res = await api.get(PATH, { headers: { host: "internal:3000", "x-forwarded-host": "kb.acme-proxy.test, proxy.local" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.company.id).toBe(acme.companyId);
    expect(res.body.custom_domain).toBe("kb.acme-proxy.test");
  });

  it("finds the company by client_id (its slug) on the application domain", async () => {
    const globex = await seedCompany({ name: "Globex Corporation" });
    const res = await api.get(`${PATH}?client_id=${globex.slug}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      company: { id: globex.companyId, name: "Globex Corporation" },
      auth_method: "password",
      custom_domain: null,
      slug: "globex-corporation",
    });
    // Case-insensitive, as typed in a login URL.
    expect((await api.get(`${PATH}?client_id=Globex-Corporation`)).body.company.id).toBe(globex.companyId);
  });

  it("answers 404 for an unknown host and an unknown client_id", async () => {
    await seedCompany({ customDomain: "known.acme.test" });
    expectError(await api.get(PATH, { headers: { host: "unknown.example.test" } }), 404, "not_found");
    expectError(await api.get(`${PATH}?client_id=nobody-here`), 404, "not_found");
    expectError(await api.get(PATH), 404, "not_found");
    const err = expectError(await api.get(`${PATH}?client_id=`), 404, "not_found");
    expect(err.doc_url).toMatch(/\/docs#error-not-found$/);
  });

  it("needs no bearer and ignores a bad one", async () => {
    const acme = await seedCompany();
    const res = await api.get(`${PATH}?client_id=${acme.slug}`, { key: "dik_garbage" });
    expect(res.status).toBe(200);
    expect(res.body.company.id).toBe(acme.companyId);
  });

  it("validates client_id", async () => {
    const err = expectError(await api.get(`${PATH}?client_id=${"x".repeat(101)}`), 422, "validation_error");
    expect(Object.keys(err.fields!)).toEqual(["client_id"]);
  });

  it("does not disclose anything beyond the login information", async () => {
    const acme = await seedCompany({ customDomain: "quiet.acme.test" });
    const res = await api.get(PATH, { headers: { host: "quiet.acme.test" } });
    expect(Object.keys(res.body).sort()).toEqual(["auth_method", "company", "custom_domain", "slug"]);
    expect(Object.keys(res.body.company).sort()).toEqual(["id", "name"]);
    expect(res.body.company.id).toBe(acme.companyId);
  });
});
