import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiClient, buildUrl, toApiError } from "./api-client";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("builds query strings, skipping empty values and repeating arrays", () => {
    expect(buildUrl("/api/v3/files", { page: 2, search: "", tag: ["a", "b"], x: undefined, ok: false })).toBe("/api/v3/files?page=2&tag=a&tag=b&ok=false");
    expect(buildUrl("/api/v3/tags")).toBe("/api/v3/tags");
  });

  it("turns the v3 envelope into an ApiError with code, detail and fields", async () => {
    const err = await toApiError(
      json(422, { id: null, code: 422, error: "validation_error", detail: "Invalid", doc_url: "/docs#x", fields: { "settings.bind_dn": [{ error: "required", detail: "Required." }] } }),
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
    expect(await apiClient.post("/api/v3/tags", { name: "x" })).toEqual({ id: 1, echo: { name: "x" } });
    const [, init] = fetchMock.mock.calls[0];
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" } });
    expect(await apiClient.delete("/api/v3/tags/1")).toBeUndefined();
  });

  it("reports an unreachable server as network_error", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("fetch failed"))));
    await expect(apiClient.get("/api/v3/tags")).rejects.toMatchObject({ code: "network_error", status: 0 });
  });
});
