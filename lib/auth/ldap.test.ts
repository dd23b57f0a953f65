import { describe, expect, it } from "vitest";
import { buildUserFilter } from "./ldap";

describe("buildUserFilter", () => {
  it("substitutes every %(user)s with the login name", () => {
    expect(buildUserFilter("(uid=%(user)s)", "ada")).toBe("(uid=ada)");
    expect(buildUserFilter("(|(uid=%(user)s)(mail=%(user)s))", "ada")).toBe("(|(uid=ada)(mail=ada))");
  });

  it("escapes RFC 4515 filter characters so a login name cannot change the filter", () => {
    expect(buildUserFilter("(uid=%(user)s)", "*)(uid=*")).toBe("(uid=\\2a\\29\\28uid=\\2a)");
    expect(buildUserFilter("(uid=%(user)s)", "a\\b")).toBe("(uid=a\\5cb)");
    expect(buildUserFilter("(uid=%(user)s)", "x\u0000")).toBe("(uid=x\\00)");
  });

  it("rejects templates that are not valid filters", () => {
    expect(() => buildUserFilter("(uid=%(user)s", "ada")).toThrow();
  });
});
