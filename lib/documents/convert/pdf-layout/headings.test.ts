import { describe, expect, it } from "vitest";
import { layoutDocument } from "./index";
import { item, lines, md, page } from "./test-items";

// Headings on real pages (issue 14, class 5).
const body = (top: number, n = 4, pitch = 12) =>
  lines(
    Array.from({ length: n }, (_, i) => `Body text line ${i + 1} of a paragraph set with tight leading here${i === n - 1 ? "." : ""}`),
    72,
    top,
    12,
    pitch,
  );

describe("headings", () => {
  it("keeps a heading that wraps onto two lines in one heading, whatever the body's leading", () => {
    const out = md([
      item("Annual Review of the Regional Water Quality", 72, 80, 20),
      item("Monitoring Programme", 72, 106, 20),
      ...body(140),
      item("Outlook", 72, 210, 16),
      ...body(236),
    ]);
    expect(out.split("\n\n").filter((p) => p.startsWith("#"))).toEqual([
      "# Annual Review of the Regional Water Quality Monitoring Programme",
      "## Outlook",
    ]);
  });

  it("reads a logo over the title as text, and the headings under it keep their levels", () => {
    const out = md([
      item("NORDLAB", 72, 60, 18, { bold: true }),
      item("Test Report 2024-117", 72, 100, 22),
      ...body(130, 3, 14),
      item("Sampling points", 72, 200, 16),
      ...body(226, 3, 14),
    ]);
    expect(out.split("\n\n").filter((p) => p.startsWith("#"))).toEqual(["# Test Report 2024-117", "## Sampling points"]);
    expect(out).toContain("NORDLAB");
  });

  it("reads a sentence set at a heading's size as text (a form's typed answer), a short title there as a heading", () => {
    const out = md([
      item("Incident report", 72, 60, 16),
      ...body(90, 3, 14),
      item("At the time of the incident, the child lived with his mother and two siblings.", 72, 150, 16),
      ...body(176, 3, 14),
      item("Findings", 72, 236, 16),
      ...body(262, 3, 14),
    ]);
    const parts = out.split("\n\n");
    expect(parts.filter((p) => p.startsWith("#"))).toEqual(["# Incident report", "# Findings"]);
    expect(parts).toContain("At the time of the incident, the child lived with his mother and two siblings.");
  });

  it("reads four or more lines set large in a row with nothing between them as labels (a chart's categories), not headings", () => {
    const labels = ["North region", "South region", "East region", "West region"].map((t, i) => item(t, 300, 150 + 40 * i, 16));
    const parts = md([item("Sales by region", 72, 60, 16), ...body(90, 3, 14), ...labels, ...body(330, 3, 14)]).split("\n\n");
    expect(parts.filter((p) => p.startsWith("#"))).toEqual(["# Sales by region"]);
    expect(parts).toContain("North region");
  });

  it("reads a line in italics at body size over a regular paragraph as a heading", () => {
    const out = md([
      ...body(80, 3, 14),
      item("Elastic Stop Nut", 72, 140, 12, { italic: true }),
      ...body(154, 3, 14),
      item("An italic sentence that ends a paragraph.", 72, 220, 12, { italic: true }),
      ...body(234, 2, 14),
    ]);
    const parts = out.split("\n\n");
    expect(parts.filter((p) => p.startsWith("#"))).toEqual(["# Elastic Stop Nut"]);
    expect(parts[parts.indexOf("# Elastic Stop Nut") + 1]).toMatch(/^Body text line 1 /);
  });

  it("takes URW's Medi fonts for bold (section headings of LaTeX papers set in Nimbus Roman)", () => {
    const out = md([...body(80, 3, 14), item("3.3 Blacklisting", 72, 140, 12, { font: "NimbusRomNo9L-Medi" }), ...body(158, 3, 14)]);
    expect(out.split("\n\n")).toContain("# 3.3 Blacklisting");
  });

  it("reads a numbered line set a little larger than the body over a paragraph as a heading, not a list item", () => {
    const out = md([
      ...body(80, 3, 14),
      item("(1) Changes to the law on infections", 72, 140, 13),
      ...body(160, 3, 14),
      ...lines(["(1) a real list item", "(2) another list item"], 72, 220),
    ]);
    const parts = out.split("\n\n");
    expect(parts).toContain("# (1) Changes to the law on infections");
    expect(parts[parts.length - 1]).toBe("- (1) a real list item\n- (2) another list item");
  });

  it("keeps a bold numbered title whose second line hangs under its first word in one heading", () => {
    const out = md([
      ...body(80, 3, 14),
      item("3.2. Attention-based Sequence Recognition Net-", 72, 140, 12, { bold: true }),
      item("work", 96, 154, 12, { bold: true }),
      ...body(172, 3, 14),
      // A bold line indented further than the title's number is wide stays apart.
      item("3.3. Fractional Pickup", 72, 230, 12, { bold: true }),
      item("Indented bold remark set well inside", 150, 244, 12, { bold: true }),
      ...body(262, 3, 14),
    ]);
    const parts = out.split("\n\n");
    expect(parts.filter((p) => p.startsWith("#"))).toEqual([
      "# 3.2. Attention-based Sequence Recognition Network",
      "# 3.3. Fractional Pickup",
      "# Indented bold remark set well inside",
    ]);
  });

  it("reads a bold line at body size right over a table as the table's title, a bold line over text as a heading", () => {
    const row = (cells: string[], top: number) => cells.map((t, i) => item(t, [72, 200, 330][i], top));
    const out = md([
      ...body(80, 3, 14),
      item("Phase 1", 72, 140, 12, { bold: true }),
      ...["Feature", "Action", "Owner"].map((t, i) => item(t, [72, 200, 330][i], 164, 12, { bold: true })),
      ...row(["Scope", "Rewrite clause 1", "Editor"], 180),
      ...row(["Terms", "Sort definitions", "Editor"], 196),
      ...row(["Annexes", "Rename appendices", "Secretary"], 212),
      item("Next steps", 72, 260, 12, { bold: true }),
      ...body(278, 3, 14),
      // A numbered bold heading stays a heading over a table.
      item("2.1 Results", 72, 340, 12, { bold: true }),
      ...["Feature", "Action", "Owner"].map((t, i) => item(t, [72, 200, 330][i], 364, 12, { bold: true })),
      ...row(["Scope", "Rewrite clause 1", "Editor"], 380),
      ...row(["Terms", "Sort definitions", "Editor"], 396),
      ...row(["Annexes", "Rename appendices", "Secretary"], 412),
    ]);
    const parts = out.split("\n\n");
    expect(parts.filter((p) => p.startsWith("#"))).toEqual(["# Next steps", "# 2.1 Results"]);
    expect(parts).toContain("**Phase 1**");
    expect(parts[parts.indexOf("**Phase 1**") + 1]).toMatch(/^\| Feature \| Action \| Owner \|/);
  });

  it("reads a bold line set a point above the body, too small for a heading size of its own, as a heading", () => {
    // 11 pt prose with 12 pt bold subheads (under the 1.12x that ranks a size as a heading size): neither the
    // size nor the body-size bold rule took them, and they came out as bold paragraphs.
    const prose = (top: number) =>
      lines(["Running text of the chapter, long enough to be the body of the page and set at eleven points.", "More."], 72, top, 11, 13.5);
    const out = md([
      ...prose(80),
      item("3.2.1 Die Ansätze im kurzen Vergleich", 72, 130, 12, { bold: true }),
      ...prose(150),
      item("Grundsatzentscheidung intern oder extern", 72, 200, 12, { bold: true }),
      ...prose(220),
      ...prose(260),
    ]);
    expect(out.split("\n\n").filter((p) => p.startsWith("#"))).toEqual([
      "# 3.2.1 Die Ansätze im kurzen Vergleich",
      "# Grundsatzentscheidung intern oder extern",
    ]);
  });
});

describe("form fields", () => {
  it("keeps a filled-in value set larger than its label on the label's line, not a heading beside it", () => {
    const prose = (top: number) =>
      lines(["Reports that do not include all of the required information will be returned to the agency.", "More."], 24, top, 9, 11);
    const out = md([
      item("90-Day Summary Report", 85, 40, 12, { bold: true }),
      ...prose(70),
      item("Case Tracking Number:", 24, 110, 9, { bold: true }),
      item("150109-DSP-Milw-505", 138, 110, 11),
      item("Agency:", 286, 110, 9, { bold: true }),
      item("Bureau of Milwaukee Child Welfare", 335, 110, 11),
      item("Date of Incident:", 24, 140, 9),
      item("01/09/2015", 110, 140, 11),
      ...prose(170),
      // A heading further along a row after a label (another column's title) stays a heading.
      item("Summary:", 24, 210, 9),
      item("Second column title", 300, 210, 11),
      ...prose(240),
    ]);
    const parts = out.split("\n\n");
    expect(parts).toContain("**Case Tracking Number:** 150109-DSP-Milw-505 **Agency:** Bureau of Milwaukee Child Welfare");
    expect(parts).toContain("Date of Incident: 01/09/2015");
    expect(parts.filter((p) => p.startsWith("#"))).toEqual(["# 90-Day Summary Report", "## Second column title"]);
  });
});

describe("author blocks", () => {
  const body = (top: number) =>
    lines(["Body text of the paper that is long enough to be ordinary running text on the page here.", "A second line."], 72, top, 10, 12);

  it("reads author names set at a heading size over their affiliations and addresses as text", () => {
    const author = (name: string, org: string, mail: string, top: number) => [
      item(name, 72, top, 12),
      item(org, 72, top + 14, 9),
      item(mail, 72, top + 25, 9),
    ];
    const out = md([
      item("Hidden features of the PDF format", 72, 60, 18, { bold: true }),
      ...author("Dietrich von Seggern", "Vice Chair, PDF Association", "d.seggern@example.com", 90),
      ...author("Tamir Hassan", "Round-Trip PDF Solutions", "tamir@example.com", 130),
      item("Introduction", 72, 180, 12),
      ...body(200),
      ...body(240),
    ]);
    const headings = out.split("\n\n").filter((b) => b.startsWith("#"));
    expect(headings.map((h) => h.replace(/^#+ /, ""))).toEqual(["Hidden features of the PDF format", "Introduction"]);
    expect(out).toContain("Dietrich von Seggern\n\nVice Chair, PDF Association");
  });

  it("keeps short two-word sections without addresses as headings", () => {
    const out = md([
      item("Related Work", 72, 60, 12),
      item("See the survey by the authors.", 72, 76, 10),
      item("Future Work", 72, 100, 12),
      item("We leave it for later.", 72, 116, 10),
      ...body(140),
      ...body(180),
    ]);
    expect(out.split("\n\n").filter((b) => b.startsWith("#"))).toHaveLength(2);
  });
});

describe("cover pages", () => {
  const prose = (n: number) =>
    Array.from({ length: 12 }, (_, k) =>
      item(`Line ${k} of page ${n} is ordinary running text of the report, long enough to count.`, 72, 120 + k * 14, 10),
    );

  it("keeps a cover's title as its only heading; taglines, series name and address read as text", () => {
    const cover = page(
      [
        item("Front cover", 72, 60, 14, { bold: true }),
        item("Access Control in Practice", 72, 120, 30, { bold: true }),
        item("Implement roles and separation of duties", 72, 200, 14, { bold: true }),
        item("Protect columns with masks", 72, 230, 14, { bold: true }),
        item("example.com/books", 72, 700, 14, { bold: true }),
      ],
      1,
    );
    const body = (n: number) => page([item(n === 2 ? "Introduction" : "Methods", 72, 80, 14, { bold: true }), ...prose(n)], n);
    const out = layoutDocument([cover, body(2), body(3)]);
    expect(out[0].split("\n\n").filter((b) => b.startsWith("#"))).toEqual(["# Access Control in Practice"]);
    expect(out[0]).toContain("Implement roles and separation of duties");
    expect(out[1].split("\n\n")[0]).toMatch(/^#+ Introduction$/);
  });

  it("keeps the headings of a slide deck's first and last slides (every slide carries little body text)", () => {
    const slide = (n: number, title: string, sub: string) =>
      page(
        [
          item(title, 72, 60, 30, { bold: true }),
          item(sub, 72, 120, 18, { bold: true }),
          item(`Point one of slide ${n}`, 90, 160, 12),
          item(`Point two of slide ${n}`, 90, 180, 12),
        ],
        n,
      );
    const out = layoutDocument([slide(1, "Quarterly review", "Sales"), slide(2, "Regions", "North"), slide(3, "Next steps", "Hiring")]);
    expect(out[2].split("\n\n").filter((b) => b.startsWith("#"))).toHaveLength(2);
  });

  it("keeps only a slide's title as a heading on pages at a slide's proportions, not on landscape paper", () => {
    // 16:9 slides: a title at 30 pt, a text box's lead-in at 20 pt over points at 16 pt.
    const slide = (n: number, width: number, height: number) => ({
      page: n,
      width,
      height,
      items: [
        item(`Slide title ${n}`, 40, 40, 30),
        item("Image test", 60, 120, 20),
        item(`First point of slide ${n}`, 60, 160, 16),
        item(`Second point of slide ${n}`, 60, 190, 16),
        item(`Third point of slide ${n}`, 60, 220, 16),
      ],
    });
    const headings = (out: string[]) => out.flatMap((o) => o.split("\n\n").filter((b) => b.startsWith("#")));
    expect(headings(layoutDocument([slide(1, 960, 540), slide(2, 960, 540)]))).toEqual(["# Slide title 1", "# Slide title 2"]);
    // The same pages on A4 turned to landscape (a report): the lead-in stays a subheading.
    expect(headings(layoutDocument([slide(1, 842, 595), slide(2, 842, 595)]))).toHaveLength(4);
  });
});

describe("headings told by their font", () => {
  it("makes a short line in a font set only in headings a heading at the body size (Word's Heading 3 in Calibri Light)", () => {
    const light = { font: "g_d0_CalibriLight" };
    const body = (text: string, top: number) => item(text, 72, top, 12);
    const out = md([
      item("Section 1 - Main Heading", 72, 80, 16, light),
      body("Paragraph for the first heading, level one, in the body font.", 100),
      item("First-level sub-heading under Section 1", 72, 120, 13, light),
      body("Paragraph for the first heading, level two, in the body font.", 138),
      item("Second-level sub-heading under Section 1", 72, 156, 12, light),
      body("Paragraph for the first heading, level three, in the body font.", 172),
      body("It runs on for a second line of the same paragraph here", 186),
    ]);
    const headings = out.split("\n\n").filter((b) => b.startsWith("#"));
    expect(headings.map((h) => h.replace(/^#+ /, ""))).toEqual([
      "Section 1 - Main Heading",
      "First-level sub-heading under Section 1",
      "Second-level sub-heading under Section 1",
    ]);
  });
});
