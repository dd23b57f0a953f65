import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, buildUrl, callEndpoint, endpointPath, fillPath, toApiError } from "./api-client";
import { endpoints } from "./endpoints";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("builds query strings, skipping empty values and repeating arrays", () => {
    expect(buildUrl("/api/v3/files", { page: 2, search: "", tag: ["a", "b"], x: undefined, ok: false })).toBe(
      "/api/v3/files?page=2&tag=a&tag=b&ok=false",
    );
    expect(buildUrl("/api/v3/tags")).toBe("/api/v3/tags");
  });

  it("turns the v3 envelope into an ApiError with code, detail and fields", async () => {
    const err = await toApiError(
      json(422, {
        id: null,
        code: 422,
        error: "validation_error",
        detail: "Invalid",
        doc_url: "/docs#x",
        fields: { "settings.bind_dn": [{ error: "required", detail: "Required." }] },
      }),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, code: "validation_error", detail: "Invalid", docUrl: "/docs#x" });
    expect(err.fieldMessage("settings.bind_dn")).toBe("Required.");
    expect(err.fieldMessage("other")).toBeUndefined();
  });

  it("handles the maintenance body and non-JSON errors", async () => {
    const maint = await toApiError(json(503, { detail: "Down for an upgrade", error: "service_maintenance", mode: "full_shutdown" }));
    expect(maint).toMatchObject({ status: 503, code: "service_maintenance", detail: "Down for an upgrade" });
    const html = await toApiError(new Response("<html>", { status: 502, statusText: "Bad Gateway" }));
    expect(html).toMatchObject({ status: 502, code: "http_502" });
  });

  it("sends JSON with the session cookie, returns parsed bodies and nothing for 204", async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      init.method === "DELETE" ? new Response(null, { status: 204 }) : json(201, { id: 1, echo: JSON.parse(String(init.body)) }),
    );
    vi.stubGlobal("fetch", fetchMock);
    expect(await apiRequest("POST", "/api/v3/tags", { body: { name: "x" } })).toEqual({ id: 1, echo: { name: "x" } });
    const [, init] = fetchMock.mock.calls[0];
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" } });
    expect(await apiRequest("DELETE", "/api/v3/tags/1")).toBeUndefined();
  });

  it("reports an unreachable server as network_error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("fetch failed"))),
    );
    await expect(apiRequest("GET", "/api/v3/tags")).rejects.toMatchObject({ code: "network_error", status: 0 });
  });
});

describe("path builder", () => {
  it("fills every placeholder of the template", () => {
    expect(fillPath("/api/v3/workspaces/{id}/members/{user_id}", { id: 3, user_id: "17" })).toBe("/api/v3/workspaces/3/members/17");
    expect(endpointPath(endpoints.files.get, { id: 42 })).toBe("/api/v3/files/42");
    expect(endpointPath(endpoints.files.upload)).toBe("/api/v3/files");
  });

  it("encodes parameters, so a value cannot reach another path", () => {
    expect(endpointPath(endpoints.apiKeys.revoke, { id: "ab/../c d?x=1#y" })).toBe("/api/v3/api-keys/ab%2F..%2Fc%20d%3Fx%3D1%23y");
    expect(fillPath("/api/v3/x/{id}", { id: "é" })).toBe("/api/v3/x/%C3%A9");
  });

  it("refuses a missing or empty parameter instead of requesting /undefined", () => {
    expect(() => fillPath("/api/v3/workspaces/{id}/members/{user_id}", { id: 3 })).toThrow(/Missing path parameter "user_id"/);
    expect(() => fillPath("/api/v3/files/{id}", { id: "" })).toThrow(/Missing path parameter "id"/);
    expect(() => fillPath("/api/v3/files/{id}")).toThrow(TypeError);
    // Only own properties count: nothing from Object.prototype fills a placeholder.
    expect(() => fillPath("/api/v3/x/{constructor}", {})).toThrow(/constructor/);
  });
});

describe("callEndpoint", () => {
  it("sends the contract's method to the filled path with query and JSON body", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, { id: 5 }));
    vi.stubGlobal("fetch", fetchMock);
    const member = await callEndpoint(endpoints.workspaces.updateMember, { params: { id: 2, user_id: 9 }, body: { role: "editor" } });
    expect(member).toEqual({ id: 5 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/v3/workspaces/2/members/9");
    expect(init).toMatchObject({ method: "PATCH", body: JSON.stringify({ role: "editor" }), credentials: "same-origin" });

    await callEndpoint(endpoints.tags.list, { query: { name: "inv", page_size: 500 } });
    expect(fetchMock.mock.calls[1][0]).toBe("/api/v3/tags?name=inv&page_size=500");
    expect(fetchMock.mock.calls[1][1]).toMatchObject({ method: "GET", body: undefined });
  });

  it("sends no body when the endpoint takes none and resolves 204 with nothing", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await callEndpoint(endpoints.workspaces.delete, { params: { id: 4 }, query: { force: true } })).toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/v3/workspaces/4?force=true");
    expect(init).toMatchObject({ method: "DELETE", body: undefined });
    expect(init.headers).not.toHaveProperty("content-type");
  });
});
