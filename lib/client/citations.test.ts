import { describe, expect, it } from "vitest";
import { citedSources, splitCitations } from "./citations";

describe("splitCitations", () => {
  it("turns [n] into citation parts between text parts", () => {
    expect(splitCitations("Refunds take 14 days [1]. Fees apply [2].", 2)).toEqual([
      { type: "text", text: "Refunds take 14 days " },
      { type: "cite", n: 1 },
      { type: "text", text: ". Fees apply " },
      { type: "cite", n: 2 },
      { type: "text", text: "." },
    ]);
  });

  it("reads grouped and adjacent markers", () => {
    expect(splitCitations("A [1, 3][2]", 3)).toEqual([
      { type: "text", text: "A " },
      { type: "cite", n: 1 },
      { type: "cite", n: 3 },
      { type: "cite", n: 2 },
    ]);
  });

  it("leaves numbers without a source, and a marker still being streamed, as text", () => {
    expect(splitCitations("In [2020] see [4] and [0] [1", 3)).toEqual([{ type: "text", text: "In [2020] see [4] and [0] [1" }]);
  });

  it("gives no parts for an empty answer", () => {
    expect(splitCitations("", 2)).toEqual([]);
  });
});

describe("citedSources", () => {
  it("lists each cited source once, in order of first citation", () => {
    expect(citedSources("x [2] y [1] z [2]", 2)).toEqual([2, 1]);
  });
});
