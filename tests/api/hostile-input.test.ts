// Issue 16, part 2: input that used to answer 500. Each class is refused centrally (lib/validation.ts parseWith,
// the body readers of lib/http, the id schemas of lib/contracts/common.ts) as 422 `validation_error`.
import { describe, expect, it } from "vitest";
import { seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

/** `{"a":{"a":…}}` as JSON text: JSON.stringify itself cannot serialise 5,000 levels. */
function deepJson(levels: number, leaf = '{"type":"string"}'): string {
  let text = leaf;
  for (let i = 0; i < levels; i++) text = `{"type":"object","properties":{"a":${text}}}`;
  return text;
}

const json = { "content-type": "application/json" };

describe("hostile input is a 422, never a 500", () => {
  it("NUL bytes in body, query and search/ask strings", async () => {
    const { admin } = await seedCompany();
    const key = admin.key;
    const tag = expectError(await api.post("/api/v3/tags", { key, body: { name: "a\u0000b" } }), 422, "validation_error");
    expect(tag.fields?.name?.[0]?.error).toBe("invalid");
    expectError(await api.get("/api/v3/auth/check-company?client_id=%00"), 422, "validation_error");
    for (const path of ["/api/v3/search", "/api/v3/ask"]) {
      const res = expectError(await api.post(path, { key, body: { query: "x\u0000y" } }), 422, "validation_error");
      expect(Object.keys(res.fields ?? {})).toEqual(["query"]);
    }
    // In keys too.
    expectError(await api.post("/api/v3/search", { key, body: { query: "x", "k\u0000": 1 } }), 422, "validation_error");
  });

  it("prototype-named keys are ordinary (unknown) fields", async () => {
    const { admin } = await seedCompany();
    for (const name of ["constructor", "toString", "hasOwnProperty", "valueOf"]) {
      const res = await api.post("/api/v3/search", { key: admin.key, raw: `{"query":"x","${name}":1}`, headers: json });
      expect(expectError(res, 422, "validation_error").fields?.[name]?.[0]?.error).toBe("unknown_field");
    }
    const proto = await api.post("/api/v3/search", { key: admin.key, raw: '{"query":"x","__proto__":{"admin":true}}', headers: json });
    expectError(proto, 422, "validation_error");
    // Query strings and forms build objects the same way.
    expect((await api.get("/api/v3/tags?constructor=1&toString=2", { key: admin.key })).status).toBe(200);
    expectError(await api.get("/api/v3/tags?__proto__=1", { key: admin.key }), 422, "validation_error");
  });

  it("integer ids above 2147483647 in bodies", async () => {
    const { admin } = await seedCompany();
    const key = admin.key;
    const big = 2147483648;
    const bulk = expectError(await api.post("/api/v3/files/bulk-delete", { key, body: { ids: [big] } }), 422, "validation_error");
    expect(Object.keys(bulk.fields ?? {})).toEqual(["ids.0"]);
    expectError(
      await api.post("/api/v3/api-keys", { key, body: { name: "k", scope_type: "workspace", workspace_id: big, role: "viewer" } }),
      422,
      "validation_error",
    );
    expectError(await api.patch("/api/v3/files/1", { key, body: { tag_ids: [big] } }), 422, "validation_error");
    expectError(await api.patch("/api/v3/files/1", { key, body: { workspace_id: big } }), 422, "validation_error");
    expectError(await api.post("/api/v3/workspaces/1/members", { key, body: { user_id: big, role: "viewer" } }), 422, "validation_error");
    expectError(await api.get(`/api/v3/api-keys?workspace_id=${big}`, { key }), 422, "validation_error");
  });

  it("a lone surrogate in external_metadata", async () => {
    const { admin } = await seedCompany();
    const raw = '{"external_metadata":{"external_id":"\\ud800","additional_metadata":{"k":"x"}}}';
    const res = expectError(await api.patch("/api/v3/files/1", { key: admin.key, raw, headers: json }), 422, "validation_error");
    expect(Object.keys(res.fields ?? {})).toEqual(["external_metadata.external_id"]);
    const inKey = '{"external_metadata":{"additional_metadata":{"\\udc00":"x"}}}';
    expectError(await api.patch("/api/v3/files/1", { key: admin.key, raw: inKey, headers: json }), 422, "validation_error");
  });

  it("an extract schema nested 5,000 deep, as JSON and as a multipart field", async () => {
    const { admin } = await seedCompany();
    const raw = `{"document":"https://example.com/a.pdf","schema":${deepJson(5000)}}`;
    const res = expectError(await api.post("/api/v3/extract", { key: admin.key, raw, headers: json }), 422, "validation_error");
    expect(res.detail).toMatch(/levels deep/);
    const form = new FormData();
    form.set("file", new Blob(["hello"], { type: "text/plain" }), "a.txt");
    form.set("schema", deepJson(5000));
    expectError(await api.post("/api/v3/extract", { key: admin.key, raw: form }), 422, "validation_error");
  });

  it("path ids are decimal integers only", async () => {
    const { admin } = await seedCompany();
    const tag = (await api.post("/api/v3/tags", { key: admin.key, body: { name: "six" } })).body as { id: number };
    expect((await api.get(`/api/v3/tags/${tag.id}`, { key: admin.key })).status).toBe(200);
    const hex = `0x${tag.id.toString(16)}`;
    for (const id of [hex, `%20${tag.id}`, `${tag.id}.0`, `${tag.id}e0`, "+1", "-1", "1e1", "99999999999999999999"]) {
      const res = expectError(await api.get(`/api/v3/tags/${id}`, { key: admin.key }), 422, "validation_error");
      expect(Object.keys(res.fields ?? {})).toEqual(["id"]);
    }
    expectError(await api.get("/api/v3/tags?page=0x2", { key: admin.key }), 422, "validation_error");
  });
});
