import { describe, expect, it } from "vitest";
import { joinOcrLines, midSentence, ocrLayoutToMarkdown, readingOrderOfBands, wordy } from "./layout-markdown";

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

  it("reads four or more tall lines in a row with nothing between them as labels, not headings", () => {
    const labels = ["North region", "South region", "East region", "West region"];
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Sales by region", 0, 60))] },
        { paragraphs: [para(line("The regions sold more than in the last year.", 100), line("and the east most of all.", 150))] },
        ...labels.map((t, i) => ({ paragraphs: [para(line(t, 250 + 100 * i, 60))] })),
        { paragraphs: [para(line("Figures are in thousands of units sold.", 700), line("and rounded.", 750))] },
      ],
      1,
    );
    expect(out.markdown.split("\n\n").filter((b) => b.startsWith("#"))).toEqual(["## Sales by region"]);
    expect(out.markdown).toContain("\n\nNorth region\n\n");
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

  it("makes a title of a number alone set at title size (# 4), not of a number set smaller or a long one", () => {
    const body = (y: number) => para(line("Body text of the page, set in the regular size.", y), line("More body text follows here.", y + 50));
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("4", 0, 80))] },
        { paragraphs: [body(100)] },
        { paragraphs: [para(line("21", 250, 56))] },
        { paragraphs: [para(line("2024", 350, 80))] },
        { paragraphs: [body(450)] },
      ],
      1,
    );
    expect(out.markdown.split("\n\n")).toEqual([
      "# 4",
      "Body text of the page, set in the regular size. More body text follows here.",
      "21",
      "2024",
      "Body text of the page, set in the regular size. More body text follows here.",
    ]);
  });

  it("does not make headings of tall formulas or figure lines (a fax number, an equation)", () => {
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Formula", 0, 60))] },
        { paragraphs: [para(line("a> +8=12", 100, 60))] },
        { paragraphs: [para(line("Fax 7079 4302", 200, 60))] },
        { paragraphs: [para(line("smaller models trained on OTSL perform better, especially in recognizing complex", 250, 60))] },
        { paragraphs: [para(line("Body text of the page, set in the regular size.", 300), line("More body text follows here.", 350))] },
        { paragraphs: [para(line("Body text goes on and on in this paragraph.", 450), line("And ends here.", 500))] },
      ],
      1,
    );
    expect(out.blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "paragraph", "paragraph", "paragraph", "paragraph"]);
    expect(wordy("2.1.7 Verifying function usage IDs")).toBe(true);
    expect(midSentence("smaller models trained on OTSL perform better, especially in recognizing complex")).toBe(true);
    expect(midSentence("heading level 1.0")).toBe(false);
    expect(wordy("코로나-19 관련 보험약관상")).toBe(true);
  });

  it("puts a paragraph alone across its band before the paragraphs below it that tesseract reported first", () => {
    const b = (x0: number, y0: number, x1: number, y1: number, id: string) => ({ id, bbox: { x0, y0, x1, y1 } });
    const title = b(900, 0, 1100, 80, "title");
    const heading = b(100, 120, 600, 170, "heading");
    const body = b(100, 200, 1500, 300, "body");
    const page = [heading, title, body];
    readingOrderOfBands(page);
    expect(page.map((p) => p.id)).toEqual(["title", "heading", "body"]);
    // two columns read one after the other stay as they are; so does a band already in place
    const columns = [b(100, 0, 700, 500, "left"), b(800, 0, 1500, 500, "right"), b(100, 600, 1500, 650, "footer")];
    readingOrderOfBands(columns);
    expect(columns.map((p) => p.id)).toEqual(["left", "right", "footer"]);
    const mixed = [b(100, 0, 700, 100, "l1"), b(100, 400, 700, 500, "l2"), b(800, 0, 1500, 100, "r1"), b(100, 200, 1500, 300, "band")];
    readingOrderOfBands(mixed);
    expect(mixed.map((p) => p.id)).toEqual(["l1", "l2", "r1", "band"]);
  });

  it("reads bullets misread as letters ('eo', 'e', 'o', '¢') as list items, not one run-on paragraph", () => {
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Test 1:", 0))] },
        { paragraphs: [para(line("eo List item 1", 100), line("eo List item 2", 150), line("e List item 3", 200))] },
        { paragraphs: [para(line("¢ Enjoy summer warmth", 300), line("o Nested item 1.1", 350))] },
        { paragraphs: [para(line("e mail is how we reach you.", 450))] },
      ],
      1,
    );
    expect(out.markdown).toBe(
      ["Test 1:", "- List item 1\n- List item 2\n- List item 3\n- Enjoy summer warmth\n- Nested item 1.1", "e mail is how we reach you."].join(
        "\n\n",
      ),
    );
  });

  it("nests list items whose markers stand further right under the item above them", () => {
    const at = (x: number, l: ReturnType<typeof line>) => {
      const move = (b: { x0: number; y0: number; x1: number; y1: number }) => ({ ...b, x0: b.x0 + x, x1: b.x1 + x });
      return { ...l, bbox: move(l.bbox), words: l.words.map((w) => ({ ...w, bbox: move(w.bbox) })) };
    };
    // markers at x 250 (top level), 352 and 453 (one and two levels down), line height 26
    const items: [number, string][] = [
      [150, "eo Item 1"],
      [252, "o Item 1.1"],
      [353, "= Item 1.1.1"],
      [252, "o Item 1.2"],
      [150, "e Item 2"],
      [160, "1. Numbered"],
      [262, "o Under the number"],
    ];
    const out = ocrLayoutToMarkdown([{ paragraphs: [para(...items.map(([x, t], i) => at(x, line(t, 100 + 40 * i, 26))))] }], 1);
    expect(out.markdown).toBe(
      ["- Item 1", "  - Item 1.1", "    - Item 1.1.1", "  - Item 1.2", "- Item 2", "1. Numbered", "   - Under the number"].join("\n"),
    );
    expect(out.blocks[0].items!.map((i) => i.level)).toEqual([0, 1, 2, 1, 0, 0, 1]);
  });

  it("starts a list after its introduction ending with a colon in the same tesseract paragraph", () => {
    const out = ocrLayoutToMarkdown(
      [{ paragraphs: [para(line("Before you swim, don't forget:", 0), line("* Wear sunglasses", 50), line("® Use sun cream", 100))] }],
      1,
    );
    expect(out.markdown).toBe("Before you swim, don't forget:\n\n- Wear sunglasses\n- Use sun cream");
    const prose = ocrLayoutToMarkdown([{ paragraphs: [para(line("The total was", 0), line("* 20 units, then more.", 50))] }], 1);
    expect(prose.markdown).toBe("The total was * 20 units, then more.");
  });

  it("drops a horizontal rule read as dashes from the text", () => {
    const out = ocrLayoutToMarkdown([{ paragraphs: [para(line("Totals follow.", 0), line("_—_—Pnmnmm— ————", 60))] }], 1);
    expect(out.markdown).toBe("Totals follow.");
  });

  it("does not merge a heading into the line directly below it (one tesseract paragraph)", () => {
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Quarterly Report", 0, 90), line("Revenue rose in every region this year.", 100))] },
        { paragraphs: [para(line("Costs were stable and margins improved.", 200), line("Shipping was a little dearer.", 250))] },
      ],
      1,
    );
    expect(out.markdown).toBe(
      "# Quarterly Report\n\nRevenue rose in every region this year.\n\nCosts were stable and margins improved. Shipping was a little dearer.",
    );
  });

  it("makes body-size numbered section titles headings (level = number depth), not addresses or list items", () => {
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("5 Experiments", 0))] },
        { paragraphs: [para(line("We ran every model on the same machine and report the means.", 100))] },
        { paragraphs: [para(line("5.1 Hyper Parameter Optimization", 200))] },
        { paragraphs: [para(line("The encoder depth was varied from two to six layers here.", 300))] },
        { paragraphs: [para(line("69100 Villeurbanne", 400))] },
        { paragraphs: [para(line("2. Second item of a list", 500))] },
      ],
      1,
    );
    expect(out.markdown).toBe(
      [
        "# 5 Experiments",
        "We ran every model on the same machine and report the means.",
        "## 5.1 Hyper Parameter Optimization",
        "The encoder depth was varied from two to six layers here.",
        "69100 Villeurbanne",
        "2. Second item of a list",
      ].join("\n\n"),
    );
  });

  it("makes a bold body-size line a heading one level below the page's larger headings, not one line of a bold block", () => {
    // the stroke width is read from the pixels (type-style.ts); here: 9 px for the bold lines, 6 px otherwise
    const bold = new Set([300, 500, 540, 580]);
    const stroke = (b: { y0: number }) => (bold.has(b.y0) ? 9 : 6);
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Test Document", 0, 80))] },
        { paragraphs: [para(line("Section 1", 100, 60))] },
        { paragraphs: [para(line("Paragraph one of the section.", 200))] },
        { paragraphs: [para(line("Section 1.2.3", 300))] },
        { paragraphs: [para(line("Paragraph of the subsection.", 400))] },
        { paragraphs: [para(line("ACME Corp", 500))] },
        { paragraphs: [para(line("27 rue Henri Rolland", 540))] },
        { paragraphs: [para(line("69100 Villeurbanne", 580))] },
        { paragraphs: [para(line("Closing words of the page.", 700))] },
      ],
      1,
      [],
      { stroke },
    );
    expect(out.markdown.split("\n\n").filter((b) => b.startsWith("#"))).toEqual(["# Test Document", "## Section 1", "### Section 1.2.3"]);
    // without pixels nothing is bold
    expect(
      ocrLayoutToMarkdown([{ paragraphs: [para(line("Section 1", 100, 60))] }, { paragraphs: [para(line("Section 1.2.3", 300))] }], 1).markdown,
    ).not.toContain("### ");
  });

  it("makes an italic title-like line over a paragraph a heading, not an italic line in a column of evenly spaced lines", () => {
    // the slant is read from the pixels (type-style.ts); here: 0.25 for the italic lines, upright otherwise
    const italic = new Set([300, 500, 800]);
    const slant = (b: { y0: number }) => (italic.has(b.y0) ? 0.25 : 0);
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("The two general types of nuts are in use.", 100), line("Only three kinds are considered here.", 150))] },
        // 100 px above it, 20 px under it: set with the paragraph it heads
        { paragraphs: [para(line("Boots Self-Locking Nut", 300))] },
        { paragraphs: [para(line("The nut is of one piece, all-metal construction", 360), line("designed to hold tight despite vibration.", 410))] },
        // an italic line ending in a stop, and one indented past the text under it: not headings
        { paragraphs: [para(line("Figure 7-26. Self-locking nuts.", 500))] },
        { paragraphs: [para(line("Abrin", 700), line("Conotoxins", 750))] },
        // species names in italics in an evenly spaced list: not headings
        { paragraphs: [para(line("Coccidioides posadasii", 800))] },
        { paragraphs: [para(line("Rickettsia rickettsii", 840), line("Variola major virus", 880))] },
      ],
      1,
      [],
      { slant },
    );
    expect(out.markdown.split("\n\n").filter((b) => b.startsWith("#"))).toEqual(["# Boots Self-Locking Nut"]);
    // without pixels nothing is italic
    expect(ocrLayoutToMarkdown([{ paragraphs: [para(line("Boots Self-Locking Nut", 300))] }], 1).markdown).not.toContain("#");
  });

  it("reads each contents entry (a line ending in its leader and page number) as a paragraph of its own, never a heading", () => {
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Contents", 0, 80))] },
        {
          paragraphs: [
            para(
              line("Foreword ........................ vi", 100),
              line("1 Scope ............................ 1", 150),
              line("2 Conformance and the requirements of", 200),
              line("conforming readers ................ 12", 250),
            ),
          ],
        },
        { paragraphs: [para(line("The text of the page goes on here.", 350), line("It has two lines.", 400))] },
      ],
      1,
    );
    expect(out.markdown).toBe(
      [
        "# Contents",
        "Foreword ........................ vi",
        "1 Scope ............................ 1",
        "2 Conformance and the requirements of conforming readers ................ 12",
        "The text of the page goes on here. It has two lines.",
      ].join("\n\n"),
    );
  });

  it("makes a line set in a colour over text in the body's a heading, split off the paragraph tesseract ran it into", () => {
    // the tone is read from the pixels (type-style.ts): here 75 for the blue lines, 0 otherwise; the line at 700 is underlined
    const blue = new Set([150, 400, 500, 700, 820, 900]);
    const type = { tone: (b: { y0: number }) => (blue.has(b.y0) ? 75 : 0), underline: (b: { y0: number }) => (b.y0 === 700 ? 1 : 0.5) };
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Paragraph for the first section of the page", 100))] },
        {
          paragraphs: [
            para(
              line("First-level sub-heading under Section 1", 150),
              line("Paragraph for the sub-heading runs on here", 200),
              line("and ends on this line.", 250),
            ),
          ],
        },
        // a caption in colour, a legend in colour over labels: not headings
        { paragraphs: [para(line("Figure 2 Sales by region", 400))] },
        { paragraphs: [para(line("Some more text of the page goes here.", 450))] },
        { paragraphs: [para(line("Column 1 Legend", 500), line("Col 2 Col 3", 550))] },
        { paragraphs: [para(line("Text after the legend, long enough.", 600))] },
        // a hyperlink in colour: underlined, not a heading
        { paragraphs: [para(line("Click here to download the reader", 700), line("If you already have the reader, open the file.", 750))] },
        // a quotation in gray, indented past the text under it: not a heading
        { paragraphs: [para({ ...line("I like to eat leaves", 820), bbox: { x0: 200, y0: 820, x1: 700, y1: 860 } })] },
        { paragraphs: [para(line("Here are some things a duck could eat here.", 860))] },
        { paragraphs: [para(line("Closing Words Of The Page", 900))] },
        { paragraphs: [para(line("The last paragraph has words.", 950))] },
      ],
      1,
      [],
      type,
    );
    expect(out.markdown.split("\n\n").filter((b) => b.startsWith("#"))).toEqual([
      "# First-level sub-heading under Section 1",
      "# Closing Words Of The Page",
    ]);
    expect(out.markdown).toContain("Click here to download the reader If you already have the reader, open the file.");
  });

  it("makes a bold line over a paragraph a heading on a page without larger headings, not a bold line within text", () => {
    // Headings in bold a point above the body (42 px lines over 40 px ones): under the size rule's reach.
    const bold = new Set([100, 400, 700]);
    const stroke = (b: { y0: number }) => (bold.has(b.y0) ? 9 : 6);
    const body = (y: number) => [
      line("The origins of the subject can be traced back a long way in time,", y),
      line("to the invention of the first machines of the kind in the century", y + 50),
      line("before, which changed how people wrote letters at their desks.", y + 100),
    ];
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Pre-Digital Era (19th Century)", 100, 42))] },
        { paragraphs: [para(...body(160))] },
        { paragraphs: [para(line("The Birth of Word Processing", 400, 42))] },
        { paragraphs: [para(...body(460))] },
        { paragraphs: [para(line("Total due", 700, 42))] },
        { paragraphs: [para(line("Thank you for your business.", 760))] },
      ],
      1,
      [],
      { stroke },
    );
    expect(out.markdown.split("\n\n").filter((b) => b.startsWith("#"))).toEqual([
      "# Pre-Digital Era (19th Century)",
      "# The Birth of Word Processing",
    ]);
  });

  it("splits a bold heading a little taller than the text off the paragraph tesseract joined it to", () => {
    // A 14 pt bold heading over 11 pt text (51 px over 40 px lines): under the height jump that splits paragraphs.
    const bold = new Set([0, 600]);
    const stroke = (b: { y0: number }) => (bold.has(b.y0) ? 9 : 6);
    const text = (y: number) => [
      line("This paragraph has text before the image that the document holds,", y),
      line("and it goes on for a while to make the body of the page readable.", y + 50),
    ];
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [para(line("Test Document with External Image", 0, 51), ...text(55))] },
        { paragraphs: [para(...text(300))] },
        // (a picture read as text: bold-looking, taller, but read with little confidence)
        { paragraphs: [para(line("WEN a A VENA SA ON EYE] a Sc", 600, 51, 60), ...text(655))] },
      ],
      1,
      [],
      { stroke },
    );
    const blocks = out.markdown.split("\n\n");
    expect(blocks[0]).toMatch(/^#+ Test Document with External Image$/);
    expect(blocks[1]).toMatch(/^This paragraph has text before the image/);
    expect(blocks.filter((b) => b.startsWith("#"))).toHaveLength(1);
  });

  it("makes an unruled table of whitespace-aligned columns a GFM table", () => {
    const w = (text: string, x0: number, y0: number) => ({ text, confidence: 90, bbox: { x0, y0, x1: x0 + 16 * text.length, y1: y0 + 30 } });
    const l = (...words: ReturnType<typeof w>[]) => ({
      words,
      confidence: 90,
      bbox: { x0: words[0].bbox.x0, y0: words[0].bbox.y0, x1: words[words.length - 1].bbox.x1, y1: words[0].bbox.y1 },
      rowAttributes: { rowHeight: 30 },
    });
    const p = (...lines: ReturnType<typeof l>[]) => ({ lines, bbox: lines[0].bbox, confidence: 90 });
    const out = ocrLayoutToMarkdown(
      [
        { paragraphs: [p(l(w("Yearly", 100, 0), w("counts", 212, 0)))] },
        {
          paragraphs: [
            p(l(w("Year", 100, 100), w("Ducks", 500, 100)), l(w("2019", 100, 140), w("120", 520, 140)), l(w("2020", 100, 180), w("135", 520, 180))),
          ],
        },
        { paragraphs: [p(l(w("The", 100, 300), w("end.", 170, 300)))] },
      ],
      1,
    );
    expect(out.markdown).toBe("Yearly counts\n\n| Year | Ducks |\n| --- | --- |\n| 2019 | 120 |\n| 2020 | 135 |\n\nThe end.");
  });

  it("reads two blocks side by side that tesseract merged into one paragraph one after the other", () => {
    const w = (text: string, x0: number, y0: number) => ({ text, confidence: 90, bbox: { x0, y0, x1: x0 + 16 * text.length, y1: y0 + 30 } });
    const l = (...words: ReturnType<typeof w>[]) => ({
      words,
      confidence: 90,
      bbox: { x0: words[0].bbox.x0, y0: words[0].bbox.y0, x1: words[words.length - 1].bbox.x1, y1: words[0].bbox.y1 },
      rowAttributes: { rowHeight: 30 },
    });
    const p = (...lines: ReturnType<typeof l>[]) => ({ lines, bbox: lines[0].bbox, confidence: 90 });
    const out = ocrLayoutToMarkdown(
      [
        {
          paragraphs: [
            p(
              l(w("Sparksuite,", 100, 0), w("Inc.", 290, 0), w("Acme", 1000, 0), w("Corp.", 1080, 0)),
              l(w("12345", 100, 40), w("Sunny", 190, 40), w("Road", 290, 40), w("John", 1040, 40), w("Doe", 1120, 40)),
              l(w("Sunnyville", 100, 80), w("john@example.com", 900, 80)),
            ),
          ],
        },
      ],
      1,
    );
    expect(out.markdown).toBe("Sparksuite, Inc. 12345 Sunny Road Sunnyville\n\nAcme Corp. John Doe john@example.com");
  });

  describe("ruled tables", () => {
    // A 3-column grid at x 100…1300 (rules at 500 and 900), rows ruled at y 300, 350, 400 (box 250…450).
    const grid = {
      box: { x0: 100, y0: 250, x1: 1300, y1: 450 },
      cols: [500, 900].map((x) => ({ x, rules: [{ dir: "v" as const, x0: x - 1, x1: x + 1, y0: 250, y1: 450 }] })),
      rows: [300, 350, 400],
    };
    const word = (text: string, x0: number, y0: number, w = 20 * text.length) => ({
      text,
      confidence: 90,
      bbox: { x0, y0, x1: x0 + w, y1: y0 + 30 },
    });
    const tline = (...words: ReturnType<typeof word>[]) => ({
      words,
      confidence: 90,
      bbox: { x0: words[0].bbox.x0, y0: words[0].bbox.y0, x1: words[words.length - 1].bbox.x1, y1: words[0].bbox.y1 },
      rowAttributes: { rowHeight: 30 },
    });
    const tpara = (...lines: ReturnType<typeof tline>[]) => ({ lines, bbox: lines[0].bbox, confidence: 90 });

    it("turns the words inside a ruled grid into a GFM table, rules read as | and [ dropped, leaders after labels too", () => {
      const blocks = [
        { paragraphs: [tpara(tline(word("Before", 100, 100), word("the", 240, 100), word("table.", 320, 100)))] },
        {
          paragraphs: [
            tpara(
              tline(
                word("|", 95, 260, 8),
                word("Item", 120, 260),
                word("|", 497, 260, 6),
                word("Qty", 520, 260),
                word("[", 897, 260, 6),
                word("Price", 920, 260),
              ),
              // (a leader after a label is drawn, not text: leaders.ts)
              tline(word("Bolts", 120, 310), word("..........", 240, 310, 200), word("4", 520, 310), word("1.50", 920, 310)),
              tline(word("Nuts", 120, 360), word("10", 520, 360), word("0.20", 920, 360), word("|", 1296, 360, 8)),
              tline(word("Washers,", 120, 410), word("steel", 300, 410), word("2", 520, 410), word("0.05", 920, 410)),
            ),
          ],
        },
        { paragraphs: [tpara(tline(word("After", 100, 500), word("it.", 240, 500)))] },
      ];
      const out = ocrLayoutToMarkdown(blocks, 1, [grid]);
      expect(out.markdown).toBe(
        [
          "Before the table.",
          "| Item | Qty | Price |\n| --- | --- | --- |\n| Bolts | 4 | 1.50 |\n| Nuts | 10 | 0.20 |\n| Washers, steel | 2 | 0.05 |",
          "After it.",
        ].join("\n\n"),
      );
      expect(out.blocks.map((b) => b.kind)).toEqual(["paragraph", "table", "paragraph"]);
      expect(out.blocks[1].rows![0]).toEqual(["Item", "Qty", "Price"]);
    });

    it("joins a wrapped cell's lines and ignores 'rules' that run through words (letter strokes)", () => {
      const strokeGrid = {
        ...grid,
        rows: [300],
        cols: [...grid.cols, { x: 150, rules: [{ dir: "v" as const, x0: 149, x1: 151, y0: 262, y1: 288 }] }].sort((a, b) => a.x - b.x),
      };
      const blocks = [
        {
          paragraphs: [
            tpara(
              tline(word("Item", 120, 260), word("Qty", 520, 260), word("Price", 920, 260)),
              tline(word("Assembly", 120, 310), word("4", 520, 310), word("12.50", 920, 310)),
              tline(word("kit", 120, 345)),
            ),
          ],
        },
      ];
      expect(ocrLayoutToMarkdown(blocks, 1, [strokeGrid]).markdown).toBe("| Item | Qty | Price |\n| --- | --- | --- |\n| Assembly kit | 4 | 12.50 |");
    });

    it("keeps a title above its table and the notes below it when tesseract read them as one paragraph around it", () => {
      const blocks = [
        {
          paragraphs: [
            tpara(
              tline(word("Exhibit", 120, 200), word("B.4", 300, 200)),
              tline(word("Item", 120, 260), word("Qty", 520, 260), word("Price", 920, 260)),
              tline(word("Bolts", 120, 310), word("4", 520, 310), word("1.50", 920, 310)),
              tline(word("Nuts", 120, 360), word("10", 520, 360), word("0.20", 920, 360)),
              tline(word("Washers", 120, 410), word("2", 520, 410), word("0.05", 920, 410)),
              tline(word("Note:", 120, 470), word("prices", 260, 470), word("in", 420, 470), word("euros.", 480, 470)),
            ),
          ],
        },
      ];
      expect(ocrLayoutToMarkdown(blocks, 1, [grid]).markdown).toBe(
        [
          "Exhibit B.4",
          "| Item | Qty | Price |\n| --- | --- | --- |\n| Bolts | 4 | 1.50 |\n| Nuts | 10 | 0.20 |\n| Washers | 2 | 0.05 |",
          "Note: prices in euros.",
        ].join("\n\n"),
      );
    });

    it("leaves a chart's labels around its gridlines as text and reports them as the page's figure text", () => {
      // gridlines at x 500, 700, 900, 1100 (box 100…1300 × 250…450, rows at 300, 350, 400): labels down the
      // first column, the scale along the last row, the plot empty
      const chart = {
        box: { x0: 100, y0: 250, x1: 1300, y1: 450 },
        cols: [500, 700, 900, 1100].map((x) => ({ x, rules: [{ dir: "v" as const, x0: x - 1, x1: x + 1, y0: 250, y1: 450 }] })),
        rows: [300, 350, 400],
      };
      const blocks = [
        {
          paragraphs: [
            tpara(
              tline(word("Institutions", 120, 260)),
              tline(word("Passengers", 120, 310)),
              tline(word("Customs", 120, 360)),
              tline(...["500", "1.000", "1.500", "2.000"].map((t, i) => word(t, 520 + 200 * i, 410, 70))),
            ),
          ],
        },
      ];
      const out = ocrLayoutToMarkdown(blocks, 1, [chart]);
      expect(out.blocks.map((b) => b.kind)).not.toContain("table");
      expect(out.figureText).toBe("Institutions Passengers Customs 500 1.000 1.500 2.000");
      expect(out.markdown).toContain("Passengers");
    });

    it("leaves a box around a paragraph as text", () => {
      const box = { box: { x0: 100, y0: 250, x1: 1300, y1: 400 }, cols: [], rows: [320] };
      // words 16 px per character, spaces of 10 px (a third of the line height)
      const words = (text: string, y: number) => {
        let x = 120;
        return text.split(" ").map((t) => {
          const w = word(t, x, y, 16 * t.length);
          x += 16 * t.length + 10;
          return w;
        });
      };
      const blocks = [
        { paragraphs: [tpara(tline(...words("Note: payment is due within thirty days of the invoice date.", 260)))] },
        { paragraphs: [tpara(tline(...words("Thank you for your order.", 340)))] },
      ];
      expect(ocrLayoutToMarkdown(blocks, 1, [box]).markdown).toBe(
        "Note: payment is due within thirty days of the invoice date.\n\nThank you for your order.",
      );
    });
  });

  it("returns nothing for an empty page", () => {
    expect(ocrLayoutToMarkdown(null)).toEqual({ markdown: "", text: "", blocks: [], figureText: "" });
  });
});
