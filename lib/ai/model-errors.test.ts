import { describe, expect, it } from "vitest";
import { networkCause, readUpstreamError, upstreamMessage } from "./model-errors";

describe("readUpstreamError / upstreamMessage", () => {
  it("reads the message and code of every error body shape", () => {
    expect(
      readUpstreamError(JSON.stringify({ error: { message: "too long", code: "context_length_exceeded", type: "invalid_request_error" } })),
    ).toEqual({
      message: "too long",
      code: "context_length_exceeded",
    });
    expect(readUpstreamError(JSON.stringify({ error: { message: "boom", type: "server_error" } }))).toEqual({
      message: "boom",
      code: "server_error",
    });
    expect(readUpstreamError(JSON.stringify({ error: "overloaded" }))).toEqual({ message: "overloaded", code: "" });
    expect(upstreamMessage(JSON.stringify({ message: "model loading" }))).toBe("model loading");
    expect(upstreamMessage(JSON.stringify({ detail: [{ loc: ["query"], msg: "field required" }] }))).toBe(
      '[{"loc":["query"],"msg":"field required"}]',
    );
  });

  it("falls back to the raw body, cut to 500 characters, then to 'no details'", () => {
    expect(readUpstreamError("<html>Bad Gateway</html>")).toEqual({ code: "" });
    expect(upstreamMessage("<html>Bad Gateway</html>")).toBe("<html>Bad Gateway</html>");
    expect(upstreamMessage(JSON.stringify({ ok: false }))).toBe('{"ok":false}');
    expect(upstreamMessage("null")).toBe("null");
    expect(upstreamMessage("x".repeat(600))).toHaveLength(500);
    expect(upstreamMessage(JSON.stringify({ error: { message: "y".repeat(600) } }))).toHaveLength(500);
    expect(upstreamMessage("")).toBe("no details");
  });
});

describe("networkCause", () => {
  it("prefers the socket error code over the message", () => {
    expect(networkCause(new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) }))).toBe(
      "ECONNREFUSED",
    );
    expect(networkCause(new TypeError("fetch failed", { cause: new Error("other side closed") }))).toBe("other side closed");
    expect(networkCause(new Error("fetch failed"))).toBe("fetch failed");
    expect(networkCause(undefined)).toBe("network error");
  });
});
