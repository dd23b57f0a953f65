import { describe, expect, it } from "vitest";
import { joinOcrLines, ocrLayoutToMarkdown } from "./layout-markdown";

describe("layout → Markdown", () => {
  const box = (y: number, h = 40) => ({ x0: 100, y0: y, x1: 1500, y1: y + h });
  const line = (text: string, y: number, h = 40, confidence = 92) => ({
    words: text.split(" ").map((w) => ({ text: w, confidence, bbox: box(y, h) })),
    confidence,
    bbox: box(y, h),
    rowAttributes: { rowHeight: h },
  });
  const para = (...lines: ReturnType<typeof line>[]) => ({ lines, bbox: box(lines[0].bbox.y0), confidence: 90 });

  it("joins lines, removes line-end hyphens and keeps hyphens before capitals", () => {
    expect(joinOcrLines(["The Versand-", "kosten rose", "by ten per-", "cent in the E-", "Mail channel."])).toBe(
      "The Versandkosten rose by ten percent in the E-Mail channel.",
    );
    expect(joinOcrLines(["soft\u00AD", "hyphen"])).toBe("softhyphen");
    expect(joinOcrLines(["ends with a dash -", "then text"])).toBe("ends with a dash - then text");
  });

  it("makes headings from tall lines, lists from bullets, paragraphs separated by blank lines", () => {
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Annual Report", 0, 100))] },
        { paragraphs: [para(line("First paragraph line one", 200), line("and line two.", 250))] },
        { paragraphs: [para(line("Key points", 350, 60))] },
        { paragraphs: [para(line("• first item", 450), line("continues here", 500), line("» second item", 550))] },
        { paragraphs: [para(line("1. numbered", 650), line("2) another", 700))] },
        { paragraphs: [para(line("# not a heading, just text", 800), line("_ | ~", 850, 40, 15))] },
      ],
      1,
    );
    expect(out.markdown).toBe(
      [
        "# Annual Report",
        "First paragraph line one and line two.",
        "## Key points",
        "- first item continues here\n- second item\n1. numbered\n2. another",
        "\\# not a heading, just text",
      ].join("\n\n"),
    );
    expect(out.blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "heading", "list", "paragraph"]);
    expect(out.text).toContain("First paragraph line one and line two.\n\nKey points");
  });

  it("returns nothing for an empty page", () => {
    expect(ocrLayoutToMarkdown(null)).toEqual({ markdown: "", text: "", blocks: [] });
  });
});
