import { describe, expect, it } from "vitest";
import { absoluteLevel, rankedSizeLevels } from "./heading-levels";
import { ocrLayoutToMarkdown } from "./layout-markdown";

describe("scan heading levels from the page's heading sizes", () => {
  const levels = (ratios: number[]) =>
    rankedSizeLevels(
      ratios.map((r) => absoluteLevel(r, true)),
      ratios,
    );

  it("gives each smaller distinct size the next level, not the level of a fixed threshold", () => {
    // a title, a section and a subsection on one page (a 150 dpi scan: 2.35×, 1.76×, 1.52×)
    expect(levels([2.35, 1.76, 1.52])).toEqual([1, 2, 3]);
    expect(levels([1.37, 2.33, 1.56])).toEqual([3, 1, 2]);
  });

  it("gives headings of one style measured a little apart one level", () => {
    expect(levels([1.35, 1.48])).toEqual([2, 2]);
    // (title 2.01×, sections 1.63× and 1.47×, subsections 1.34× and 1.28×)
    expect(levels([2.01, 1.63, 1.28, 1.34, 1.47])).toEqual([1, 2, 3, 3, 2]);
  });

  it("places the page's largest size on the absolute scale and leaves non-headings at 0", () => {
    expect(levels([1.25, 1.0, 1.22])).toEqual([3, 0, 3]);
    expect(rankedSizeLevels([0, 2, 0], [3, 1.5, 1])).toEqual([0, 2, 0]);
  });

  it("applies to the page's Markdown", () => {
    const box = (y: number, h: number) => ({ x0: 100, y0: y, x1: 1500, y1: y + h });
    const para = (text: string, y: number, h: number) => ({
      lines: [
        {
          words: text.split(" ").map((w) => ({ text: w, confidence: 90, bbox: box(y, h) })),
          confidence: 90,
          bbox: box(y, h),
          rowAttributes: { rowHeight: h },
        },
      ],
      bbox: box(y, h),
      confidence: 90,
    });
    const body = (y: number) => para("Body text of the section runs on here and there.", y, 30);
    const out = ocrLayoutToMarkdown([
      { paragraphs: [para("Swimming in the lake", 0, 70)] },
      { paragraphs: [body(100), para("Let's swim", 200, 47)] },
      { paragraphs: [body(300), para("Let's eat", 400, 41), body(500), body(600)] },
    ]);
    expect(out.markdown.split("\n\n").filter((l) => l.startsWith("#"))).toEqual(["# Swimming in the lake", "## Let's swim", "### Let's eat"]);
    // the page's first line a little larger than the body, directly above the title, is its running header
    const headed = ocrLayoutToMarkdown([
      { paragraphs: [para("Summer activities", 0, 38)] },
      { paragraphs: [para("Swimming in the lake", 100, 70)] },
      { paragraphs: [body(200), para("Let's swim", 300, 47), body(400), body(500)] },
    ]);
    expect(headed.markdown.split("\n\n").slice(0, 2)).toEqual(["Summer activities", "# Swimming in the lake"]);
  });
});
