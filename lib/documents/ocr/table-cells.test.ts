import { describe, expect, it } from "vitest";
import { type CellWord, isRuleReadAsText, tableCells } from "./table-cells";
import type { Rule, TableGrid } from "./table-lines";

const h = (y: number, x0: number, x1: number): Rule => ({ dir: "h", x0, x1, y0: y - 1, y1: y + 1 });
const v = (x: number, y0: number, y1: number): Rule => ({ dir: "v", x0: x - 1, x1: x + 1, y0, y1 });

/** Words of a cell text at (x, y), 10 px per character, 20 px tall. */
function words(text: string, x: number, y: number): CellWord[] {
  const out: CellWord[] = [];
  let at = x;
  for (const w of text.split(" ")) {
    out.push({ text: w, bbox: { x0: at, y0: y, x1: at + 10 * w.length, y1: y + 20 } });
    at += 10 * w.length + 6;
  }
  return out;
}

function grid(width: number, colXs: number[], vRules: Rule[], hRules: Rule[]): TableGrid {
  const ys = hRules.map((r) => (r.y0 + r.y1) / 2);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  return {
    box: { x0: 0, y0, x1: width, y1 },
    cols: colXs.map((x) => ({ x, rules: vRules.filter((r) => Math.abs((r.x0 + r.x1) / 2 - x) <= 2) })),
    rows: [...new Set(ys)].filter((y) => y > y0 && y < y1).sort((a, b) => a - b),
    rowRules: hRules,
  };
}

describe("ruled table cells", () => {
  it("repeats the text of cells merged across columns or rows (partial rules), docling-style", () => {
    // Header 0.0 | Header 0.1 | Header 0.2 ; then a cell spanning columns 1–2, then one spanning rows 2–3
    const g = grid(
      600,
      [200, 400],
      [v(200, 0, 160), v(400, 0, 40), v(400, 80, 160)],
      [h(0, 0, 600), h(40, 0, 600), h(80, 0, 600), h(120, 0, 200), h(120, 400, 600), h(160, 0, 600)],
    );
    const ws = [
      ...words("Header 0.0", 10, 10),
      ...words("Header 0.1", 210, 10),
      ...words("Header 0.2", 410, 10),
      ...words("Cell 1.0", 10, 50),
      ...words("Merged 1.1 1.2", 210, 50),
      ...words("Cell 2.0", 10, 90),
      ...words("Merged 2.1 3.1", 210, 110),
      ...words("Cell 2.2", 410, 90),
      ...words("Cell 3.0", 10, 130),
      ...words("Cell 3.2", 410, 130),
    ];
    expect(tableCells(g, ws)).toEqual([
      ["Header 0.0", "Header 0.1", "Header 0.2"],
      ["Cell 1.0", "Merged 1.1 1.2", "Merged 1.1 1.2"],
      ["Cell 2.0", "Merged 2.1 3.1", "Cell 2.2"],
      ["Cell 3.0", "Merged 2.1 3.1", "Cell 3.2"],
    ]);
  });

  it("keeps a two-line row together when its first cell is centred between the lines", () => {
    const g = grid(600, [100, 300], [v(100, 0, 200), v(300, 0, 200)], [h(0, 0, 600), h(40, 0, 600), h(120, 0, 600), h(200, 0, 600)]);
    const ws = [
      ...words("Layers", 10, 10),
      ...words("Model", 110, 10),
      ...words("Score", 310, 10),
      ...words("OTSL", 110, 50),
      ...words("0.965", 310, 50),
      ...words("6", 40, 70),
      ...words("HTML", 110, 90),
      ...words("0.969", 310, 90),
      ...words("OTSL", 110, 130),
      ...words("0.938", 310, 130),
      ...words("4", 40, 150),
      ...words("HTML", 110, 170),
      ...words("0.952", 310, 170),
    ];
    expect(tableCells(g, ws)).toEqual([
      ["Layers", "Model", "Score"],
      ["6", "OTSL HTML", "0.965 0.969"],
      ["4", "OTSL HTML", "0.938 0.952"],
    ]);
  });

  it("reads lines as rows in a body without rules between its rows", () => {
    const g = grid(600, [300, 450], [v(300, 0, 40), v(450, 0, 40)], [h(0, 0, 600), h(40, 0, 600), h(200, 0, 600)]);
    const ws = [
      ...words("Item", 10, 10),
      ...words("Qty", 310, 10),
      ...words("Amount", 460, 10),
      ...words("Justificatif PDF", 10, 60),
      ...words("1", 360, 60),
      ...words("0,75", 520, 60),
      ...words("Justificatif Papier", 10, 100),
      ...words("0", 360, 100),
      ...words("3,50", 520, 100),
      ...words("Total", 310, 140),
      ...words("4,25", 520, 140),
    ];
    expect(tableCells(g, ws)).toEqual([
      ["Item", "Qty", "Amount"],
      ["Justificatif PDF", "1", "0,75"],
      ["Justificatif Papier", "0", "3,50"],
      ["", "Total", "4,25"],
    ]);
  });

  it("leaves a ruled frame whose only text row is repeated down merged cells as text (a map and its caption)", () => {
    // a caption row over a picture whose frame has a short column rule and partial horizontal rules
    const g = grid(600, [200], [v(200, 300, 400)], [h(0, 0, 600), h(40, 0, 200), h(300, 0, 200), h(400, 0, 600)]);
    const ws = [...words("Florida", 10, 10), ...words("Power Plant Location Map", 210, 10)];
    expect(tableCells(g, ws)).toBeNull();
  });

  it("keeps the empty rows at the end of a grid ruled into columns (rows of the table, docling keeps them)", () => {
    const cols = [v(200, 0, 160), v(400, 0, 160)];
    const rows = [0, 40, 80, 120, 160].map((y) => h(y, 0, 600));
    const ws = [
      ...words("Head A", 10, 10),
      ...words("Head B", 210, 10),
      ...words("Head C", 410, 10),
      ...words("a1", 10, 50),
      ...words("c1", 410, 50),
    ];
    expect(tableCells(grid(600, [200, 400], cols, rows), ws)).toEqual([
      ["Head A", "Head B", "Head C"],
      ["a1", "", "c1"],
      ["", "", ""],
      ["", "", ""],
    ]);
  });

  it("keeps a grid boxing every cell as a table when its second column printed nothing (formulas left out)", () => {
    const cols = [v(300, 0, 100)];
    const rows = [0, 40, 100].map((y) => h(y, 0, 800));
    const ws = [...words("The next cell has an equation", 10, 10), ...words("The next cell has another", 10, 46), ...words("equation", 10, 72)];
    expect(tableCells(grid(800, [300], cols, rows), ws)).toEqual([
      ["The next cell has an equation", ""],
      ["The next cell has another equation", ""],
    ]);
  });

  it("keeps two lines of figures in one band as two rows (figures do not wrap: a row rule that did not show)", () => {
    const cols = [v(200, 0, 180), v(400, 0, 180)];
    const rows = [0, 40, 80, 140, 180].map((y) => h(y, 0, 600));
    const ws = [
      ...words("Item", 10, 10),
      ...words("2024", 210, 10),
      ...words("2025", 410, 10),
      ...words("Revenue", 10, 50),
      ...words("275.5", 210, 50),
      ...words("295.6", 410, 50),
      ...words("growth", 10, 86),
      ...words("-14%", 210, 86),
      ...words("7%", 410, 86),
      ...words("EBITA", 10, 112),
      ...words("8.8", 210, 112),
      ...words("10.3", 410, 112),
      ...words("Net", 10, 150),
      ...words("4.4", 210, 150),
      ...words("5.6", 410, 150),
    ];
    expect(tableCells(grid(600, [200, 400], cols, rows), ws)).toEqual([
      ["Item", "2024", "2025"],
      ["Revenue", "275.5", "295.6"],
      ["growth", "-14%", "7%"],
      ["EBITA", "8.8", "10.3"],
      ["Net", "4.4", "5.6"],
    ]);
  });

  it("accepts a small ruled grid with one full row (a row starting late)", () => {
    const g = grid(600, [300], [v(300, 0, 80)], [h(0, 0, 600), h(40, 0, 600), h(80, 300, 600)]);
    const ws = [...words("Header 0.0", 10, 10), ...words("Header 0.1", 310, 10), ...words("Cell 1.1", 310, 50)];
    expect(tableCells(g, ws)).toEqual([
      ["Header 0.0", "Header 0.1"],
      ["", "Cell 1.1"],
    ]);
  });

  it("drops horizontal rules read as words ('————' across the top rule, '_—_—Pnmnmm—') and keeps the table", () => {
    // a three-column table with horizontal rules only (columns from the gaps), as on a skewed noisy scan
    const g = grid(1000, [], [], [h(0, 0, 1000), h(80, 0, 1000), h(160, 0, 1000), h(240, 0, 1000)]);
    const ws = [
      { text: "————————————————————————", bbox: { x0: 2, y0: -8, x1: 998, y1: 8 } },
      ...words("Leaves", 200, 30),
      ...words("Ash, Elm, Maple", 370, 30),
      ...words("50", 700, 30),
      ...words("Berries", 200, 110),
      ...words("Blueberry, Cranberry", 370, 110),
      ...words("150", 700, 110),
      ...words("Grain", 200, 190),
      ...words("Corn, Barley", 370, 190),
      ...words("200", 700, 190),
      { text: "_—_—Pnmnmm—", bbox: { x0: 0, y0: 232, x1: 990, y1: 250 } },
    ];
    expect(tableCells(g, ws)).toEqual([
      ["Leaves", "Ash, Elm, Maple", "50"],
      ["Berries", "Blueberry, Cranberry", "150"],
      ["Grain", "Corn, Barley", "200"],
    ]);
  });

  it("keeps a fully ruled row whole: wrapped lines of several cells and paragraphs inside a cell are one row", () => {
    // | Feature | Action | Comment | ruled all round; the row's cells wrap over several lines, the action cell
    // holds a list whose items stand apart like paragraphs (the table's only row: no majority of one-row bands)
    const g = grid(900, [300, 600], [v(300, 0, 300), v(600, 0, 300)], [h(0, 0, 900), h(40, 0, 900), h(300, 0, 900)]);
    const ws = [
      ...words("Feature", 10, 10),
      ...words("Action", 310, 10),
      ...words("Comment", 610, 10),
      ...words("Clause Ordering", 10, 50),
      ...words("The draft mixes", 610, 50),
      ...words("Reorganize into", 310, 72),
      ...words("narrative and", 610, 72),
      ...words("+ Foreword", 310, 130),
      ...words("+ Introduction", 310, 180),
    ];
    expect(tableCells(g, ws)).toEqual([
      ["Feature", "Action", "Comment"],
      ["Clause Ordering", "Reorganize into - Foreword - Introduction", "The draft mixes narrative and"],
    ]);
  });

  it("tells rules read as text from dashes that are text", () => {
    for (const t of ["———", "______", "_—_—Pnmnmm—", "-=-=-"]) expect(isRuleReadAsText(t)).toBe(true);
    for (const t of ["—", "--", "2020-10-01", "1–2–3", "well-known", "e-mail"]) expect(isRuleReadAsText(t)).toBe(false);
  });
});

describe("one-column ruled tables", () => {
  it("a box whose full-width rules part three or more rows with text is a one-column table, one row per band", () => {
    const g = grid(600, [], [v(0, 0, 300), v(600, 0, 300)], [h(0, 0, 600), h(40, 0, 600), h(80, 0, 600), h(300, 0, 600)]);
    const ws = [
      ...words("List of services", 10, 10),
      ...words("Breakfast options", 10, 50),
      ...words("Choose as many as you like:", 10, 90),
      ...words("Orange juice", 30, 130),
      ...words("Tea", 30, 170),
    ];
    expect(tableCells(g, ws)).toEqual([["List of services"], ["Breakfast options"], ["Choose as many as you like: Orange juice Tea"]]);
  });

  it("a box with a title bar over its body, or a framed paragraph, stays text", () => {
    const titled = grid(600, [], [v(0, 0, 200), v(600, 0, 200)], [h(0, 0, 600), h(40, 0, 600), h(200, 0, 600)]);
    expect(tableCells(titled, [...words("Note", 10, 10), ...words("Keep the receipt for your records.", 10, 60)])).toBeNull();
    // a rule across part of the box only does not part rows
    const partial = grid(600, [], [v(0, 0, 300), v(600, 0, 300)], [h(0, 0, 600), h(40, 0, 600), h(80, 0, 200), h(300, 0, 600)]);
    expect(tableCells(partial, [...words("One", 10, 10), ...words("Two", 10, 50), ...words("Three", 10, 90)])).toBeNull();
  });
});

describe("fully ruled tables", () => {
  it("makes one row of each band when column rules run through every band and the bands hold alike numbers of lines", () => {
    const g = grid(600, [300], [v(0, 0, 300), v(300, 0, 300), v(600, 0, 300)], [h(0, 0, 600), h(40, 0, 600), h(160, 0, 600), h(300, 0, 600)]);
    const ws = [
      ...words("Column A", 10, 10),
      ...words("Column B", 310, 10),
      ...words("This is a list:", 10, 50),
      ...words("A First", 30, 80),
      ...words("A Second", 30, 110),
      ...words("A formatted list:", 310, 50),
      ...words("B First", 330, 80),
      ...words("First Paragraph", 10, 170),
      ...words("Second Paragraph", 10, 230),
      ...words("Simple text", 310, 170),
    ];
    expect(tableCells(g, ws)).toEqual([
      ["Column A", "Column B"],
      ["This is a list: A First A Second", "A formatted list: B First"],
      ["First Paragraph Second Paragraph", "Simple text"],
    ]);
  });

  it("leaves a grid of partial rules (merged cells, a screenshot's panes) to the line-by-line rows", () => {
    const g = grid(600, [300], [v(0, 0, 300), v(300, 0, 300), v(600, 0, 300)], [h(0, 0, 600), h(40, 0, 600), h(160, 0, 300), h(300, 0, 600)]);
    const ws = [
      ...words("Column A", 10, 10),
      ...words("Column B", 310, 10),
      ...words("This is a list:", 10, 50),
      ...words("A First", 30, 80),
      ...words("A formatted list:", 310, 50),
      ...words("B First", 330, 80),
      ...words("First Paragraph", 10, 170),
      ...words("Simple text", 310, 170),
      ...words("Second Paragraph", 10, 230),
      ...words("More text", 310, 230),
    ];
    expect(tableCells(g, ws)!.length).toBeGreaterThan(3);
  });

  it("a framed bulleted list is not a table of its bullets and items", () => {
    // a box around two list items whose bullets OCR read as "e" and "*"
    const g = grid(600, [], [v(0, 0, 60), v(600, 0, 60)], [h(0, 0, 600), h(60, 0, 600)]);
    const ws = [...words("e", 40, 8), ...words("Hello world1", 100, 8), ...words("*", 40, 32), ...words("Hello2", 100, 32)];
    expect(tableCells(g, ws)).toBeNull();
  });
});

describe("chart gridlines", () => {
  // A bar chart: category labels left of the plot area, the scale under it, gridlines at x 200, 300, 400, 500.
  const xs = [200, 300, 400, 500];
  const g = grid(
    600,
    xs,
    xs.map((x) => v(x, 0, 200)),
    [0, 40, 80, 120, 160, 200].map((y) => h(y, 0, 600)),
  );
  const labels = [
    ...words("Institutions", 10, 10),
    ...words("Member States", 10, 50),
    ...words("Air passengers", 10, 90),
    ...words("Customs", 10, 130),
  ];

  it("leaves a grid whose only text is its axes (labels down the first column, the scale along the last row) as text", () => {
    const scale = ["500", "1.000", "1.500", "2.000", "2.500"].flatMap((t, i) => words(t, 110 + 100 * i, 170));
    // (a bar's end read as "il" is a speck, not a value)
    expect(tableCells(g, [...labels, ...words("il", 350, 50), ...scale])).toBeNull();
  });

  it("keeps a grid with values in its body as a table", () => {
    const scale = ["500", "1.000", "1.500", "2.000", "2.500"].flatMap((t, i) => words(t, 110 + 100 * i, 170));
    const table = tableCells(g, [...labels, ...words("123", 210, 50), ...scale]);
    expect(table?.[1]).toEqual(["Member States", "123", "", "", ""]);
  });
});

describe("a header ruled off from the body", () => {
  // Columns ruled at x 200, 400; rules at the top, under the header (y 70) and at the bottom (y 200).
  const g = grid(600, [200, 400], [v(200, 0, 200), v(400, 0, 200)], [h(0, 0, 600), h(70, 0, 600), h(200, 0, 600)]);
  const body = [
    ...words("Head Start", 10, 80),
    ...words("85.1%", 210, 80),
    ...words("100%", 410, 80),
    ...words("Control", 10, 105),
    ...words("17.3%", 210, 105),
    ...words("100%", 410, 105),
    ...words("All", 10, 130),
    ...words("82.7%", 210, 130),
    ...words("100%", 410, 130),
  ];

  it("reads the header's lines as one row of wrapped labels", () => {
    const head = [
      ...words("Some Year 1", 210, 5),
      ...words("Head Start", 210, 25),
      ...words("Sample Group", 10, 45),
      ...words("Participation", 210, 45),
      ...words("Total", 410, 45),
    ];
    expect(tableCells(g, [...head, ...body])).toEqual([
      ["Sample Group", "Some Year 1 Head Start Participation", "Total"],
      ["Head Start", "85.1%", "100%"],
      ["Control", "17.3%", "100%"],
      ["All", "82.7%", "100%"],
    ]);
  });

  it("keeps lines of figures above the rule as rows", () => {
    const head = [...words("Year", 10, 5), ...words("2019", 210, 5), ...words("2020", 410, 5), ...words("12.5", 210, 45), ...words("13.1", 410, 45)];
    expect(tableCells(g, [...head, ...body])?.slice(0, 2)).toEqual([
      ["Year", "2019", "2020"],
      ["", "12.5", "13.1"],
    ]);
  });
});

describe("section labels among a table's rows", () => {
  // Columns ruled at x 300, 450; one band of rows (rules at the top and the bottom only).
  const g = grid(600, [300, 450], [v(300, 0, 200), v(450, 0, 200)], [h(0, 0, 600), h(200, 0, 600)]);
  /** Words right-aligned at x 290 (row labels set right). */
  const right = (text: string, y: number) => words(text, 290 - 10 * text.length - 6 * (text.split(" ").length - 1), y);

  it("gives a label under a colon, or starting left of the right-aligned label above, a row of its own", () => {
    const ws = [
      ...words("All Assigned (N=4,667):", 10, 5),
      ...words("3-Year-Old Cohort", 60, 27),
      ...right("Head Start", 49),
      ...words("85.1%", 310, 49),
      ...words("14.9%", 460, 49),
      ...right("Control Group", 71),
      ...words("17.3%", 310, 71),
      ...words("82.7%", 460, 71),
      ...words("4-Year-Old Cohort", 60, 93),
      ...right("Head Start", 115),
      ...words("79.8%", 310, 115),
      ...words("20.2%", 460, 115),
    ];
    expect(tableCells(g, ws)?.map((r) => r[0])).toEqual([
      "All Assigned (N=4,667):",
      "3-Year-Old Cohort",
      "Head Start",
      "Control Group",
      "4-Year-Old Cohort",
      "Head Start",
    ]);
  });

  it("keeps a wrapped label's hanging line in its cell", () => {
    const ws = [
      ...words("Highest enrollment after", 10, 5),
      ...words("70%", 310, 5),
      ...words("30%", 460, 5),
      ...words("degree by 2003", 30, 27),
      ...words("Other", 10, 60),
      ...words("40%", 310, 60),
      ...words("60%", 460, 60),
    ];
    expect(tableCells(g, ws)?.map((r) => r[0])).toEqual(["Highest enrollment after degree by 2003", "Other"]);
  });
});
