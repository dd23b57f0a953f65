import { describe, expect, it } from "vitest";
import { parseMarkdown } from "./structure-score";
import { documentTeds, headingTreeSimilarity, lcsLength, nidSimilarity, scoreTree, tedsSimilarity } from "./structure-score-tree";

function lcsDp(a: string, b: string): number {
  let prev = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    prev = cur;
  }
  return prev[b.length];
}

describe("NID", () => {
  it("agrees with the quadratic LCS across word boundaries", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = (n: number) => Array.from({ length: n }, () => "abcd"[Math.floor(rnd() * 4)]).join("");
    for (const [m, n] of [
      [0, 5],
      [31, 33],
      [64, 70],
      [100, 97],
    ]) {
      const a = word(m);
      const b = word(n);
      expect(lcsLength(a, b)).toBe(lcsDp(a, b));
    }
  });

  it("is 2·LCS/(|a|+|b|)", () => {
    expect(nidSimilarity("", "")).toBe(1);
    expect(nidSimilarity("abcd", "abcd")).toBe(1);
    expect(nidSimilarity("abcd", "abxd")).toBeCloseTo(0.75);
  });
});

describe("TEDS", () => {
  const t = [
    ["Name", "Units"],
    ["Apples", "120"],
    ["Pears", "75"],
  ];
  it("is 1 for equal tables and drops with missing rows or cells", () => {
    expect(tedsSimilarity(t, t)).toBe(1);
    expect(tedsSimilarity(t.slice(0, 2), t)).toBeCloseTo(1 - 3 / 10);
    expect(tedsSimilarity([["Name Units"], ["Apples 120"], ["Pears 75"]], t)).toBeLessThan(0.8);
  });

  it("counts missed and spurious tables as 0", () => {
    expect(documentTeds([], [])).toBeNull();
    expect(documentTeds([], [t])).toBe(0);
    expect(documentTeds([t, [["a", "b"]]], [t])).toBeCloseTo(10 / 14);
  });
});

describe("heading outline and scoreTree", () => {
  it("compares levels relative to the top level", () => {
    const a = [
      { level: 1, text: "Report" },
      { level: 2, text: "Results" },
    ];
    const b = [
      { level: 2, text: "Report" },
      { level: 3, text: "Results" },
    ];
    expect(headingTreeSimilarity(a, b)).toBe(1);
    expect(headingTreeSimilarity(a, [{ level: 1, text: "Report" }])).toBe(0.5);
  });

  it("scores a document against itself as 1", () => {
    const md = "# Title\n\nSome text.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |";
    expect(scoreTree(parseMarkdown(md), parseMarkdown(md))).toEqual({ nid: 1, teds: 1, headingTree: 1, odlOverall: 1 });
  });
});
