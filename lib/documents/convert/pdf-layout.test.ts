import { describe, expect, it } from "vitest";
import { assessTextLayer, computeLayoutStats, escapeBlock, escapeInline, layoutDocument, prepareLayoutPage, renderLayoutPage } from "./pdf-layout";
import type { PdfPageText, PdfTextItem } from "./pdf-layout-model";

// Synthetic pdf.js text items: y is measured from the top of a US-letter page (converted to PDF's
// bottom-up space), widths are 0.5 em per character like a narrow proportional font.
const PAGE_H = 792;

function item(str: string, x: number, top: number, size = 12, opts: { bold?: boolean; width?: number } = {}): PdfTextItem {
  return {
    str,
    transform: [size, 0, 0, size, x, PAGE_H - top],
    width: opts.width ?? str.length * size * 0.5,
    height: size,
    fontName: opts.bold ? "g_d0_Bold" : "g_d0_Regular",
    hasEOL: false,
  };
}

/** Lines of body text at 12 pt, 14 pt apart, starting at `top`. */
function lines(texts: string[], x: number, top: number, size = 12, pitch = 14): PdfTextItem[] {
  return texts.map((t, i) => item(t, x, top + i * pitch, size));
}

function page(items: PdfTextItem[], n = 1): PdfPageText {
  return { page: n, width: 612, height: PAGE_H, items };
}

const md = (items: PdfTextItem[]) => layoutDocument([page(items)])[0];

describe("headings", () => {
  it("ranks larger sizes into #, ##, ### and makes short bold body lines the next level", () => {
    const out = md([
      item("Annual Report", 72, 60, 24),
      ...lines(["Some body text that is long enough to be the most frequent size on the page."], 72, 100),
      item("Results", 72, 140, 18),
      ...lines(["More body text follows here, also at the body size of twelve points."], 72, 170),
      item("Regional figures", 72, 200, 14),
      ...lines(["Even more body text, so the body size clearly wins the size histogram."], 72, 225),
      item("Bold lead-in", 72, 260, 12, { bold: true }),
      ...lines(["And the last paragraph of body text on this synthetic page."], 72, 285),
    ]);
    expect(out.split("\n\n")).toEqual([
      "# Annual Report",
      "Some body text that is long enough to be the most frequent size on the page.",
      "## Results",
      "More body text follows here, also at the body size of twelve points.",
      "### Regional figures",
      "Even more body text, so the body size clearly wins the size histogram.",
      "#### Bold lead-in",
      "And the last paragraph of body text on this synthetic page.",
    ]);
  });

  it("joins a heading that wraps over two lines", () => {
    const out = md([
      item("A very long title that needs", 72, 60, 24),
      item("two lines", 72, 88, 24),
      ...lines(["Body text at twelve points that is the most common size in this document by far."], 72, 130),
    ]);
    expect(out.startsWith("# A very long title that needs two lines\n\n")).toBe(true);
  });
});

describe("paragraphs", () => {
  it("joins lines, removes end-of-line hyphenation and splits on paragraph spacing", () => {
    const out = md([
      ...lines(["The quick brown fox jumps over the lazy dog and then it runs a-", "way into the forest while the hunter sleeps under a tree",
        "until the morning comes."], 72, 100),
      ...lines(["A second paragraph starts after a blank line and keeps going across", "two lines of text."], 72, 160),
    ]);
    expect(out).toBe(
      "The quick brown fox jumps over the lazy dog and then it runs away into the forest while the hunter sleeps under a tree until the morning comes.\n\n" +
        "A second paragraph starts after a blank line and keeps going across two lines of text.",
    );
  });

  it("starts a new paragraph at a first-line indent and keeps hyphens before capitals", () => {
    const out = md([
      item("Indented first line of the first paragraph continues to the", 90, 100),
      ...lines(["next line at the margin, mentioning the Franco-", "German border region in a longer line of prose."], 72, 114),
      item("Indented first line of the second paragraph with more words here", 90, 142),
      ...lines(["and its continuation line."], 72, 156),
    ]);
    expect(out.split("\n\n")).toEqual([
      "Indented first line of the first paragraph continues to the next line at the margin, mentioning the Franco-German border region in a longer line of prose.",
      "Indented first line of the second paragraph with more words here and its continuation line.",
    ]);
  });

  it("merges text items of one line split by a font change", () => {
    const out = md([item("A line with a ", 72, 100), item("bold", 72 + 14 * 6, 100, 12, { bold: true }), item(" word in it.", 72 + 18 * 6, 100)]);
    expect(out).toBe("A line with a **bold** word in it.");
  });

  it("keeps a bold sentence that runs into regular text in its paragraph, as emphasis", () => {
    const b = { bold: true };
    const out = md([
      ...lines(["Revenue grew in all regions and the board approved the plan for the next year."], 72, 80),
      item("Order intake fell by 20.8 percent to 74,003 thousand euros in September of", 72, 110, 12, b),
      item("2025.", 72, 124, 12, b), item("The logistics team explains the migration plan to the", 108, 124),
      ...lines(["partners in all regions."], 72, 138),
      ...lines(["Another paragraph that ends with a line running to the right edge of the text."], 72, 170),
      item("A bold sentence starts on the next line and fills it to the right margin too.", 72, 184, 12, b),
      ...lines(["Then regular text follows."], 72, 198),
      item("Short bold heading", 72, 230, 12, b),
      ...lines(["Body text right below a short bold line, which stays a heading."], 72, 244),
    ]);
    expect(out.split("\n\n")).toEqual([
      "Revenue grew in all regions and the board approved the plan for the next year.",
      "**Order intake fell by 20.8 percent to 74,003 thousand euros in September of 2025.** The logistics team explains the migration plan to the partners in all regions.",
      "Another paragraph that ends with a line running to the right edge of the text. **A bold sentence starts on the next line and fills it to the right margin too.** Then regular text follows.",
      "# Short bold heading",
      "Body text right below a short bold line, which stays a heading.",
    ]);
  });
});

describe("lists", () => {
  it("turns bullets, numbers and letters into Markdown lists nested by indentation", () => {
    const out = md([
      ...lines(["Intro paragraph before the list, long enough to be ordinary body text."], 72, 80),
      item("•", 90, 110), item("First bullet", 108, 110),
      item("•", 90, 124), item("Second bullet that wraps onto", 108, 124), item("a second line", 108, 138),
      item("◦", 126, 152), item("Nested bullet", 144, 152),
      item("•", 90, 166), item("Third bullet", 108, 166),
      item("1. Step one", 90, 200), item("2. Step two", 90, 214),
      item("a) sub step", 110, 228),
    ]);
    expect(out).toBe([
      "Intro paragraph before the list, long enough to be ordinary body text.",
      "",
      "- First bullet",
      "- Second bullet that wraps onto a second line",
      "  - Nested bullet",
      "- Third bullet",
      "",
      "1. Step one",
      "2. Step two",
      "   - a) sub step",
    ].join("\n"));
  });
});

describe("tables", () => {
  it("turns aligned columns into a GFM table with a header row", () => {
    const row = (cells: string[], top: number, bold = false) =>
      cells.map((c, i) => item(c, [72, 220, 380][i], top, 12, { bold }));
    const out = md([
      ...lines(["Quarterly figures by region are shown in the following table of values."], 72, 80),
      ...row(["Region", "Revenue", "Growth"], 110, true),
      ...row(["North", "1,200", "5%"], 127),
      ...row(["South", "950", "-2%"], 144),
      ...row(["East | West", "2,010", "12%"], 161),
      ...lines(["The table is followed by a paragraph of ordinary body text again."], 72, 195),
    ]);
    expect(out.split("\n\n")).toEqual([
      "Quarterly figures by region are shown in the following table of values.",
      [
        "| Region | Revenue | Growth |",
        "| --- | --- | --- |",
        "| North | 1,200 | 5% |",
        "| South | 950 | -2% |",
        "| East \\| West | 2,010 | 12% |",
      ].join("\n"),
      "The table is followed by a paragraph of ordinary body text again.",
    ]);
  });

  it("keeps wrapped cell text in its row when lines inside cells are set tighter than rows", () => {
    const at = (x: number) => [72, 160, 400][x];
    const out = md([
      item("Term", at(0), 100, 12, { bold: true }), item("Definition", at(1), 100, 12, { bold: true }), item("Cost", at(2), 100, 12, { bold: true }),
      item("Widget", at(0), 120), item("The first line of a long", at(1), 120), item("12.00", at(2), 120),
      item("definition that wraps", at(1), 134),
      item("Gadget", at(0), 154), item("Short one", at(1), 154), item("5.50", at(2), 154),
      item("Doohickey", at(0), 174), item("Another definition", at(1), 174), item("7.25", at(2), 174),
      item("on two lines", at(1), 188),
    ]);
    expect(out).toBe([
      "| Term | Definition | Cost |",
      "| --- | --- | --- |",
      "| Widget | The first line of a long definition that wraps | 12.00 |",
      "| Gadget | Short one | 5.50 |",
      "| Doohickey | Another definition on two lines | 7.25 |",
    ].join("\n"));
  });

  it("splits a header row whose cells pdf.js merged into one item", () => {
    const out = md([
      item("Name Amount", 72, 110, 12, { width: 75 }), item("City", 172, 110),
      item("Alice", 72, 127), item("100", 112, 127), item("Paris", 172, 127),
      item("Bob", 72, 144), item("250", 112, 144), item("Berlin", 172, 144),
    ]);
    expect(out).toBe("| Name | Amount | City |\n| --- | --- | --- |\n| Alice | 100 | Paris |\n| Bob | 250 | Berlin |");
  });
});

describe("reading order", () => {
  it("reads a two-column page column by column", () => {
    const left = Array.from({ length: 8 }, (_, i) => `Left column line ${i + 1} of flowing text here${i === 7 ? "." : ""}`);
    const right = Array.from({ length: 8 }, (_, i) => `Right column line ${i + 1} of more flowing text`);
    const out = md([
      item("Two Column Article", 72, 60, 20),
      ...lines(left, 72, 100),
      ...lines(right, 320, 100),
      ...lines(["A full-width closing paragraph below both columns, ending the page text nicely."], 72, 230),
    ]);
    const parts = out.split("\n\n");
    expect(parts[0]).toBe("# Two Column Article");
    expect(parts[1]).toBe(left.join(" "));
    expect(parts[2]).toBe(right.join(" "));
    expect(parts[3]).toBe("A full-width closing paragraph below both columns, ending the page text nicely.");
    expect(out).not.toContain("|");
  });

  it("finds the columns when their baselines do not line up", () => {
    const left = Array.from({ length: 8 }, (_, i) => `Left column line ${i + 1} of flowing text here${i === 7 ? "." : ""}`);
    const right = Array.from({ length: 8 }, (_, i) => `Right column line ${i + 1} of more flowing text`);
    const out = md([
      ...lines(["A full-width opening paragraph above both columns, long enough to span them."], 72, 60),
      ...lines(left, 72, 100),
      item("Right Heading", 320, 92, 16),
      ...lines(right, 320, 121),
    ]);
    expect(out.split("\n\n")).toEqual([
      "A full-width opening paragraph above both columns, long enough to span them.",
      left.join(" "),
      "# Right Heading",
      right.join(" "),
    ]);
  });

  it("continues a paragraph that runs from the foot of one column to the top of the next", () => {
    const left = Array.from({ length: 6 }, (_, i) => `Left column line ${i + 1} of flowing text here`);
    const right = Array.from({ length: 6 }, (_, i) => `continued on the right line ${i + 1} of more text${i === 5 ? "." : ""}`);
    const out = md([...lines(left, 72, 100), ...lines(right, 320, 100)]);
    expect(out).toBe(`${left.join(" ")} ${right.join(" ")}`);
  });
});

describe("running headers and footers", () => {
  it("drops text repeated at the same place on most pages, and page numbers", () => {
    const pages = [1, 2, 3].map((n) =>
      page([
        item("ACME Corp — Annual Report 2025", 72, 40, 9),
        ...lines([`Body text of page ${n} that is long enough to be regular body text.`, "A second line of the body on this page."], 72, 120),
        item(`Page ${n} of 3`, 280, 760, 9),
      ], n),
    );
    const out = layoutDocument(pages);
    expect(out).toHaveLength(3);
    for (const [i, m] of out.entries()) {
      expect(m).toBe(`Body text of page ${i + 1} that is long enough to be regular body text. A second line of the body on this page.`);
    }
  });

  it("keeps numbered headings at the top of pages even when the number equals the page number", () => {
    const pages = [1, 2, 3].map((n) =>
      page([
        item(n === 1 ? "1. Introduction" : n === 2 ? "2. Next steps" : "3. Customer feedback", 72, 55, 18),
        item(`Table ${n}: ${["Results", "Context", "Customers"][n - 1]}`, 72, 77),
        ...lines([`Body text of page ${n} that is long enough to be regular body text.`, "A second line of the body on this page."], 72, 120),
        item(`${n}`, 300, 760, 9),
      ], n),
    );
    const out = layoutDocument(pages);
    expect(out[1].split("\n\n").slice(0, 2)).toEqual(["# 2. Next steps", "Table 2: Context"]);
    expect(out[2].startsWith("# 3. Customer feedback\n\nTable 3: Customers\n\n")).toBe(true);
    for (const m of out) expect(m).not.toMatch(/\n\d$/);
  });

  it("keeps the year of a title that wraps onto its own line", () => {
    const pages = [1, 2].map((n) =>
      page([
        ...(n === 1 ? [item("Results of the quality review", 72, 63, 24), item("2021", 72, 91, 24)] : []),
        ...lines([`Body text of page ${n} that is long enough to be regular body text.`, "A second line of the body on this page."], 72, 120),
      ], n),
    );
    expect(layoutDocument(pages)[0].split("\n\n")[0]).toBe("# Results of the quality review 2021");
  });

  it("drops a bare page number at the foot of a single page but keeps body numbers", () => {
    const out = md([...lines(["Revenue grew to", "42"], 72, 120), item("7", 300, 760)]);
    expect(out).toBe("Revenue grew to 42");
  });
});

describe("escaping", () => {
  it("leaves ordinary sentences alone", () => {
    const text = "Version 1.2 costs $5.00 and 3 * 4 = 12 (see [1]); snake_case stays; 50% off - really.";
    expect(escapeInline(text)).toBe(text);
    expect(escapeBlock(text)).toBe(text);
  });

  it("escapes what would change the Markdown", () => {
    expect(escapeInline("an *important* note with `code` and <b>tags</b>")).toBe("an \\*important\\* note with \\`code\\` and \\<b>tags\\</b>");
    expect(escapeBlock("# not a heading")).toBe("\\# not a heading");
    expect(escapeBlock("2024. A year to remember")).toBe("2024\\. A year to remember");
    expect(escapeBlock("- not a list")).toBe("\\- not a list");
    expect(escapeInline("[link](http://x)")).toBe("[link\\](http://x)");
  });
});

describe("text layer quality and staged use", () => {
  it("rejects empty and garbage text layers", () => {
    expect(assessTextLayer(page([])).usable).toBe(false);
    expect(assessTextLayer(page([item("\uFFFD\uFFFD\uE001\uE002".repeat(10), 72, 100)])).usable).toBe(false);
    expect(assessTextLayer(page(lines(["A perfectly normal line of text."], 72, 100))).usable).toBe(true);
  });

  it("gives the same result staged (prepare, stats, render) as in one call", () => {
    const items = [item("Title", 72, 60, 20), ...lines(["Body line one of the text that is long.", "Body line two."], 72, 100)];
    const prepared = prepareLayoutPage(page(items));
    expect(renderLayoutPage(prepared, computeLayoutStats([prepared]))).toBe(md(items));
  });

  it("handles pages turned by 90 degrees", () => {
    const turned: PdfTextItem[] = ["First line of turned text here.", "Second line of turned text."].map((t, i) => ({
      str: t, transform: [0, 12, -12, 0, 100 + i * 14, 72], width: t.length * 6, height: 12, fontName: "g_d0_Regular",
    }));
    expect(md(turned)).toBe("First line of turned text here. Second line of turned text.");
  });
});
