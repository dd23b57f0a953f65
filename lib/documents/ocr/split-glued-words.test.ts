import { describe, expect, it } from "vitest";
import { ocrLayoutToMarkdown } from "./layout-markdown";
import { splitGluedWord } from "./split-glued-words";

/** A word of glyphs at the given x positions (each glyph 12 px wide, 20 px tall). */
const word = (glyphs: [string, number][]) => ({
  text: glyphs.map(([t]) => t).join(""),
  confidence: 90,
  bbox: { x0: glyphs[0][1], y0: 0, x1: glyphs[glyphs.length - 1][1] + 12, y1: 20 },
  symbols: glyphs.map(([text, x]) => ({ text, bbox: { x0: x, y0: 0, x1: x + 12, y1: 20 } })),
});

describe("words run together across a gap", () => {
  it("splits a word at a glyph gap of half a line height or more, each part with its own glyphs", () => {
    // "1...2...": a gap of 20 px (line height 30) between the last dot and the 2
    const glued = word([
      ["1", 0],
      [".", 14],
      [".", 28],
      [".", 42],
      ["2", 74],
      [".", 88],
      [".", 102],
      [".", 116],
    ]);
    const parts = splitGluedWord(glued, 30);
    expect(parts.map((p) => p.text)).toEqual(["1...", "2..."]);
    expect(parts.map((p) => [p.bbox.x0, p.bbox.x1])).toEqual([
      [0, 54],
      [74, 128],
    ]);
    expect(parts[1].symbols).toHaveLength(4);
    // glyphs set close stay one word; punctuation alone is not split off ("[...]" in a wide monospace font)
    expect(
      splitGluedWord(
        word([
          ["a", 0],
          ["b", 14],
          ["c", 28],
        ]),
        30,
      ),
    ).toHaveLength(1);
    expect(
      splitGluedWord(
        word([
          ["x", 0],
          ["[", 14],
          [".", 44],
          [".", 74],
          ["]", 104],
        ]),
        30,
      ),
    ).toHaveLength(1);
  });

  it("lets a table's columns part a word tesseract ran across them: a header of labels over a row of figures", () => {
    const w = (text: string, x: number, y: number) => ({ text, confidence: 90, bbox: { x0: x, y0: y, x1: x + 12 * text.length, y1: y + 25 } });
    const line = (words: ReturnType<typeof w>[]) => ({
      words,
      confidence: 90,
      bbox: { x0: words[0].bbox.x0, y0: words[0].bbox.y0, x1: words[words.length - 1].bbox.x1, y1: words[0].bbox.y1 },
      rowAttributes: { rowHeight: 30 },
    });
    const glued = {
      ...word([
        ["1", 165],
        [".", 179],
        [".", 193],
        [".", 207],
        ["2", 240],
        [".", 254],
        [".", 268],
        [".", 282],
      ]),
      bbox: { x0: 165, y0: 330, x1: 294, y1: 355 },
    };
    glued.symbols = glued.symbols.map((s) => ({ ...s, bbox: { ...s.bbox, y0: 330, y1: 355 } }));
    const para = (lines: ReturnType<typeof line>[]) => ({ lines, confidence: 90, bbox: lines[0].bbox });
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para([line([w("This", 158, 213), w("is", 230, 213), w("the", 262, 213), w("first", 310, 213), w("paragraph.", 380, 213)])])] },
        { paragraphs: [para([line([w("A", 161, 282), w("B", 232, 282)]), line([glued])])] },
        { paragraphs: [para([line([w("After", 157, 420), w("table", 230, 420)])])] },
      ],
      1,
    );
    expect(out.markdown).toBe("This is the first paragraph.\n\n| A | B |\n| --- | --- |\n| 1... | 2... |\n\nAfter table");
  });
});
