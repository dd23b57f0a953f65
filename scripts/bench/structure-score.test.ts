import { describe, expect, it } from "vitest";
import {
  editSimilarity,
  levenshtein,
  normalizeWords,
  parseMarkdown,
  scoreReadingOrder,
  scoreStructure,
  scoreTables,
  tokenF1,
} from "./structure-score";

function naiveLevenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 4294967296;
  };
}

const TRUTH = `# Annual Report 2024

Revenue rose by 4.2 percent to 1,250 thousand euros in March 2024. The audit committee reviews the plan.

## 1. Key Figures

| Region | Revenue (EUR) | Date |
| --- | ---: | --- |
| Berlin | 1,234.50 | 2024-03-15 |
| Paris | 987.00 | 2024-04-01 |

Second paragraph with enough words to form a reading order key here.

- First item of the list
- Second item
  1. Nested one
  2. Nested two
- Third item

### Notes

Third paragraph: **bold words** and *italic words* are plain text after normalisation.
`;

describe("normalisation", () => {
  it("lowercases, strips punctuation, folds compatibility characters", () => {
    expect(normalizeWords("Größe: 1.234,50 € — l'équipe ﬁnale!")).toEqual(["größe", "1", "234", "50", "l", "équipe", "finale"]);
    expect(normalizeWords("  ")).toEqual([]);
  });
});

describe("levenshtein (bit-parallel)", () => {
  it("matches the textbook values", () => {
    expect(levenshtein("kitten", "sitting")).toBe(3);
    expect(levenshtein("", "abc")).toBe(3);
    expect(levenshtein("abc", "")).toBe(3);
    expect(levenshtein("same", "same")).toBe(0);
    expect(editSimilarity("", "")).toBe(1);
  });

  it("agrees with the quadratic DP on random strings across block boundaries", () => {
    const r = rng(42);
    const alphabet = "abcdäé ";
    const gen = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(r() * alphabet.length)]).join("");
    for (let t = 0; t < 300; t++) {
      const a = gen(Math.floor(r() * 140));
      const b = r() < 0.5 ? gen(Math.floor(r() * 140)) : a.slice(Math.floor(r() * 10)) + gen(Math.floor(r() * 8));
      expect(levenshtein(a, b)).toBe(naiveLevenshtein(a, b));
    }
  });

  it("handles long texts with linear memory", () => {
    const r = rng(7);
    const base = Array.from({ length: 3000 }, () => "lorem ipsum dolor sit amet "[Math.floor(r() * 27)]).join("");
    const edited = base.slice(0, 1000) + "XYZ" + base.slice(1010);
    expect(levenshtein(base, edited)).toBe(naiveLevenshtein(base, edited));
    const big = base.repeat(17); // ~50 KB
    expect(levenshtein(big, big.slice(1))).toBe(1);
  });
});

describe("parseMarkdown", () => {
  it("finds headings, paragraphs, nested list items and tables", () => {
    const s = parseMarkdown(TRUTH);
    expect(s.headings).toEqual([
      { level: 1, text: "Annual Report 2024" },
      { level: 2, text: "1. Key Figures" },
      { level: 3, text: "Notes" },
    ]);
    expect(s.listItems).toEqual(["First item of the list", "Second item", "Nested one", "Nested two", "Third item"]);
    expect(s.tables).toEqual([
      [
        ["Region", "Revenue (EUR)", "Date"],
        ["Berlin", "1,234.50", "2024-03-15"],
        ["Paris", "987.00", "2024-04-01"],
      ],
    ]);
    expect(s.paragraphs).toHaveLength(3);
    expect(s.paragraphs[2]).toBe("Third paragraph: bold words and italic words are plain text after normalisation.");
  });

  it("reads setext headings, escaped pipes, HTML tables and joins wrapped lines", () => {
    const s = parseMarkdown(
      "Title\n=====\n\nline one\nline two\n\n| a \\| b | c |\n|---|---|\n| 1 | 2 |\n\n<table><tr><th>x</th><td>y</td></tr></table>\n",
    );
    expect(s.headings).toEqual([{ level: 1, text: "Title" }]);
    expect(s.paragraphs).toEqual(["line one line two"]);
    expect(s.tables).toEqual([
      [
        ["a | b", "c"],
        ["1", "2"],
      ],
      [["x", "y"]],
    ]);
  });
});

describe("scoreStructure", () => {
  it("scores the ground truth against itself as perfect", () => {
    const s = scoreStructure(TRUTH, TRUTH);
    expect(s.textF1).toBe(1);
    expect(s.charSimilarity).toBe(1);
    expect(s.headingF1).toBe(1);
    expect(s.tableCellF1).toBe(1);
    expect(s.tableShapeAccuracy).toBe(1);
    expect(s.listF1).toBe(1);
    expect(s.readingOrder).toBe(1);
    expect(s.overall).toBe(1);
  });

  it("tells heading levels from heading texts", () => {
    const pred = TRUTH.replace("## 1. Key Figures", "# 1. Key Figures").replace("### Notes", "**Notes**");
    const s = scoreStructure(pred, TRUTH);
    expect(s.headingTextF1).toBeCloseTo(0.8); // 2 of 2 predicted, 2 of 3 expected
    expect(s.headingF1).toBeCloseTo(0.4); // only the h1 has the right level
    expect(s.textF1).toBe(1);
  });

  it("tolerates a small OCR slip in a heading", () => {
    const s = scoreStructure(TRUTH.replace("Annual Report 2024", "Annual Rep0rt 2024"), TRUTH);
    expect(s.headingF1).toBe(1);
    expect(s.textF1).toBeLessThan(1);
  });

  it("gives no table credit to a table flattened into text, and none to spurious tables", () => {
    const flat = TRUTH.replace(/\| --- \| ---: \| --- \|\n/, "").replace(/^\| (.*) \|$/gm, (_, row: string) => row.split(" | ").join(" "));
    const s = scoreStructure(flat, TRUTH);
    expect(s.tables.predicted).toBe(0);
    expect(s.tableCellF1).toBe(0);
    expect(s.tableShapeAccuracy).toBe(0);
    expect(s.textF1).toBe(1);
    const spurious = scoreStructure("Text\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", "Text\n");
    expect(spurious.tableCellF1).toBe(0);
    expect(scoreStructure("Text\n", "Text\n").tableCellF1).toBeNull();
  });

  it("scores list items, ignoring list markers and nesting", () => {
    const pred = TRUTH.replace("  1. Nested one\n  2. Nested two\n", "- Nested one\n");
    const s = scoreStructure(pred, TRUTH);
    expect(s.lists).toMatchObject({ expected: 5, predicted: 4, precision: 1, recall: 0.8 });
  });

  it("averages only the applicable metrics", () => {
    const s = scoreStructure("just some words in a line", "just some words in a line");
    expect(s.headingF1).toBeNull();
    expect(s.tableCellF1).toBeNull();
    expect(s.listF1).toBeNull();
    expect(s.readingOrder).toBeNull();
    expect(s.overall).toBe(1);
  });
});

describe("tables", () => {
  it("pairs each expected table with its best prediction and checks the shape", () => {
    const truth = [
      [
        ["h1", "h2"],
        ["a", "b"],
      ],
      [
        ["x", "y", "z"],
        ["1", "2", "3"],
      ],
    ];
    const pred = [
      [
        ["x", "y", "z"],
        ["1", "2", "3"],
      ],
      [
        ["h1", "h2"],
        ["a", "WRONG"],
        ["extra", "row"],
      ],
    ];
    const s = scoreTables(pred, truth);
    expect(s.pairs.map((p) => p.predicted)).toEqual([1, 0]);
    expect(s.pairs.map((p) => p.shapeOk)).toEqual([false, true]);
    // matched 3 + 6 = 9 of 12 predicted cells, 9 of 10 expected cells
    expect(s.cell!.precision).toBeCloseTo(9 / 12);
    expect(s.cell!.recall).toBeCloseTo(9 / 10);
  });
});

describe("reading order", () => {
  const paras = ["one two three four five six seven", "alpha beta gamma delta epsilon zeta eta", "uno dos tres cuatro cinco seis siete"];
  it("is 1 in order, 0 reversed, partial when one paragraph moves", () => {
    expect(scoreReadingOrder(paras.join(" "), paras).score).toBe(1);
    expect(scoreReadingOrder([...paras].reverse().join(" "), paras).score).toBe(0);
    expect(scoreReadingOrder([paras[1], paras[0], paras[2]].join(" "), paras).score).toBeCloseTo(2 / 3);
  });
  it("reports coverage and ignores short paragraphs", () => {
    const r = scoreReadingOrder(paras[0] + " " + paras[2], [...paras, "too short"]);
    expect(r).toEqual({ score: 1, keys: 3, found: 2 });
  });
});

describe("tokenF1", () => {
  it("counts multiset overlap", () => {
    const r = tokenF1(["a", "a", "b"], ["a", "b", "b", "c"]);
    expect(r.precision).toBeCloseTo(2 / 3);
    expect(r.recall).toBeCloseTo(2 / 4);
  });
});

describe("reading order keys", () => {
  it("drops keys that also occur inside another ground-truth paragraph", () => {
    const paras = ["one two three four five six end", "x y one two three four five six z", "alpha beta gamma delta epsilon zeta"];
    const r = scoreReadingOrder(`${paras[1]} ${paras[0]} ${paras[2]}`, paras, paras.join(" "));
    expect(r).toEqual({ score: 1, keys: 2, found: 2 });
  });
});
