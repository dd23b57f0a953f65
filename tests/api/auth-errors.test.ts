// The error contract through HTTP: 401/403 rules, the v3 envelope on every error (unknown paths
// included), 413 without reading the whole body, 400/415/422 on bad bodies, 500 without a stack.
import { afterEach, describe, expect, it, vi } from "vitest";
import { setEnvForTests } from "@/lib/env";
import * as manageWorkspaces from "@/lib/workspaces/manage-workspaces";
import { seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, BASE, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { dispatch } from "../helpers/router";

useTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
  setEnvForTests({});
});

const ENVELOPE_KEYS = ["code", "detail", "doc_url", "error", "id"];

describe("401 unauthorized", () => {
  it("answers 401 for missing, invalid and revoked credentials", async () => {
    const acme = await seedCompany();
    const missing = expectError(await api.get("/api/v3/workspaces"), 401, "unauthorized");
    expect(missing.detail).toMatch(/not provided/i);

    const invalid = expectError(await api.get("/api/v3/workspaces", { key: "dik_nope" }), 401, "unauthorized");
    expect(invalid.detail).toMatch(/invalid/i);

    const member = await seedUser(acme.companyId);
    expect((await api.delete(`/api/v3/api-keys/${member.keyId}`, { key: acme.admin.key })).status).toBe(204);
    expectError(await api.get("/api/v3/workspaces", { key: member.key }), 401, "unauthorized");
    expectError(await api.post("/api/v3/workspaces", { key: member.key, body: { name: "x" } }), 401, "unauthorized");
  });

  it("answers 401 before validating anything (no field leaks to anonymous callers)", async () => {
    const res = expectError(await api.post("/api/v3/workspaces", { body: {} }), 401, "unauthorized");
    expect(res).not.toHaveProperty("fields");
    expectError(await api.get("/api/v3/workspaces/abc"), 401, "unauthorized");
  });
});

describe("403 email_verification_required", () => {
  it("refuses an unverified user on operations that need verification", async () => {
    const acme = await seedCompany();
    const unverified = await seedUser(acme.companyId, { verified: false });
    const err = expectError(await api.get("/api/v3/workspaces", { key: unverified.key }), 403, "email_verification_required");
    expect(err.doc_url).toBe("http://localhost:3000/docs#error-email-verification-required");
    expectError(await api.get("/api/v3/api-keys", { key: unverified.key }), 403, "email_verification_required");
    expectError(await api.post("/api/v3/workspaces", { key: unverified.key, body: { name: "x" } }), 403, "email_verification_required");
  });

  it("still lets an unverified user read the system status", async () => {
    const acme = await seedCompany();
    const unverified = await seedUser(acme.companyId, { verified: false });
    expect((await api.get("/api/v3/system/status", { key: unverified.key })).status).toBe(200);
  });
});

describe("403 insufficient_permissions", () => {
  it("refuses roles without the needed permission", async () => {
    const acme = await seedCompany();
    const member = await seedUser(acme.companyId);
    const viewerKey = await seedScopedKey(acme.admin, acme.defaultWorkspaceId, "viewer");

    // Maintenance and announcements: instance admins only.
    const m = expectError(
      await api.post("/api/v3/system/maintenance", { key: acme.admin.key, body: { mode: "full_shutdown", reason: "x" } }),
      403,
      "insufficient_permissions",
    );
    expect(m.doc_url).toBe("http://localhost:3000/docs#error-insufficient-permissions");
    expectError(await api.put("/api/v3/system/announcement", { key: member.key, body: { message: "hi" } }), 403, "insufficient_permissions");
    expectError(await api.get("/api/v3/system/maintenance", { key: member.key }), 403, "insufficient_permissions");

    // Workspaces: an editor of the default workspace may not rename it; a scoped key may not create one.
    expectError(
      await api.patch(`/api/v3/workspaces/${acme.defaultWorkspaceId}`, { key: member.key, body: { name: "Mine" } }),
      403,
      "insufficient_permissions",
    );
    expectError(await api.get(`/api/v3/workspaces/${acme.defaultWorkspaceId}/members`, { key: member.key }), 403, "insufficient_permissions");
    expectError(await api.post("/api/v3/workspaces", { key: viewerKey, body: { name: "New" } }), 403, "insufficient_permissions");
    expectError(await api.post("/api/v3/api-keys", { key: viewerKey, body: { name: "New" } }), 403, "insufficient_permissions");
  });
});

describe("unknown /api/v3/ paths", () => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
    it(`answers ${method} with the 404 JSON envelope`, async () => {
      const res = await api[method.toLowerCase() as "get"]("/api/v3/does-not-exist/really", {
        ...(method === "GET" || method === "DELETE" ? {} : { body: { a: 1 } }),
      });
      const err = expectError(res, 404, "not_found");
      expect(Object.keys(err).sort()).toEqual(ENVELOPE_KEYS);
      expect(err.id).toBeNull();
      expect(err.doc_url).toBe("http://localhost:3000/docs#error-not-found");
      expect(err.detail).toContain("/api/v3/does-not-exist/really");
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    });
  }

  it("also covers unknown sub-paths of existing resources", async () => {
    const acme = await seedCompany();
    expectError(await api.get(`/api/v3/workspaces/${acme.defaultWorkspaceId}/nothing-here`, { key: acme.admin.key }), 404, "not_found");
    expectError(await api.get("/api/v3/nothing"), 404, "not_found");
  });
});

describe("doc_url", () => {
  it("points at the error's section of the served docs, on the origin the client used", async () => {
    const res = await api.get("/api/v3/workspaces", {
      headers: { "x-forwarded-host": "api.example.org", "x-forwarded-proto": "https" },
    });
    const err = expectError(res, 401, "unauthorized");
    expect(err.doc_url).toBe("https://api.example.org/docs#error-unauthorized");
  });

  it("honours APP_URL when configured", async () => {
    setEnvForTests({ APP_URL: "https://docintel.example.com/" });
    const err = expectError(await api.get("/api/v3/nope"), 404, "not_found");
    expect(err.doc_url).toBe("https://docintel.example.com/docs#error-not-found");
  });
});

/** A body that produces `total` bytes lazily, `chunk` at a time, and records how much was pulled. */
function lazyBody(total: number, chunk = 256) {
  // Padding goes into `description` (up to 5000 characters allowed).
  const stats = { pulled: 0, cancelled: false };
  const piece = new TextEncoder().encode("x".repeat(chunk));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stats.pulled === 0) {
        const head = new TextEncoder().encode('{"name":"streamed","description":"');
        stats.pulled += head.byteLength;
        controller.enqueue(head);
        return;
      }
      if (stats.pulled >= total) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      stats.pulled += piece.byteLength;
      controller.enqueue(piece);
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  return { stream, stats };
}

async function send(req: Request) {
  const res = await dispatch(req);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

describe("413 payload_too_large", () => {
  it("rejects on Content-Length alone, without reading the body, stating size and limit", async () => {
    setEnvForTests({ MAX_JSON_BODY_BYTES: "2048" });
    const acme = await seedCompany();
    const { stream, stats } = lazyBody(10_000_000);
    const res = await send(
      new Request(`${BASE}/api/v3/workspaces`, {
        method: "POST",
        headers: { authorization: `Bearer ${acme.admin.key}`, "content-type": "application/json", "content-length": "10000011" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    const err = expectError(res, 413, "payload_too_large");
    expect(err.detail).toContain("10000011");
    expect(err.detail).toContain("2048");
    expect(err.doc_url).toBe("http://localhost:3000/docs#error-payload-too-large");
    expect(stats.pulled).toBeLessThan(2048);
  });

  it("rejects a plain oversized JSON body sent with its Content-Length", async () => {
    setEnvForTests({ MAX_JSON_BODY_BYTES: "1024" });
    const acme = await seedCompany();
    const payload = JSON.stringify({ name: "n", description: "d".repeat(4000) });
    const size = new TextEncoder().encode(payload).byteLength;
    const res = await api.post("/api/v3/workspaces", {
      key: acme.admin.key,
      raw: payload,
      headers: { "content-type": "application/json", "content-length": String(size) },
    });
    const err = expectError(res, 413, "payload_too_large");
    expect(err.detail).toContain(String(size));
    expect(err.detail).toContain("1024");
  });

  it("rejects a streamed body without Content-Length once the limit is passed, without reading the rest", async () => {
    setEnvForTests({ MAX_JSON_BODY_BYTES: "4096" });
    const acme = await seedCompany();
    const { stream, stats } = lazyBody(50_000_000);
    const req = new Request(`${BASE}/api/v3/workspaces`, {
      method: "POST",
      headers: { authorization: `Bearer ${acme.admin.key}`, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(req.headers.get("content-length")).toBeNull();
    const res = await send(req);
    const err = expectError(res, 413, "payload_too_large");
    expect(err.detail).toContain("4096");
    // The actual size read so far (at least the limit) is stated.
    const stated = Number(/(\d+) bytes;/.exec(err.detail)?.[1]);
    expect(stated).toBeGreaterThan(4096);
    // Reading stopped near the limit: nowhere near the 50 MB on offer.
    expect(stats.pulled).toBeLessThan(4096 + 64 * 1024);
    expect((await api.get("/api/v3/workspaces", { key: acme.admin.key })).body.count).toBe(1);
  });

  it("accepts a streamed body under the limit", async () => {
    setEnvForTests({ MAX_JSON_BODY_BYTES: "4096" });
    const acme = await seedCompany();
    const { stream } = lazyBody(1000);
    const res = await send(
      new Request(`${BASE}/api/v3/workspaces`, {
        method: "POST",
        headers: { authorization: `Bearer ${acme.admin.key}`, "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status, res.text).toBe(201);
  });
});

describe("bad request bodies", () => {
  it("answers 400 bad_request for malformed JSON", async () => {
    const acme = await seedCompany();
    for (const raw of ["{not json", '{"name": "x",}', "\u00ff\u00fe", "[1, 2"]) {
      const res = await api.post("/api/v3/workspaces", { key: acme.admin.key, raw, headers: { "content-type": "application/json" } });
      const err = expectError(res, 400, "bad_request");
      expect(err).not.toHaveProperty("fields");
    }
    // Invalid UTF-8 is malformed too.
    const bytes = new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
    expectError(
      await api.post("/api/v3/workspaces", { key: acme.admin.key, raw: bytes, headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
  });

  it("answers 415 for an unsupported content type", async () => {
    const acme = await seedCompany();
    const res = await api.post("/api/v3/workspaces", { key: acme.admin.key, raw: "name=x", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 415, error: "unsupported_media_type", id: null });
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
  });

  it("answers 422 with fields {field: [{error, detail}]}", async () => {
    const acme = await seedCompany();
    const res = await api.post("/api/v3/workspaces", {
      key: acme.admin.key,
      body: { description: 42, workspace_type: "galaxy", storage_quota_mb: -1 },
    });
    const err = expectError(res, 422, "validation_error");
    expect(Object.keys(err).sort()).toEqual([...ENVELOPE_KEYS, "fields"].sort());
    expect(err.doc_url).toBe("http://localhost:3000/docs#error-validation-error");
    const fields = err.fields!;
    expect(Object.keys(fields).sort()).toEqual(["description", "name", "storage_quota_mb", "workspace_type"]);
    for (const list of Object.values(fields)) {
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBeGreaterThan(0);
      for (const entry of list) {
        expect(Object.keys(entry).sort()).toEqual(["detail", "error"]);
        expect(typeof entry.error).toBe("string");
        expect(typeof entry.detail).toBe("string");
      }
    }
    expect(fields.name[0].error).toBe("required"); // absent
    expect(fields.description[0].error).toBe("invalid"); // present, wrong type
    expect(fields.workspace_type[0].error).toBe("invalid_choice");
    expect(fields.storage_quota_mb[0].error).toBe("invalid");

    // An explicit null for a required field is invalid, not missing.
    const nulled = expectError(await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: null } }), 422, "validation_error");
    expect(nulled.fields?.name?.[0].error).toBe("invalid");
  });

  it("answers 422 required when the body is missing entirely", async () => {
    const acme = await seedCompany();
    const err = expectError(await api.post("/api/v3/workspaces", { key: acme.admin.key }), 422, "validation_error");
    expect(err.fields?.body?.[0].error).toBe("required");
  });

  it("reports path and query errors under their names", async () => {
    const acme = await seedCompany();
    const path = expectError(await api.get("/api/v3/workspaces/0", { key: acme.admin.key }), 422, "validation_error");
    expect(Object.keys(path.fields!)).toEqual(["id"]);
    const query = expectError(await api.get("/api/v3/workspaces?page=zero", { key: acme.admin.key }), 422, "validation_error");
    expect(query.fields?.page?.[0]).toMatchObject({ error: "invalid" });
  });
});

describe("500 internal_server_error", () => {
  it("hides the exception and its stack, and gives the request id", async () => {
    const acme = await seedCompany();
    const secret = "db password is hunter2";
    vi.spyOn(manageWorkspaces, "listWorkspaces").mockRejectedValue(new Error(secret));
    const res = await api.get("/api/v3/workspaces", { key: acme.admin.key });
    const err = expectError(res, 500, "internal_server_error");
    expect(Object.keys(err).sort()).toEqual(ENVELOPE_KEYS);
    expect(err.id).toBeNull();
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(/^req_[0-9a-f]{20}$/);
    expect(err.detail).toContain(requestId!);
    expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/stack|\bat .*\.(ts|js):\d+/i);
    expect(res.text).not.toContain("manage-workspaces");
  });

  it("also answers 500 when the database itself fails (an unknown non-Error throw)", async () => {
    const acme = await seedCompany();
    vi.spyOn(manageWorkspaces, "createWorkspace").mockImplementation(() => {
      throw { weird: "object", stack: "Error: x\n    at secret (/srv/app/lib/x.ts:1:1)" };
    });
    const res = await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "boom" } });
    expectError(res, 500, "internal_server_error");
    expect(res.text).not.toContain("/srv/app");
  });
});

describe("X-Request-Id", () => {
  it("is present and unique on successes and on every kind of error", async () => {
    const acme = await seedCompany();
    const responses = [
      await api.get("/api/v3/workspaces", { key: acme.admin.key }),
      await api.get("/api/v3/workspaces"),
      await api.get("/api/v3/workspaces/abc", { key: acme.admin.key }),
      await api.get("/api/v3/workspaces/999999", { key: acme.admin.key }),
      await api.get("/api/v3/system/status"),
      await api.post("/api/v3/workspaces", { key: acme.admin.key, raw: "{", headers: { "content-type": "application/json" } }),
      await api.get("/api/v3/no-such-endpoint"),
      await api.post("/api/v3/no-such-endpoint", { body: {} }),
    ];
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
