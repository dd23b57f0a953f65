import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./auth";

describe("safeCallbackPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeCallbackPath("/billing")).toBe("/billing");
    expect(safeCallbackPath("/files?page=2&q=a%20b#top")).toBe("/files?page=2&q=a%20b#top");
    expect(safeCallbackPath("/workspaces/12")).toBe("/workspaces/12");
    // An encoded newline is part of the path, not a way out of the origin.
    expect(safeCallbackPath("/%0a/evil.example")).toBe("/%0a/evil.example");
  });

  it.each([
    null,
    undefined,
    "",
    "billing",
    "https://evil.example/billing",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\\/evil.example",
    "javascript:alert(1)",
    `/${"a".repeat(2100)}`,
  ])("turns %j into /", (raw) => {
    expect(safeCallbackPath(raw)).toBe("/");
  });
});
