import { describe, expect, it } from "vitest";
import { isSameOriginRequest, parseCookieHeader, sessionTokenFromCookies } from "./session";

const post = (headers: Record<string, string>) => new Request("http://app.example/api/v3/tags", { method: "POST", headers });

describe("session cookie parsing", () => {
  it("finds the plain, the secure and the chunked session cookie", () => {
    expect(sessionTokenFromCookies(parseCookieHeader("a=1; next-auth.session-token=abc"))).toBe("abc");
    expect(sessionTokenFromCookies(parseCookieHeader("__Secure-next-auth.session-token=sec; next-auth.session-token=plain"))).toBe("sec");
    expect(sessionTokenFromCookies(parseCookieHeader("next-auth.session-token.1=def; next-auth.session-token.0=abc"))).toBe("abcdef");
    expect(sessionTokenFromCookies(parseCookieHeader("other=1"))).toBeNull();
    expect(sessionTokenFromCookies(parseCookieHeader(null))).toBeNull();
  });
});

describe("same-origin check for cookie-authenticated writes", () => {
  it("trusts the browser's Sec-Fetch-Site first", () => {
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-origin" }))).toBe(true);
    for (const site of ["same-site", "cross-site", "none"]) expect(isSameOriginRequest(post({ "sec-fetch-site": site }))).toBe(false);
    // A matching Origin does not override a cross-site Sec-Fetch-Site.
    expect(isSameOriginRequest(post({ "sec-fetch-site": "cross-site", origin: "http://app.example" }))).toBe(false);
  });

  it("falls back to comparing the Origin host with the request host (proxy headers honoured)", () => {
    expect(isSameOriginRequest(post({ origin: "http://app.example", host: "app.example" }))).toBe(true);
    expect(isSameOriginRequest(post({ origin: "https://docs.acme.test", host: "internal:3000", "x-forwarded-host": "docs.acme.test" }))).toBe(true);
    expect(isSameOriginRequest(post({ origin: "https://evil.example", host: "app.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null", host: "app.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ host: "app.example" }))).toBe(false);
  });
});
