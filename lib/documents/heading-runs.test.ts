import { describe, expect, it } from "vitest";
import { labelRuns } from "./heading-runs";

describe("runs of headings", () => {
  it("takes four or more headings of one level in a row for labels", () => {
    expect([...labelRuns([1, 5, 5, 5, 5, null, 2])]).toEqual([1, 2, 3, 4]);
  });

  it("leaves three in a row, runs of mixed levels and headings with text between them", () => {
    expect(labelRuns([1, 1, 1, null, 2, 3, 2, 3, null, 2, null, 2, null, 2, null, 2]).size).toBe(0);
  });
});
