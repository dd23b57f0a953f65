import { describe, expect, it } from "vitest";
import { displayValue, fromDraft, sameDraft, toDraft } from "./facet-values";

describe("facet values between the API and the form controls", () => {
  it("turns API values into control values per type", () => {
    expect(toDraft("text", null)).toBe("");
    expect(toDraft("number", 12.5)).toBe("12.5");
    expect(toDraft("boolean", false)).toBe("false");
    expect(toDraft("boolean", true)).toBe("true");
    expect(toDraft("date", "2026-11-02")).toBe("2026-11-02");
    expect(toDraft("multi-select", ["a", "b"])).toEqual(["a", "b"]);
    expect(toDraft("multi-select", null)).toEqual([]);
  });

  it("turns control values into typed API values, blank meaning null (clear)", () => {
    expect(fromDraft("text", "  Acme  ")).toBe("Acme");
    expect(fromDraft("text", "   ")).toBeNull();
    expect(fromDraft("number", "1234.5")).toBe(1234.5);
    expect(fromDraft("number", "")).toBeNull();
    expect(fromDraft("number", "12abc")).toBe("12abc"); // left for the API to refuse with its message
    expect(fromDraft("boolean", "false")).toBe(false);
    expect(fromDraft("boolean", "")).toBeNull();
    expect(fromDraft("select", "EUR")).toBe("EUR");
    expect(fromDraft("multi-select", [])).toBeNull();
    expect(fromDraft("multi-select", ["late"])).toEqual(["late"]);
    expect(fromDraft("rich-text", "# Title\n\n  indented")).toBe("# Title\n\n  indented");
  });

  it("round-trips every type", () => {
    const cases = [
      ["text", "x"],
      ["number", 3],
      ["date", "2020-01-31"],
      ["boolean", true],
      ["select", "a"],
      ["multi-select", ["a"]],
      ["rich-text", "*b*"],
    ] as const;
    for (const [type, value] of cases) expect(fromDraft(type, toDraft(type, value as never))).toEqual(value);
  });

  it("compares drafts and displays values", () => {
    expect(sameDraft(["a"], ["a"])).toBe(true);
    expect(sameDraft("1", "1.0")).toBe(false);
    expect(displayValue(null)).toBe("—");
    expect(displayValue(true)).toBe("Yes");
    expect(displayValue(["a", "b"])).toBe("a, b");
  });
});
