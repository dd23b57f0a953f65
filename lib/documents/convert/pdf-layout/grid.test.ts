import { describe, expect, it } from "vitest";
import { findGrids } from "./grid";
import { besideGrid } from "./grid-beside";
import { prepareLayoutPage, wantsRules } from "./index";
import type { PdfTextItem } from "./model";
import { item, lines, md, page, rule } from "./test-items";

// Ruled tables with little text to go by (issue 14, class 5): the grid of ruling lines is the evidence.
const hLines = (ys: number[], x0: number, x1: number) => ys.map((y) => rule(x0, y, x1, y));
const vLines = (xs: number[], y0: number, y1: number) => xs.map((x) => rule(x, y0, x, y1));

describe("ruled tables with little text", () => {
  it("keeps the empty cells of a form", () => {
    const items = [item("Full name", 60, 116), item("Department", 60, 144), item("Date of request", 60, 172)];
    const rules = [...hLines([100, 128, 156, 184], 57, 567), ...vLines([57, 210, 567], 100, 184)];
    expect(wantsRules(prepareLayoutPage(page(items)))).toBe(true);
    expect(md(items, rules)).toBe(["| Full name |  |", "| --- | --- |", "| Department |  |", "| Date of request |  |"].join("\n"));
  });

  it("keeps the empty rows under a form's header", () => {
    const header = (
      [
        ["Asset tag", 80],
        ["Description", 240],
        ["Quantity", 420],
      ] as const
    ).map(([t, x]) => item(t, x, 116, 12, { bold: true }));
    const items = [...lines(["Items requested:"], 57, 90), ...header];
    const rules = [...hLines([100, 124, 136, 148], 57, 567), ...vLines([57, 200, 380, 567], 100, 148)];
    expect(wantsRules(prepareLayoutPage(page(items)))).toBe(true);
    expect(md(items, rules)).toBe(
      ["Items requested:", "", "| Asset tag | Description | Quantity |", "| --- | --- | --- |", "|  |  |  |", "|  |  |  |"].join("\n"),
    );
  });

  it("writes a ruled table's bold header and row labels as plain cells", () => {
    const b = { bold: true };
    const items = [
      item("Field", 60, 116, 12, b),
      item("Value", 220, 116, 12, b),
      item("Owner", 60, 144, 12, b),
      item("Finance team", 220, 144),
      item("Status", 60, 172, 12, b),
      item("Open", 220, 172),
    ];
    const rules = [...hLines([100, 128, 156, 184], 57, 567), ...vLines([57, 210, 567], 100, 184)];
    expect(md(items, rules)).toBe(["| Field | Value |", "| --- | --- |", "| Owner | Finance team |", "| Status | Open |"].join("\n"));
  });

  it("reads a table nested in a cell as that cell's text, adding no columns or rows to the outer table", () => {
    const items = [
      item("Column A", 80, 116),
      item("Column B", 320, 116),
      item("Simple cell", 80, 144),
      item("Plain text", 320, 144),
      // The nested table: three columns, two rows, inset in the left cell of the last row, its top and
      // bottom lines touching the outer row's (one set of touching lines, as LibreOffice draws it).
      item("A", 84, 172),
      item("B", 158, 172),
      item("C", 232, 172),
      item("Cell 1", 84, 200),
      item("Cell 2", 158, 200),
      item("Cell 3", 232, 200),
      item("Rich cell", 320, 172),
    ];
    const outer = [...hLines([100, 128, 156, 214], 72, 540), ...vLines([72, 306, 540], 100, 214)];
    const nested = [...hLines([156.5, 186, 213.5], 78, 300), ...vLines([78, 152, 226, 300], 156.5, 213.5)];
    expect(md(items, [...outer, ...nested])).toBe(
      ["| Column A | Column B |", "| --- | --- |", "| Simple cell | Plain text |", "| A B C Cell 1 Cell 2 Cell 3 | Rich cell |"].join("\n"),
    );
  });

  it("reads a one-column ruled table", () => {
    const texts = ["Check", "Battery charged", "Case and strap present", "Serial number matches"];
    const items = texts.map((t, i) => item(t, 60, 116 + 20 * i));
    const rules = [...hLines([100, 120, 140, 160, 180], 57, 300), ...vLines([57, 300], 100, 180)];
    expect(wantsRules(prepareLayoutPage(page(items)))).toBe(true);
    expect(md(items, rules)).toBe(
      ["| Check |", "| --- |", "| Battery charged |", "| Case and strap present |", "| Serial number matches |"].join("\n"),
    );
  });

  it("reads lists side by side in ruled cells as one row per ruled row, not one per item line", () => {
    const cell = (tag: string, x: number, top: number) => [item(`• ${tag} item 1`, x, top), item(`• ${tag} item 2`, x, top + 14)];
    // Set tight: the rows' padding is no wider than a line (nothing but the bullets asks for the rules).
    const items = [...cell("R1C1", 60, 116), ...cell("R1C2", 260, 116), ...cell("R2C1", 60, 145), ...cell("R2C2", 260, 145)];
    const rules = [...hLines([104, 137, 166], 57, 457), ...vLines([57, 257, 457], 104, 166)];
    expect(wantsRules(prepareLayoutPage(page(items)))).toBe(true);
    expect(md(items, rules)).toBe(
      [
        "| • R1C1 item 1 • R1C1 item 2 | • R1C2 item 1 • R1C2 item 2 |",
        "| --- | --- |",
        "| • R2C1 item 1 • R2C1 item 2 | • R2C2 item 1 • R2C2 item 2 |",
      ].join("\n"),
    );
  });

  it("reads a one-column ruled table of two alike rows, but not a box with a title bar over its body", () => {
    const cellItems = [
      item("• Cell 1 item 1", 60, 116),
      item("• Cell 1 item 2", 60, 130),
      item("• Cell 2 item 1", 60, 156),
      item("• Cell 2 item 2", 60, 170),
    ];
    const twoRows = [...hLines([100, 140, 180], 57, 300), ...vLines([57, 300], 100, 180)];
    expect(md(cellItems, twoRows)).toBe(["| • Cell 1 item 1 • Cell 1 item 2 |", "| --- |", "| • Cell 2 item 1 • Cell 2 item 2 |"].join("\n"));
    const boxItems = [
      item("Note", 60, 116, 12, { bold: true }),
      ...lines(["The first line of the note's body text.", "A second line.", "A third line.", "And the last line."], 60, 146),
    ];
    const titleBar = [...hLines([100, 124, 200], 57, 300), ...vLines([57, 300], 100, 200)];
    expect(md(boxItems, titleBar)).not.toContain("|");
  });

  it("repeats a header cell spanning both columns in each of them", () => {
    const items = [
      item("Central store", 150, 116, 12, { bold: true }),
      item("Building", 60, 136),
      item("North wing", 220, 136),
      item("Email", 60, 156),
      item("store@example.org", 220, 156),
    ];
    // No border between the columns in the header row.
    const rules = [...hLines([100, 120, 140, 160], 57, 400), ...vLines([57, 400], 100, 160), rule(210, 120, 210, 160)];
    expect(wantsRules(prepareLayoutPage(page(items)))).toBe(true);
    expect(md(items, rules)).toBe(
      ["| Central store | Central store |", "| --- | --- |", "| Building | North wing |", "| Email | store@example.org |"].join("\n"),
    );
  });

  it("reads a ruled table of one row under its header", () => {
    const items = [
      item("Item class", 60, 116, 12, { bold: true }),
      item("Deposit", 180, 116, 12, { bold: true }),
      item("Small", 60, 140),
      item("20 EUR", 180, 140),
    ];
    const rules = [...hLines([100, 124, 148], 57, 260), ...vLines([57, 170, 260], 100, 148)];
    expect(wantsRules(prepareLayoutPage(page(items)))).toBe(true);
    expect(md(items, rules)).toBe(["| Item class | Deposit |", "| --- | --- |", "| Small | 20 EUR |"].join("\n"));
  });

  it("does not read ruling lines for a page of paragraphs and a list, only for a page of a few lines", () => {
    const paragraph = Array.from({ length: 10 }, (_, i) => `Line ${i + 1} of a paragraph of ordinary running text that fills it.`);
    const list = lines(["- first item", "- second item", "- third item"], 90, 250);
    expect(wantsRules(prepareLayoutPage(page([...lines(paragraph, 72, 100), ...list])))).toBe(false);
    // (a table whose cells are empty or pictures shows nothing of it in its text: a sparse page reads its rules)
    expect(wantsRules(prepareLayoutPage(page([...lines(paragraph.slice(0, 2), 72, 100), ...list])))).toBe(true);
  });

  it("keeps one table when each row merges different cells, and repeats a cell that spans rows", () => {
    // Columns at 57 | 130 | 200 | 270 | 340 | 410; row 1 merges the first two columns, rows 2-3 the third
    // and fourth (one 2x2 cell), and the last column's cell spans rows 2 to 4 (no border under it).
    const xs = [57, 130, 200, 270, 340, 410];
    const rules = [
      rule(57, 100, 410, 100),
      rule(57, 120, 410, 120),
      rule(57, 140, 200, 140),
      rule(57, 160, 340, 160),
      rule(57, 180, 410, 180),
      ...[57, 200, 270, 340, 410].map((x) => rule(x, 100, x, 120)),
      ...[57, 130, 200, 340, 410].map((x) => rule(x, 120, x, 160)),
      ...xs.map((x) => rule(x, 160, x, 180)),
    ];
    const items = [
      item("Merged row", 60, 114),
      item("Cell 3", 203, 114),
      item("Cell 4", 273, 114),
      item("Cell 5", 343, 114),
      item("Merged 2x2", 203, 134),
      item("Spans rows", 343, 134),
      item("Last", 60, 174),
    ];
    expect(md(items, rules)).toBe(
      [
        "| Merged row | Merged row | Cell 3 | Cell 4 | Cell 5 |",
        "| --- | --- | --- | --- | --- |",
        "|  |  | Merged 2x2 | Merged 2x2 | Spans rows |",
        "|  |  | Merged 2x2 | Merged 2x2 | Spans rows |",
        "| Last |  |  |  | Spans rows |",
      ].join("\n"),
    );
  });

  it("keeps a total's label its own under a rule drawn only over the figures", () => {
    const rules = [
      rule(57, 100, 400, 100),
      rule(57, 120, 400, 120),
      rule(200, 140, 400, 140),
      rule(57, 160, 400, 160),
      ...[57, 200, 300, 400].map((x) => rule(x, 100, x, 160)),
    ];
    const items = [
      item("Item", 60, 114),
      item("2023", 203, 114),
      item("2024", 303, 114),
      item("Sales", 60, 134),
      item("12", 203, 134),
      item("14", 303, 134),
      item("Total", 60, 154),
      item("12", 203, 154),
      item("14", 303, 154),
    ];
    expect(md(items, rules)).toBe(["| Item | 2023 | 2024 |", "| --- | --- | --- |", "| Sales | 12 | 14 |", "| Total | 12 | 14 |"].join("\n"));
  });

  it("does not repeat running text that spans rows (it is read once)", () => {
    const rules = [rule(57, 100, 560, 100), rule(57, 120, 200, 120), rule(57, 140, 560, 140), ...[57, 200, 560].map((x) => rule(x, 100, x, 140))];
    const items = [
      item("Roles", 60, 114),
      item("This publication describes the row and column access", 203, 114),
      item("Duties", 60, 134),
      item("control of the database in a transparent way.", 203, 134),
    ];
    expect(md(items, rules)).toBe(
      [
        "| Roles | This publication describes the row and column access control of the database in a transparent way. |",
        "| --- | --- |",
        "| Duties |  |",
      ].join("\n"),
    );
  });

  it("does not repeat running text that spans columns (a full-width cell is read once)", () => {
    const rules = [...hLines([100, 120, 170], 57, 560), ...vLines([57, 560], 100, 170), ...vLines([200, 380], 100, 120)];
    const items = [
      item("Name", 60, 114),
      item("Title", 203, 114),
      item("Amount", 383, 114),
      item("Bain, J. Matthew, district director, 37,499.96", 60, 138),
      item("Smith, Alvaro R., legislative correspondent, 21,000.00", 60, 152),
    ];
    expect(md(items, rules)).toBe(
      [
        "| Name | Title | Amount |",
        "| --- | --- | --- |",
        "| Bain, J. Matthew, district director, 37,499.96 Smith, Alvaro R., legislative correspondent, 21,000.00 |  |  |",
      ].join("\n"),
    );
  });
});

describe("a ruled table with content beside it", () => {
  const table = () => {
    const names = ["Institutions", "Member States", "Employment", "Passenger rights"];
    const items = [item("Topic", 60, 116), item("Enquiries", 200, 116)];
    names.forEach((n, k) => items.push(item(n, 60, 144 + 28 * k), item(String(3597 - 500 * k), 200, 144 + 28 * k)));
    const rules = [...hLines([100, 128, 156, 184, 212, 240], 57, 270), ...vLines([57, 190, 270], 100, 240)];
    return { items, rules };
  };

  it("reads the table, then the chart labels standing clear to its right, not the labels as a column of the table", () => {
    const { items, rules } = table();
    // A bar chart's labels, right-aligned, between the table's rows.
    ["Institutions", "Member States", "Employment", "Passenger rights"].forEach((n, k) => items.push(item(n, 420 - 6 * n.length, 130 + 28 * k)));
    const out = md(items, rules);
    expect(out).toMatch(/^\| Topic \| Enquiries \|\n\| --- \| --- \|\n\| Institutions \| 3597 \|/);
    expect(
      out
        .split("\n")
        .filter((l) => l.startsWith("|"))
        .every((l) => l.split("|").length === 4),
    ).toBe(true);
    expect(out.slice(out.lastIndexOf("|"))).toContain("Passenger rights");
  });

  it("splits nothing off a chart's plot area: its axis labels sit right at the ruled area's edge", () => {
    const { items, rules } = table();
    const split = (extra: PdfTextItem[]) => {
      const p = prepareLayoutPage(page([...items, ...extra], 1, rules));
      return besideGrid(p.rows, findGrids(p.rules!)[0]);
    };
    expect(split([item("Institutions", 340, 130)])?.columns.length).toBe(2);
    expect(split([item("4000", 28, 110), item("3000", 28, 166), item("2000", 28, 222)])).toBeNull();
  });
});
