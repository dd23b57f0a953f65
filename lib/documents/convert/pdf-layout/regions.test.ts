import { describe, expect, it } from "vitest";
import { layoutDocument, type OpCodes, prepareLayoutPage, rulesFromOperatorList, wantsRules } from "./index";
import { item, justified, lines, md, page, rule } from "./test-items";

describe("tables", () => {
  it("turns aligned columns into a GFM table with a header row", () => {
    const row = (cells: string[], top: number, bold = false) => cells.map((c, i) => item(c, [72, 220, 380][i], top, 12, { bold }));
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

  it("writes bold body cells (row labels) and the header row as plain cells", () => {
    const row = (cells: string[], top: number, bold: boolean[]) => cells.map((c, i) => item(c, [72, 220, 380][i], top, 12, { bold: bold[i] }));
    const out = md([
      ...lines(["Typical foods of the season are listed in the following table of values."], 72, 80),
      ...row(["Type", "Examples", "Calories"], 110, [true, true, true]),
      ...row(["Leaves", "Ash, Elm", "50"], 127, [true, false, false]),
      ...row(["Berries", "Blueberry", "150"], 144, [true, false, false]),
      ...row(["Grain", "Corn, Barley", "200"], 161, [true, false, false]),
    ]);
    expect(out.split("\n\n")[1]).toBe(
      [
        "| Type | Examples | Calories |",
        "| --- | --- | --- |",
        "| Leaves | Ash, Elm | 50 |",
        "| Berries | Blueberry | 150 |",
        "| Grain | Corn, Barley | 200 |",
      ].join("\n"),
    );
  });

  it("keeps wrapped cell text in its row when lines inside cells are set tighter than rows", () => {
    const at = (x: number) => [72, 160, 400][x];
    const out = md([
      item("Term", at(0), 100, 12, { bold: true }),
      item("Definition", at(1), 100, 12, { bold: true }),
      item("Cost", at(2), 100, 12, { bold: true }),
      item("Widget", at(0), 120),
      item("The first line of a long", at(1), 120),
      item("12.00", at(2), 120),
      item("definition that wraps", at(1), 134),
      item("Gadget", at(0), 154),
      item("Short one", at(1), 154),
      item("5.50", at(2), 154),
      item("Doohickey", at(0), 174),
      item("Another definition", at(1), 174),
      item("7.25", at(2), 174),
      item("on two lines", at(1), 188),
    ]);
    expect(out).toBe(
      [
        "| Term | Definition | Cost |",
        "| --- | --- | --- |",
        "| Widget | The first line of a long definition that wraps | 12.00 |",
        "| Gadget | Short one | 5.50 |",
        "| Doohickey | Another definition on two lines | 7.25 |",
      ].join("\n"),
    );
  });

  it("splits a header row whose cells pdf.js merged into one item", () => {
    const out = md([
      item("Name Amount", 72, 110, 12, { width: 75, bold: true }),
      item("City", 172, 110, 12, { bold: true }),
      item("Alice", 72, 127),
      item("100", 112, 127),
      item("Paris", 172, 127),
      item("Bob", 72, 144),
      item("250", 112, 144),
      item("Berlin", 172, 144),
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

  it("reads two columns as columns when one of them holds a figure beside its paragraph", () => {
    // The right column: a figure's labels (short lines at scattered x), then its caption paragraph. Rows
    // pair each line of prose on the left with a label, which made a two-column "table" of both.
    const left = Array.from({ length: 12 }, (_, i) => `Left prose line ${String(i + 1).padStart(2, "0")} runs on and on here${i === 11 ? "." : ""}`);
    const labels = ["Symbol Key", "Interpret", "Monitor", "loop edge", "Record", "LIR Trace", "Compile", "Execute"];
    const caption = [
      "Figure 2. State machine of the tracer",
      "and the conditions that cause a move",
      "to a new activity. In the dark box the",
      "engine runs the compiled native code.",
    ];
    const out = md([
      ...lines(left, 72, 100),
      ...labels.map((t, i) => item(t, 330 + (i % 3) * 70, 100 + i * 14, 8)),
      ...lines(caption, 320, 100 + 8 * 14),
    ]);
    expect(out).not.toContain("|");
    const parts = out.split("\n\n");
    expect(parts[0]).toBe(left.join(" "));
    expect(parts[parts.length - 1]).toBe(caption.join(" "));
  });

  it("reads two columns as columns when the left one holds a figure over its caption", () => {
    const labels = ["Trace 1", "Number", "Boolean", "Linked", "Closed", "Trace 2", "String", "(a)"];
    const caption = [
      "Figure 6. Type-unstable loops are handled",
      "by allowing traces that cannot loop back",
      "to themselves because of a type mismatch",
      "to link to the traces that match instead.",
    ];
    const right = Array.from({ length: 12 }, (_, i) => `Right prose line ${String(i + 1).padStart(2, "0")} runs on here${i === 11 ? "." : ""}`);
    const out = md([
      ...labels.map((t, i) => item(t, 80 + (i % 3) * 60, 100 + i * 14, 8)),
      ...lines(caption, 72, 100 + 8 * 14),
      ...lines(right, 330, 100),
    ]);
    expect(out).not.toContain("|");
    const parts = out.split("\n\n");
    expect(parts).toContain(caption.join(" "));
    expect(parts[parts.length - 1]).toBe(right.join(" "));
  });

  it("continues a paragraph that runs from the foot of one column to the top of the next", () => {
    const left = Array.from({ length: 6 }, (_, i) => `Left column line ${i + 1} of flowing text here`);
    const right = Array.from({ length: 6 }, (_, i) => `continued on the right line ${i + 1} of more text${i === 5 ? "." : ""}`);
    const out = md([...lines(left, 72, 100), ...lines(right, 320, 100)]);
    expect(out).toBe(`${left.join(" ")} ${right.join(" ")}`);
  });
});

describe("tables: merged cells and ruling lines", () => {
  // A right-aligned number column followed by a left-aligned text column: pdf.js merges "18.4 J. Smith".
  const body = [
    ["Köln", "18.4", "J. Smith"],
    ["Hamburg", "78.9", "C. Martin"],
    ["Vienna", "5.0", "P. Weber"],
  ];
  const merged = (top0: number) =>
    body.flatMap(([a, b, c], i) => {
      const top = top0 + i * 20;
      return [item(a, 60, top), item(`${b} ${c}`, 392 - b.length * 6, top)];
    });
  const expected = [
    "| Region | Share (%) | Owner |",
    "| --- | --- | --- |",
    "| Köln | 18.4 | J. Smith |",
    "| Hamburg | 78.9 | C. Martin |",
    "| Vienna | 5.0 | P. Weber |",
  ].join("\n");

  it("splits merged cells at the vertical rules of a ruled table and joins wrapped header cells", () => {
    const items = [item("Region", 60, 230), item("Share", 261, 224), item("(%)", 261, 236), item("Owner", 401, 230), ...merged(262)];
    const rules = [...[57, 258, 398, 567].map((x) => rule(x, 212, x, 308)), ...[212, 244, 268, 288, 308].map((y) => rule(57, y, 567, y))];
    expect(wantsRules(prepareLayoutPage(page(items)))).toBe(true);
    expect(md(items, rules)).toBe(expected);
  });

  it("splits merged number cells of a borderless table at the header's gap", () => {
    const items = [item("Region", 60, 230), item("Share (%)", 338, 230), item("Owner", 401, 230), ...merged(250)];
    expect(md(items)).toBe(expected);
  });

  it("reads ruling lines from a pdf.js operator list (stroked lines, thin filled rectangles, shaded bands)", () => {
    const codes = [
      "save",
      "restore",
      "transform",
      "constructPath",
      "paintFormXObjectBegin",
      "paintFormXObjectEnd",
      "stroke",
      "closeStroke",
      "fill",
      "eoFill",
      "fillStroke",
      "eoFillStroke",
      "closeFillStroke",
      "closeEOFillStroke",
      "endPath",
      "moveTo",
      "lineTo",
      "curveTo",
      "curveTo2",
      "curveTo3",
      "closePath",
      "rectangle",
    ];
    const OPS = Object.fromEntries(codes.map((c, i) => [c, i + 1])) as unknown as OpCodes;
    const list = {
      fnArray: [
        OPS.save,
        OPS.transform,
        OPS.constructPath,
        OPS.constructPath,
        OPS.constructPath,
        OPS.constructPath,
        OPS.constructPath,
        OPS.restore,
        OPS.constructPath,
        OPS.constructPath,
        OPS.stroke,
      ],
      argsArray: [
        null,
        [1, 0, 0, 1, 10, 20],
        [OPS.stroke, [new Float32Array([0, 0, 0, 1, 100, 0])], null], // pdf.js 5: paint op, path data
        [OPS.fill, [[0, 0, 50, 1, 80, 50, 1, 80, 51, 1, 0, 51, 4]], null], // a thin filled rectangle
        [OPS.fill, [[0, 0, 100, 1, 200, 100, 1, 200, 116, 1, 0, 116, 4]], null], // a shaded band: its top and bottom edges
        [OPS.fill, [[0, 0, 200, 1, 300, 200, 1, 300, 400, 1, 0, 400, 4]], null], // a filled area: no rule
        [OPS.stroke, [[0, 0, 0, 2, 10, 10, 20, 20, 30, 0]], null], // a curve: not a rule
        null,
        [OPS.endPath, [[0, 0, 0, 1, 0, 100]], null], // a clipping path: not painted
        [[OPS.moveTo, OPS.lineTo], [5, 5, 5, 60], null], // older pdf.js: ops, coordinates, then a paint op
        null,
      ],
    };
    expect(rulesFromOperatorList(list, OPS)).toEqual([
      { x0: 10, y0: 20, x1: 110, y1: 20 },
      { x0: 10, y0: 70.5, x1: 90, y1: 70.5 },
      { x0: 5, y0: 5, x1: 5, y1: 60 },
      { x0: 10, y0: 120, x1: 210, y1: 120, band: true },
      { x0: 10, y0: 136, x1: 210, y1: 136, band: true },
    ]);
  });
});

describe("multi-column text", () => {
  const left = [
    "Der neue Lieferant bestätigt den",
    "Lieferplan mit wenigen Ausnahmen und",
    "der Nettogewinn stieg um vierzehn",
    "Prozent auf neuntausend Euro im",
  ];
  const right = [
    "Der Vertrieb unterstützt die Kosten",
    "für Rohstoffe nach einer genauen",
    "Prüfung und jede Niederlassung",
    "beschreibt die wichtigsten Risiken",
  ];

  it("reads justified columns with a narrow gutter as columns, not as tables", () => {
    const out = md([
      ...left.flatMap((t, i) => justified(t, 57, 306, 100 + i * 16)),
      item("Dezember des letzten Jahres.", 57, 164),
      ...right.flatMap((t, i) => justified(t, 317, 567, 100 + i * 16)),
      item("für das kommende Geschäftsjahr.", 317, 164),
    ]);
    expect(out.split("\n\n")).toEqual([`${left.join(" ")} Dezember des letzten Jahres.`, `${right.join(" ")} für das kommende Geschäftsjahr.`]);
  });

  it("does not take a justified paragraph for a table", () => {
    const text = [
      "Die Logistikabteilung prüft die Ergebnisse der Pilotphase wie",
      "in der letzten Sitzung vereinbart und der Jahresabschluss",
      "erläutert die wichtigsten Risiken nach einer sorgfältigen",
    ];
    const out = md([...text.flatMap((t, i) => justified(t, 72, 540, 100 + i * 16)), item("Prüfung.", 72, 148)]);
    expect(out).toBe(`${text.join(" ")} Prüfung.`);
  });

  it("reads a list going on in the next column as one flat list, its item running on at the column's top", () => {
    const out = md([
      item("• Installing the new software and doing", 57, 100),
      item("a software installation verification.", 69, 114),
      item("• Revising the existing manual and the", 57, 128),
      item("procedures for the crew of each plane", 69, 142),
      item("that is operated under this rule.", 319, 100),
      item("• Changing the wire routing of the trim", 319, 114),
      item("system in the tail of the airplane.", 331, 128),
      item("• Performing a readiness flight after", 319, 142),
      item("the changes are done.", 331, 156),
    ]);
    expect(out).toBe(
      [
        "- Installing the new software and doing a software installation verification.",
        "- Revising the existing manual and the procedures for the crew of each plane that is operated under this rule.",
        "- Changing the wire routing of the trim system in the tail of the airplane.",
        "- Performing a readiness flight after the changes are done.",
      ].join("\n"),
    );
  });

  it("does not run a left column's last paragraph on into sub-caption labels at the top of the right one", () => {
    const out = md([...lines(left, 57, 100, 12, 16), item("(a) (b)", 360, 100), ...lines(right.slice(1), 319, 116, 12, 16)]);
    expect(out.split("\n\n")).toEqual([left.join(" "), "(a) (b)", right.slice(1).join(" ")]);
  });

  it("reads columns that run down to a ruled table column by column, the table after them", () => {
    // The table's header cell starts right of the gutter, so the column run reaches into the table's rows.
    const table = [
      item("Action", 60, 166),
      item("Cost per product", 345, 166),
      ...[0, 1].flatMap((k) => [
        item(["Installation", "Revisions"][k], 60, 182 + k * 16),
        item("1 work-hour, $85/h", 193, 182 + k * 16),
        item("$85", 345, 182 + k * 16),
      ]),
    ];
    const rules = [...[57, 190, 340, 567].map((x) => rule(x, 154, x, 202)), ...[154, 170, 186, 202].map((y) => rule(57, y, 567, y))];
    const out = md([...lines(left, 57, 100, 12, 16), ...lines(right, 319, 100, 12, 16), ...table], rules);
    // The left column's last line runs on at the top of the right one: one paragraph.
    expect(out.split("\n\n")).toEqual([
      [...left, ...right].join(" "),
      "| Action |  | Cost per product |\n| --- | --- | --- |\n| Installation | 1 work-hour, $85/h | $85 |\n| Revisions | 1 work-hour, $85/h | $85 |",
    ]);
  });

  it("assigns lines to columns by the gutter when the columns' baselines are offset", () => {
    const a = ["Energy use fell by 13.2 percent to", "85,388 thousand euros in August.", "Each regional office outlines all"];
    const b = ["The sales forecast improves all", "pending invoices in close", "cooperation with the partners and", "reduces the cost of raw"];
    const c = ["materials according to the latest", "figures."];
    const d = ["Operating cost rose by 21.8 percent", "to 60,916 thousand euros in", "January after a careful review."];
    const e = ["Revenue rose by 21.4 percent to", "17,257 thousand euros in August", "according to the latest figures."];
    const out = md([
      ...lines(["A full-width paragraph above the columns runs across both of them and the gutter."], 57, 76, 12, 16),
      ...lines(a, 57, 100, 12, 16),
      ...lines(b, 57, 171, 12, 16),
      ...lines(c, 319, 100, 12, 16),
      ...lines(d, 319, 139, 12, 16),
      ...lines(e, 319, 210, 12, 16),
      ...lines(["A full-width paragraph below the columns runs across both of them and the gutter."], 57, 275, 12, 16),
    ]);
    expect(out.split("\n\n")).toEqual([
      "A full-width paragraph above the columns runs across both of them and the gutter.",
      a.join(" "),
      [...b, ...c].join(" "),
      d.join(" "),
      e.join(" "),
      "A full-width paragraph below the columns runs across both of them and the gutter.",
    ]);
  });
});

describe("tables: wrapped cells and neighbouring tables", () => {
  it("joins wrapped header and cell lines, and separates columns whose text touches", () => {
    const b = { bold: true };
    const rows = [
      ["Paris", "14,827", "2025-12-", "23", "28,933.62"],
      ["Bordeaux", "9,779", "2023-06-", "06", "33,264.60"],
      ["Vienna", "15,001", "2025-05-", "21", "29,373.95"],
    ];
    const out = md([
      item("Revenue", 420, 243, 12, b),
      item("Region", 60, 250, 12, b),
      item("Quantity", 178, 250, 12, b),
      item("Date", 294, 250, 12, b),
      item("(EUR)", 420, 257, 12, b),
      // Right-aligned quantities end exactly where the dates (wrapped around the row's baseline) start.
      ...rows.flatMap(([region, qty, d1, d2, rev], i) => {
        const top = 284 + i * 34;
        return [
          item(d1, 294, top - 7),
          item(region, 60, top),
          item(qty, 294 - qty.length * 6, top),
          item(rev, 560 - rev.length * 6, top),
          item(d2, 294, top + 7),
        ];
      }),
    ]);
    expect(out).toBe(
      [
        "| Region | Quantity | Date | Revenue (EUR) |",
        "| --- | --- | --- | --- |",
        "| Paris | 14,827 | 2025-12-23 | 28,933.62 |",
        "| Bordeaux | 9,779 | 2023-06-06 | 33,264.60 |",
        "| Vienna | 15,001 | 2025-05-21 | 29,373.95 |",
      ].join("\n"),
    );
  });

  it("starts a new table at a bold header row set right below another table", () => {
    const b = { bold: true };
    const out = md([
      item("Product", 60, 100, 12, b),
      item("Status", 315, 100, 12, b),
      ...["Titan", "Alpha", "Quanta"].flatMap((p, i) => [item(p, 60, 120 + i * 20), item("Open", 315, 120 + i * 20)]),
      item("Product", 60, 180, 12, b),
      item("Status", 150, 180, 12, b),
      item("Cost", 252, 180, 12, b),
      item("Quantity", 356, 180, 12, b),
      ...["Beta", "Gamma", "Vega"].flatMap((p, i) => [
        item(p, 60, 200 + i * 20),
        item("Closed", 150, 200 + i * 20),
        item("42.69", 300, 200 + i * 20),
        item("10", 404, 200 + i * 20),
      ]),
    ]);
    expect(out.split("\n\n").map((t) => t.split("\n")[0])).toEqual(["| Product | Status |", "| Product | Status | Cost | Quantity |"]);
  });

  it("keeps the parts of a table split by a page break: a bold header over one row, rows of numbers", () => {
    const row = (cells: string[], top: number, bold = false) => cells.map((c, i) => item(c, [58, 203, 409][i], top, 12, { bold }));
    const pages = [
      page(
        [
          ...lines(["Body text at the foot of the page, long enough to be ordinary running text."], 72, 700),
          ...row(["Item", "Quantity", "Price"], 740, true),
          ...row(["Item 0", "63", "91.00"], 757),
        ],
        1,
      ),
      page(
        [
          ...row(["Item 1", "8", "658.00"], 60),
          ...row(["Item 2", "32", "908.00"], 77),
          ...lines(["Body text after the table, long enough to be ordinary running text again."], 72, 110),
        ],
        2,
      ),
    ];
    const out = layoutDocument(pages);
    expect(out[0]).toContain("| Item | Quantity | Price |\n| --- | --- | --- |\n| Item 0 | 63 | 91.00 |");
    expect(out[1]).toContain("| Item 1 | 8 | 658.00 |\n| --- | --- | --- |\n| Item 2 | 32 | 908.00 |");
  });

  it("keeps ruled tables apart that share a border", () => {
    const items = [
      item("Region", 60, 114),
      item("Date", 255, 114),
      item("London", 60, 134),
      item("2025-02-27", 255, 134),
      item("Genève", 60, 154),
      item("2024-04-09", 255, 154),
      item("Region", 60, 194),
      item("Share", 155, 194),
      item("Owner", 305, 194),
      item("Dresden", 60, 214),
      item("32.9", 155, 214),
      item("A. Schmidt", 305, 214),
      item("Köln", 60, 234),
      item("12.4", 155, 234),
      item("P. Weber", 305, 234),
    ];
    const rules = [
      ...[57, 250, 567].map((x) => rule(x, 100, x, 160)),
      ...[100, 120, 140, 160].map((y) => rule(57, y, 567, y)),
      ...[57, 150, 300, 567].map((x) => rule(x, 160, x, 240)),
      ...[180, 200, 220, 240].map((y) => rule(57, y, 567, y)),
    ];
    expect(
      md(items, rules)
        .split("\n\n")
        .map((t) => t.split("\n")[0]),
    ).toEqual(["| Region | Date |", "| Region | Share | Owner |"]);
  });
});
