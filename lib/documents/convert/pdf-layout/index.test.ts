import { describe, expect, it } from "vitest";
import { assessTextLayer, computeLayoutStats, escapeBlock, escapeInline, layoutDocument, prepareLayoutPage, renderLayoutPage } from "./index";
import { joinCellPieces } from "./lines";
import type { PdfTextItem } from "./model";
import { item, lines, md, page } from "./test-items";

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

  it("takes the body size from running text, not from a larger amount of smaller table text", () => {
    const table = Array.from({ length: 24 }, (_, r) =>
      ["Station", "Reading", "Units", "Checked"].map((c, k) => item(r === 0 ? c : `${c[0]}-${r * 7 + k}`, 72 + k * 110, 200 + r * 11, 8)),
    ).flat();
    const prose = [
      "The readings below were collected at every station of the district in May.",
      "Each station logged its values twice a day and sent them to the office.",
    ];
    const out = md([item("Station readings", 72, 60, 16), ...lines(prose, 72, 100, 10, 12), ...table]);
    expect(out.split("\n\n").slice(0, 2)).toEqual(["# Station readings", prose.join(" ")]);
  });

  it("takes the body size from narrow columns, not from wider footnotes set smaller", () => {
    // Three columns of short paragraphs in 9 pt lines shorter than a prose run (a register's page), 7 pt footnotes across the page.
    const columns = [72, 250, 428].flatMap((x, c) =>
      Array.from({ length: 18 }, (_, k) => item(`line ${k} of column ${c} runs on and`, x, 100 + k * 11 + Math.floor(k / 3) * 9, 9)),
    );
    const notes = Array.from({ length: 6 }, (_, k) =>
      item(`${k + 1} A footnote set small that runs across the whole width of the page, citing report number ${k}.`, 72, 340 + k * 9, 7),
    );
    const out = md([item("Background", 72, 70, 14), ...columns, ...notes]);
    expect(out.split("\n\n").filter((b) => b.startsWith("#"))).toEqual(["# Background"]);
  });

  it("does not take a form's values set large for headings (N/A, amounts), but keeps a bare chapter number", () => {
    const b = { bold: true };
    const out = md([
      item("4", 72, 60, 24),
      item("Case summary", 72, 100, 18),
      ...lines(["The agency reviewed the case and the following fields were filled in by the worker."], 72, 130, 10, 12),
      item("Services provided to the family in the previous five years:", 72, 160, 10, b),
      item("N/A", 72, 180, 14),
      item("Amount paid to the provider:", 72, 210, 10, b),
      item("$1,250.00", 72, 230, 14),
      ...lines(["Further remarks of the worker follow in the section below this one, in body text."], 72, 260, 10, 12),
    ]);
    expect(out.split("\n\n").filter((x) => x.startsWith("#"))).toEqual(["# 4", "## Case summary"]);
    expect(out).toContain("\n\nN/A\n\n");
  });

  it("joins a heading that wraps over two lines", () => {
    const out = md([
      item("A very long title that needs", 72, 60, 24),
      item("two lines", 72, 88, 24),
      ...lines(["Body text at twelve points that is the most common size in this document by far."], 72, 130),
    ]);
    expect(out.startsWith("# A very long title that needs two lines\n\n")).toBe(true);
  });

  it("joins a title whose lines are set in slightly different sizes (each fitted to the width)", () => {
    const out = md([
      item("Row and Column Access Control", 27, 97, 33, { bold: true }),
      item("Support in IBM DB2 for i", 27, 135, 30, { bold: true }),
      ...lines(["Body text at twelve points that is the most common size in this document by far."], 72, 180),
      item("Background", 72, 220, 18, { bold: true }),
      ...lines(["More body text at twelve points that follows the section heading on this page."], 72, 250),
    ]);
    const headings = out.split("\n\n").filter((b) => b.startsWith("#"));
    expect(headings[0]).toBe("# Row and Column Access Control Support in IBM DB2 for i");
    expect(headings.slice(1).map((h) => h.replace(/^#+ /, ""))).toEqual(["Background"]);
  });
});

describe("paragraphs", () => {
  it("joins lines, removes end-of-line hyphenation and splits on paragraph spacing", () => {
    const out = md([
      ...lines(
        [
          "The quick brown fox jumps over the lazy dog and then it runs a-",
          "way into the forest while the hunter sleeps under a tree",
          "until the morning comes.",
        ],
        72,
        100,
      ),
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

  it("keeps two lines of a column apart beside a display-size word set between their baselines", () => {
    const out = md([
      ...lines(
        [
          "An assertion of conformance places stringent",
          "demands on both document authoring software and the",
          "author responsible for the conformance status of a",
          "particular document in every case.",
        ],
        20,
        100,
        10,
        13.5,
      ),
      item("PDF/UA", 400, 120, 30),
    ]);
    expect(out).not.toContain("theauthor");
    expect(out).toContain("author responsible for the conformance status of a particular document");
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
      item("2025.", 72, 124, 12, b),
      item("The logistics team explains the migration plan to the", 108, 124),
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

describe("right-to-left text", () => {
  it("reads a Hebrew or Arabic line from its rightmost item, numbers and Latin words in place", () => {
    // pdf.js gives a line's items in visual order: the number and the last word sit left of the first words.
    const out = md([
      item("יחידות", 110, 100),
      item("25", 150, 100),
      item("המערכת כוללת", 166, 100),
      item("3", 100, 130),
      item("وحدة و", 110, 130),
      item("25", 150, 130),
      item("يحتوي النظام على", 166, 130),
    ]);
    expect(out.split("\n\n")).toEqual(["המערכת כוללת 25 יחידות", "يحتوي النظام على 25 وحدة و 3"]);
  });

  it("keeps a number whose digits are items of their own in its left-to-right order", () => {
    // Visual order, left to right: "تن", then "4" and "7.500" touching, "از", "%", "5", "0" touching, "حداقل".
    const out = md([
      item("تن", 80, 100, 12, { width: 10 }),
      item("4", 93, 100, 12, { width: 6 }),
      item("7.500", 99, 100, 12, { width: 25 }),
      item("از", 127, 100, 12, { width: 10 }),
      item("%", 140, 100, 12, { width: 5 }),
      item("5", 145, 100, 12, { width: 6 }),
      item("0", 151, 100, 12, { width: 6 }),
      item("حداقل", 160, 100, 12, { width: 24 }),
    ]);
    expect(out).toBe("حداقل 50% از 47.500 تن");
  });

  it("keeps a Latin line with one Hebrew word left to right", () => {
    expect(md([item("The word", 72, 100), item("שלום", 125, 100), item("means peace.", 155, 100)])).toBe("The word שלום means peace.");
  });

  it("joins the pieces of a table cell's line from the rightmost when they are right-to-left", () => {
    // Two check-box labels of one cell, given left to right: "خير" stands left of "بلی", which reads first.
    expect(joinCellPieces(["خير", "بلی"])).toBe("بلی خير");
    expect(joinCellPieces(["Yes", "No"])).toBe("Yes No");
    expect(joinCellPieces(["12", "500"])).toBe("12 500");
  });
});

describe("lists", () => {
  it("continues an item set like a paragraph: bullet indented as a first line, its text running on at the margin", () => {
    const out = md([
      item("• Revising the existing flight manual to", 84, 100),
      item("incorporate new and revised information and the", 72, 114),
      item("procedures that apply to this airplane model.", 72, 128),
      item("• Installing new flight control software and", 84, 142),
      item("doing a software installation verification.", 72, 156),
      item("A paragraph set with its first line indented runs", 84, 170),
      item("on below the list at the margin of the column.", 72, 184),
    ]);
    expect(out.split("\n\n")).toEqual([
      "- Revising the existing flight manual to incorporate new and revised information and the procedures that apply to this airplane model.\n" +
        "- Installing new flight control software and doing a software installation verification.",
      "A paragraph set with its first line indented runs on below the list at the margin of the column.",
    ]);
  });

  it("does not take a figure's sub-labels '(a) (b) (c)' for a list item", () => {
    const out = md([
      ...lines(["Body text above the figure runs across the whole line of this page and"], 72, 180),
      item("(a)", 100, 200),
      item("(b)", 250, 200),
      item("(c)", 400, 200),
      ...lines(["Figure 1. Examples of regular and irregular scene text."], 72, 230),
    ]);
    expect(out.split("\n\n")).toContain("(a) (b) (c)");
  });

  it("keeps bullets set larger than the body (slides) as list items, not headings", () => {
    const out = md([
      item("Advantages of Tagged PDF", 72, 60, 32),
      item("■", 72, 120, 20),
      item("Law conformance", 96, 120, 20),
      item("■", 72, 160, 20),
      item("Forced by law and promoted by", 96, 160, 20),
      item("guidelines (WCAG, PDF/UA)", 96, 184, 20),
      item("■", 72, 224, 20),
      item("Document title shown", 96, 224, 20),
      ...lines(
        ["A footnote set in the body size, which is the most common size of this page's text,", "runs on over two lines here."],
        72,
        700,
        10,
        12,
      ),
    ]);
    expect(out.split("\n\n").slice(0, 2)).toEqual([
      "# Advantages of Tagged PDF",
      "- Law conformance\n- Forced by law and promoted by guidelines (WCAG, PDF/UA)\n- Document title shown",
    ]);
  });

  it("turns bullets, numbers and letters into Markdown lists nested by indentation", () => {
    const out = md([
      ...lines(["Intro paragraph before the list, long enough to be ordinary body text."], 72, 80),
      item("•", 90, 110),
      item("First bullet", 108, 110),
      item("•", 90, 124),
      item("Second bullet that wraps onto", 108, 124),
      item("a second line", 108, 138),
      item("◦", 126, 152),
      item("Nested bullet", 144, 152),
      item("•", 90, 166),
      item("Third bullet", 108, 166),
      item("1. Step one", 90, 200),
      item("2. Step two", 90, 214),
      item("a) sub step", 110, 228),
    ]);
    expect(out).toBe(
      [
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
      ].join("\n"),
    );
  });

  it("reads a dingbat glyph without a Unicode map ('r' + control code) as a bullet, and drops runs of unmapped glyph ids", () => {
    const glyph = (top: number) => item("r\u0001", 72, top, 7, { font: "g_d0_f8", width: 4 });
    const out = md([
      ...lines(["Global engagements cover topics including the following ones here:"], 72, 80, 10, 12),
      glyph(100),
      item("Database performance and scalability", 80, 100, 10),
      glyph(112),
      item("Advanced SQL knowledge and skills transfer", 80, 112, 10),
      item("\u0002\u0003 \u0004\u0005!\u0007\u0005\b \u0003 #", 72, 140, 10),
      ...lines(["A last paragraph of ordinary body text closes the page."], 72, 160, 10, 12),
    ]);
    expect(out.split("\n\n")).toEqual([
      "Global engagements cover topics including the following ones here:",
      "- Database performance and scalability\n- Advanced SQL knowledge and skills transfer",
      "A last paragraph of ordinary body text closes the page.",
    ]);
  });

  it("reads one character of a dingbat font (Wingdings' '§' square, 'Ø' arrow) as a bullet", () => {
    const wing = (ch: string, x: number, top: number) => item(ch, x, top, 10, { font: "Wingdings-Regular", width: 6 });
    const out = md([
      ...lines(["The checklist below names what the crew brings to the site every day:"], 72, 80, 10, 12),
      wing("§", 72, 100),
      item("Helmets and gloves", 84, 100, 10),
      wing("Ø", 72, 112),
      item("Spare batteries", 84, 112, 10),
    ]);
    expect(out.split("\n\n")[1]).toBe("- Helmets and gloves\n- Spare batteries");
  });

  it("keeps a dingbat that is no bullet as the symbol it draws (a check mark in a row of figures)", () => {
    const wing = (ch: string, x: number, top: number) => item(ch, x, top, 10, { font: "Wingdings-Regular", width: 8 });
    const out = md([
      ...lines(["The features of each edition are compared in the rows below, one per line:"], 72, 80, 10, 12),
      item("Export to PDF", 72, 100, 10),
      wing("ü", 300, 100),
      item("Offline use", 72, 112, 10),
      wing("û", 300, 112),
    ]);
    expect(out).toContain("✓");
    expect(out).toContain("✗");
  });

  it("keeps the source's delimiter of numbered items ('1)' stays '1)', as footnotes are numbered)", () => {
    const out = md([
      ...lines(["Intro paragraph before the notes, long enough to be ordinary body text."], 72, 80),
      item("1) The first note explains the term used above.", 72, 110),
      item("2) The second note gives the source of the figure.", 72, 124),
    ]);
    expect(out.split("\n\n")[1]).toBe("1) The first note explains the term used above.\n2) The second note gives the source of the figure.");
  });
});

describe("running headers and footers", () => {
  it("drops text repeated at the same place on most pages, and page numbers", () => {
    const pages = [1, 2, 3].map((n) =>
      page(
        [
          item("ACME Corp — Annual Report 2025", 72, 40, 9),
          ...lines([`Body text of page ${n} that is long enough to be regular body text.`, "A second line of the body on this page."], 72, 120),
          item(`Page ${n} of 3`, 280, 760, 9),
        ],
        n,
      ),
    );
    const out = layoutDocument(pages);
    expect(out).toHaveLength(3);
    for (const [i, m] of out.entries()) {
      expect(m).toBe(`Body text of page ${i + 1} that is long enough to be regular body text. A second line of the body on this page.`);
    }
  });

  it("keeps numbered headings at the top of pages even when the number equals the page number", () => {
    const pages = [1, 2, 3].map((n) =>
      page(
        [
          item(n === 1 ? "1. Introduction" : n === 2 ? "2. Next steps" : "3. Customer feedback", 72, 55, 18),
          item(`Table ${n}: ${["Results", "Context", "Customers"][n - 1]}`, 72, 77),
          ...lines([`Body text of page ${n} that is long enough to be regular body text.`, "A second line of the body on this page."], 72, 120),
          item(`${n}`, 300, 760, 9),
        ],
        n,
      ),
    );
    const out = layoutDocument(pages);
    expect(out[1].split("\n\n").slice(0, 2)).toEqual(["# 2. Next steps", "Table 2: Context"]);
    expect(out[2].startsWith("# 3. Customer feedback\n\nTable 3: Customers\n\n")).toBe(true);
    for (const m of out) expect(m).not.toMatch(/\n\d$/);
  });

  it("keeps a line that recurs at the same height when content sits above it", () => {
    const pages = [1, 2, 3].map((n) =>
      page(
        [
          item(`Chapter ${["One", "Two", "Three"][n - 1]}`, 72, 55, 18),
          item("The following actions were agreed:", 72, 77),
          ...lines([`Body text of page ${n} that is long enough to be regular body text.`, "A second line of the body on this page."], 72, 120),
        ],
        n,
      ),
    );
    for (const m of layoutDocument(pages)) expect(m.split("\n\n")[1]).toBe("The following actions were agreed:");
  });

  it("keeps the year of a title that wraps onto its own line", () => {
    const pages = [1, 2].map((n) =>
      page(
        [
          ...(n === 1 ? [item("Results of the quality review", 72, 63, 24), item("2021", 72, 91, 24)] : []),
          ...lines([`Body text of page ${n} that is long enough to be regular body text.`, "A second line of the body on this page."], 72, 120),
        ],
        n,
      ),
    );
    expect(layoutDocument(pages)[0].split("\n\n")[0]).toBe("# Results of the quality review 2021");
  });

  it("keeps body text and counting headings that fill the top of every page (a report of one-line pages)", () => {
    const pages = Array.from({ length: 20 }, (_, i) => i + 1).map((n) =>
      page(
        [
          item(`Chapter ${n}`, 72, 60, 18),
          item(`This is page ${n} of the long field report. Sensor station S-${10 * n} recorded ${7 * n} events.`, 72, 90),
        ],
        n,
      ),
    );
    const out = layoutDocument(pages);
    for (const [i, m] of out.entries()) {
      const n = i + 1;
      expect(m).toBe(`# Chapter ${n}\n\nThis is page ${n} of the long field report. Sensor station S-${10 * n} recorded ${7 * n} events.`);
    }
  });

  it("never empties a page, and keeps a one-character heading at the top of a page", () => {
    const pages = [1, 2, 3].map((n) =>
      page(
        [
          item("ACME Corp — Annual Report 2025", 72, 40, 9),
          ...(n === 2 ? [] : lines([`Body text of page ${n} that is long enough to be body text.`], 72, 120)),
        ],
        n,
      ),
    );
    expect(layoutDocument(pages)[1]).toBe("ACME Corp — Annual Report 2025");
    const headed = [1, 2].map((n) =>
      page(
        [item(`${n + 3}`, 72, 60, 24), ...lines([`Body text of page ${n} that is long enough to be body text.`, "And a second line."], 72, 120)],
        n,
      ),
    );
    expect(layoutDocument(headed)[0].startsWith("# 4\n\n")).toBe(true);
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

  it("leaves asterisks and underscores alone that cannot pair into emphasis", () => {
    expect(escapeInline("the default value is *CHANGE and *ALLOBJ grants more")).toBe("the default value is *CHANGE and *ALLOBJ grants more");
    expect(escapeInline("scored 87.3* on the test, see note")).toBe("scored 87.3* on the test, see note");
    expect(escapeInline("_private and QIBM_DB_SECADM")).toBe("_private and QIBM_DB_SECADM");
    expect(escapeInline("grant *USE to the user* here")).toBe("grant \\*USE to the user\\* here");
    expect(escapeInline("a _word_ here")).toBe("a \\_word\\_ here");
  });
});

describe("text layer quality and staged use", () => {
  it("rejects empty and garbage text layers", () => {
    expect(assessTextLayer(page([])).usable).toBe(false);
    expect(assessTextLayer(page([item("\uFFFD\uFFFD\uE001\uE002".repeat(10), 72, 100)])).usable).toBe(false);
    expect(assessTextLayer(page(lines(["A perfectly normal line of text."], 72, 100))).usable).toBe(true);
  });

  it("accepts a short text layer that holds a word (a page of two words is read, never OCR'd)", () => {
    expect(assessTextLayer(page(lines(["Some text"], 72, 100))).usable).toBe(true);
    expect(assessTextLayer(page(lines(["Home"], 72, 100))).usable).toBe(true);
    // A page number alone (no word) is no text layer to keep: such a page is checked by OCR.
    expect(assessTextLayer(page(lines(["3"], 72, 700))).usable).toBe(false);
  });

  it("accepts a table of contents with dot leaders and an index page: leaders are not garbage", () => {
    const toc = ["Introduction", "Scope of the review", "Findings and measurements", "Recommendations", "Annex A: Sites"].map((t, i) =>
      item(`${i + 1}. ${t} ${".".repeat(90 - t.length)} ${3 + 4 * i}`, 72, 100 + i * 16),
    );
    const dots = Array.from({ length: 60 }, (_, k) => item(".", 250 + k * 4, 300));
    const q = assessTextLayer(page([...toc, item("Glossary", 72, 300), ...dots, item("41", 500, 300)]));
    expect(q.usable).toBe(true);
    expect(q.garbage).toBe(0);
  });

  it("gives the same result staged (prepare, stats, render) as in one call", () => {
    const items = [item("Title", 72, 60, 20), ...lines(["Body line one of the text that is long.", "Body line two."], 72, 100)];
    const prepared = prepareLayoutPage(page(items));
    expect(renderLayoutPage(prepared, computeLayoutStats([prepared]))).toBe(md(items));
  });

  it("handles pages turned by 90 degrees", () => {
    const turned: PdfTextItem[] = ["First line of turned text here.", "Second line of turned text."].map((t, i) => ({
      str: t,
      transform: [0, 12, -12, 0, 100 + i * 14, 72],
      width: t.length * 6,
      height: 12,
      fontName: "g_d0_Regular",
    }));
    expect(md(turned)).toBe("First line of turned text here. Second line of turned text.");
  });
});

describe("code and preformatted text", () => {
  const mono = (str: string, x: number, top: number) => ({ ...item(str, x, top, 9, { width: str.length * 5.4 }), fontName: "g_mono" });
  const fonts = { g_mono: { name: "ABCDEF+DejaVuSansMono", mono: true } };

  it("fences a hexdump with its alignment instead of a pipe table or one flattened line", () => {
    const dump = [
      ["00000000", "25 50 44 46 2d 31 2e 37", "|%PDF-1.7|"],
      ["00000008", "0a 25 b5 ed ae fb 0a 34", "|.%.....4|"],
      ["00000010", "20 30 20 6f 62 6a 0a 3c", "| 0 obj.<|"],
    ];
    const items = [
      ...lines(["A dump of the first bytes of the file follows here, as the tool printed it."], 72, 80),
      ...dump.flatMap((cols, i) => [
        mono(cols[0], 72, 110 + i * 11),
        mono(cols[1], 72 + 10 * 5.4, 110 + i * 11),
        mono(cols[2], 72 + 35 * 5.4, 110 + i * 11),
      ]),
      ...lines(["And the text continues after the dump in the ordinary body font of the page."], 72, 160),
    ];
    const out = layoutDocument([page(items)], fonts)[0];
    expect(out).toBe(
      [
        "A dump of the first bytes of the file follows here, as the tool printed it.",
        "```\n00000000  25 50 44 46 2d 31 2e 37  |%PDF-1.7|\n00000008  0a 25 b5 ed ae fb 0a 34  |.%.....4|\n00000010  20 30 20 6f 62 6a 0a 3c  | 0 obj.<|\n```",
        "And the text continues after the dump in the ordinary body font of the page.",
      ].join("\n\n"),
    );
  });

  it("keeps the indentation of code lines", () => {
    const code = ["function add(a, b) {", "    return a + b;", "}"];
    const items = [
      ...lines(["The function below adds two numbers and returns their sum to the caller."], 72, 80),
      ...code.map((l, i) => mono(l.trim(), 72 + (l.length - l.trimStart().length) * 5.4, 110 + i * 11)),
    ];
    expect(layoutDocument([page(items)], fonts)[0].split("\n\n")[1]).toBe("```\nfunction add(a, b) {\n    return a + b;\n}\n```");
  });
});

describe("documents we did not write (held-out failure classes)", () => {
  it("keeps long one-line headings as headings when the body text is in short table cells", () => {
    const headings = ["Lists with the same numbering in different cells", "Mixed content with a list and regular text in cells"];
    const cells = (top: number) =>
      Array.from({ length: 4 }, (_, r) => [item(`Cell ${r} left`, 78, top + r * 14), item(`Cell ${r} right`, 311, top + r * 14)]).flat();
    const out = md([item(headings[0], 72, 80, 16), ...cells(120), item(headings[1], 72, 220, 16), ...cells(260), item("Closing words.", 72, 340)]);
    expect(out.split("\n\n").filter((b) => b.startsWith("#"))).toEqual(headings.map((h) => `# ${h}`));
  });

  it("reads Word's 'o' bullet (a lone letter in a fixed-pitch font) as a nested list item, not inside prose", () => {
    const mono = { font: "g_d0_Courier" };
    const out = layoutDocument(
      [
        page([
          item("\u2022", 90, 100),
          item("List item 1", 108, 100),
          item("o", 126, 114, 12, mono),
          item("List item 1.1", 144, 114),
          item("\u2022", 90, 128),
          item("List item 2", 108, 128),
          ...lines(["He said o well, and left the room before anyone could answer him there."], 72, 160),
        ]),
      ],
      { g_d0_Courier: { name: "CourierNewPSMT", mono: true } },
    )[0];
    expect(out.split("\n\n")).toEqual([
      "- List item 1\n  - List item 1.1\n- List item 2",
      "He said o well, and left the room before anyone could answer him there.",
    ]);
  });

  it("reads numbered labels set a tab away from their text as a list, not a two-column table", () => {
    const out = md([
      item("1.", 72, 100),
      item("Buy fresh bread from the corner bakery", 108, 100),
      item("2.", 72, 124),
      item("Pick up citrus and green onions", 108, 124),
      item("3.", 72, 148),
      item("Return the borrowed library novels", 108, 148),
    ]);
    expect(out).toBe("1. Buy fresh bread from the corner bakery\n2. Pick up citrus and green onions\n3. Return the borrowed library novels");
  });

  it("keeps a two-column table of figures whose first column looks like numbers", () => {
    const rows = [
      ["1.1", "2.5"],
      ["1.2", "3.5"],
      ["1.3", "4.5"],
    ];
    const out = md(rows.flatMap(([a, b], r) => [item(a, 72, 100 + r * 14), item(b, 200, 100 + r * 14)]));
    expect(out.startsWith("| 1.1 | 2.5 |")).toBe(true);
  });

  it("joins a list item's hanging continuation set lower than the body leading (a tall bullet glyph)", () => {
    const out = md([
      item("\u25CF", 72, 100, 10),
      item("Phase 1 fixes the document's main layout. It forces the strict", 90, 100, 10),
      item("standard clause order and removes forbidden names.", 90, 115, 10),
      item("\u25CF", 72, 140, 10),
      item("Phase 2 cleans up the small details of the house style.", 90, 140, 10),
      ...lines(["A paragraph of body text after the list, long enough to set the body size.", "And its second line."], 72, 170, 10, 11.5),
    ]);
    expect(out.split("\n\n")[0]).toBe(
      "- Phase 1 fixes the document's main layout. It forces the strict standard clause order and removes forbidden names.\n- Phase 2 cleans up the small details of the house style.",
    );
  });

  it("keeps a readable text layer beside items of unmapped glyph codes (a drawing set in a symbol font)", () => {
    const prose = Array.from({ length: 8 }, (_, i) => `Line ${i} of the solution brief tells what the team can do for your business today.`);
    const glyphs = Array.from({ length: 30 }, (_, i) => item("\u0003\u0005\u0007\u000E", 150 + (i % 10) * 8, 400 + Math.floor(i / 10) * 10, 6));
    const q = assessTextLayer(page([...lines(prose, 280, 100), ...glyphs]));
    expect(q.garbage).toBeGreaterThan(0.1);
    expect(q.usable).toBe(true);
    // A page whose words are few beside as much garbage stays unreadable (it goes to OCR).
    expect(assessTextLayer(page([...lines(prose.slice(0, 1), 280, 100), ...glyphs])).usable).toBe(false);
  });

  it("reads a lone unmapped glyph opening a line as a bullet, and drops one inside a line", () => {
    const out = md([
      item("\u0002", 137, 100, 10),
      item("Security fundamentals", 151, 100, 10),
      item("\u0002", 137, 114, 10),
      item("Current state of IBM i security", 151, 114, 10),
      ...lines(["Body text with a stray", "glyph inside it, read as plain text once dropped."], 72, 140, 10, 12),
      item("\u0003", 300, 140, 10),
    ]);
    expect(out).toBe(
      "- Security fundamentals\n- Current state of IBM i security\n\nBody text with a stray glyph inside it, read as plain text once dropped.",
    );
  });

  it("reads ballot boxes as a task list, a wrapped item's line included", () => {
    const out = md([
      item("\u2612 Design", 72, 100, 11),
      item("\u2610 Documentation of the task with a very long text that goes beyond the", 72, 120, 11),
      item("length of a single line.", 110, 133, 11),
    ]);
    expect(out).toBe("- [x] Design\n- [ ] Documentation of the task with a very long text that goes beyond the length of a single line.");
  });

  it("keeps each table-of-contents entry (leader and page number) on a row of its own", () => {
    const out = md(
      lines(
        [
          "Notices . . . . . . . . . . . . . . . . . vii",
          "Trademarks . . . . . . . . . . . . . . . viii",
          "Preface . . . . . . . . . . . . . . . . . . xi",
        ],
        72,
        100,
      ),
    );
    expect(out.split("\n\n").map((r) => r.split(" ").pop())).toEqual(["vii", "viii", "xi"]);
  });

  it("reads a bold line ending in a colon as a lead-in, not a heading", () => {
    const out = md([
      item("Key benefits:", 72, 100, 12, { bold: true }),
      item("\u2022 Open-source software is cost-effective as it eliminates license fees.", 72, 120),
      item("Results", 72, 160, 12, { bold: true }),
      ...lines(["The results of the study are described in the paragraphs that follow here."], 72, 180),
    ]);
    expect(out.split("\n\n")[0]).toBe("**Key benefits:**");
    expect(out).toMatch(/^#+ Results$/m);
  });

  it("reads an indented italic line as a quotation, not a heading", () => {
    const body = ["After a good day of swimming in the lake, it is important to eat something", "nice, and then to rest."];
    const out = md([
      ...lines(body, 67, 100),
      item("I like to eat leaves", 92, 140, 12, { italic: true }),
      ...lines(["Here are some interesting things a respectful duck could eat in the park:"], 67, 170),
    ]);
    expect(out.split("\n\n")[1]).toBe("I like to eat leaves");
  });

  it("reads a reference list with hanging labels as items, not as a two-column table, and leaves citations in running text", () => {
    const out = md([
      item("[24]", 72, 100, 10),
      item("N. Perry, M. Srivastava, D. Kumar, and D. Boneh, \u201cDo users write", 100, 100, 10),
      item("more insecure code with AI assistants?\u201d in CCS, 2023.", 100, 112, 10),
      item("[25]", 72, 126, 10),
      item("V. Raychev, M. Vechev, and E. Yahav, \u201cCode completion with", 100, 126, 10),
      item("statistical language models,\u201d in PLDI, 2014.", 100, 138, 10),
      item("[26]", 72, 152, 10),
      item("B. Roziere, J. Gehring, F. Gloeckle, and S. Sootla, \u201cCode Llama.\u201d", 100, 152, 10),
      ...lines(["The method of the earlier study", "[42] cannot capture the shape of the text in details when it is wide."], 72, 190, 10, 12),
    ]);
    const blocks = out.split("\n\n");
    expect(blocks[0].split("\n")).toEqual([
      "- [24] N. Perry, M. Srivastava, D. Kumar, and D. Boneh, \u201cDo users write more insecure code with AI assistants?\u201d in CCS, 2023.",
      "- [25] V. Raychev, M. Vechev, and E. Yahav, \u201cCode completion with statistical language models,\u201d in PLDI, 2014.",
      "- [26] B. Roziere, J. Gehring, F. Gloeckle, and S. Sootla, \u201cCode Llama.\u201d",
    ]);
    expect(blocks[1]).toBe("The method of the earlier study [42] cannot capture the shape of the text in details when it is wide.");
  });
});
