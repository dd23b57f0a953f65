import { describe, expect, it } from "vitest";
import { scanClasses, textLayerClasses } from "./failure-classes";

const prose = (n: number) => Array.from({ length: n }, (_, i) => `word${i} and more running text here`).join(" ");

describe("failure classes from the text layer and the ground truth", () => {
  it("running headers: the same first line (digits aside) on at least half the pages", () => {
    const pages = [1, 2, 3, 4].map((n) => `Field report, page ${n}\n\n${prose(n + 1)}\n`);
    expect(textLayerClasses(pages.join("\f"), "")).toEqual(["1"]);
    expect(textLayerClasses(pages.map((p, i) => `Heading ${"abcd"[i]}${p.slice(p.indexOf("\n"))}`).join("\f"), "")).toEqual([]);
    expect(textLayerClasses(pages[0], "")).toEqual([]); // one page: nothing repeats
  });

  it("two columns: eight lines holding two runs of prose side by side; a table's short cells are not", () => {
    const twoColumns = Array.from({ length: 8 }, (_, i) => `the left column runs on here ${i}      and the right column also runs ${i}`).join("\n");
    expect(textLayerClasses(twoColumns, "")).toEqual(["3"]);
    const table = Array.from({ length: 8 }, (_, i) => `Item ${i}        12.50        EUR`).join("\n");
    expect(textLayerClasses(table, "")).toEqual([]);
  });

  it("contents, tables and code from the truth; dot leaders from the text layer", () => {
    expect(textLayerClasses("Intro ........ 1\nScope ........ 3\nTerms ........ 7", "")).toEqual(["4"]);
    expect(textLayerClasses("", "## Table of Contents\n\nx")).toEqual(["4"]);
    expect(textLayerClasses("", "| a | b |\n| - | - |\n| 1 | 2 |")).toEqual(["5"]);
    expect(textLayerClasses("", "```\nconst x = 1;\n```")).toEqual(["7"]);
    expect(textLayerClasses("", "a | b is not a table")).toEqual([]);
  });

  it("scans: every scan is class 2, with a table also 6", () => {
    expect(scanClasses("text only")).toEqual(["2"]);
    expect(scanClasses("| a |\n| --- |\n| 1 |")).toEqual(["2", "6"]);
  });
});
