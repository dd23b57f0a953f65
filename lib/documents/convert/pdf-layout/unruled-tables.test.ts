import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

// Tables without rules from HTML rendered by LibreOffice (issue 14, born-digital): cells set closer than a
// segment gap (pdf.js runs them together), two columns of short cells, a cell spanning two rows.

describe("unruled tables of short cells", () => {
  it("splits rows whose cells pdf.js ran together below rows with cells of their own, where the columns start", () => {
    // "Item-03 Sunflower 7" is one run: "Sunflower" starts at 120 and "7" at 180, the columns' left edges.
    const row = (cells: string[], top: number) => cells.map((t, i) => item(t, [72, 120, 180][i], top));
    const out = md([
      ...lines(["The stock of the garden shop at the end of the season."], 72, 60),
      ...["Code", "Name", "Qty"].map((t, i) => item(t, [72, 120, 180][i], 100, 12, { bold: true })),
      ...row(["It-1", "Marigold", "5"], 130),
      ...row(["It-2", "Lavender", "12"], 160),
      item("Item-03 Sunflower 7", 72, 190),
      item("Item-04 Primroses 9", 72, 220),
      ...lines(["A paragraph of ordinary body text follows the table on this page."], 72, 270),
    ]);
    expect(out.split("\n\n")[1]).toBe(
      [
        "| Code | Name | Qty |",
        "| --- | --- | --- |",
        "| It-1 | Marigold | 5 |",
        "| It-2 | Lavender | 12 |",
        "| Item-03 | Sunflower | 7 |",
        "| Item-04 | Primroses | 9 |",
      ].join("\n"),
    );
  });

  it("reads two columns of short cells under a bold header as a table, a cell spanning two rows included", () => {
    // The header's rows and the body's are 16.8 pt apart (1.4 em, the limit for grouping a cell's lines).
    const out = md([
      item("Header 1", 113, 87.2, 12, { bold: true }),
      item("Header 2 & 3 (colspan)", 237.5, 87.2, 12, { bold: true }),
      item("Row 1, Col 2 Row 1, Col 3", 232.3, 104.0),
      item("Row 1 & 2, Col 1 (rowspan)", 58.2, 112.4),
      item("Row 2, Col 2 & 3 (colspan)", 232.3, 120.8),
      item("Row 3, Col 1", 58.2, 137.6),
      item("Row 3, Col 2 Row 3, Col 3", 232.3, 137.6),
    ]);
    expect(out).toBe(
      [
        "| Header 1 | Header 2 & 3 (colspan) |",
        "| --- | --- |",
        // The label between two rows spans both (table-spans.ts): each row is a row of its own and repeats it.
        "| Row 1 & 2, Col 1 (rowspan) | Row 1, Col 2 Row 1, Col 3 |",
        "| Row 1 & 2, Col 1 (rowspan) | Row 2, Col 2 & 3 (colspan) |",
        "| Row 3, Col 1 | Row 3, Col 2 Row 3, Col 3 |",
      ].join("\n"),
    );
  });

  it("reads three rows of labels and values as a table", () => {
    const out = md([
      ...lines(["Scientific classification"], 72, 80),
      ...["Domain:", "Kingdom:", "Phylum:"].flatMap((t, k) => [
        item(t, 58, 100 + 17 * k),
        item(["Eukaryota", "Animalia", "Chordata"][k], 148, 100 + 17 * k),
      ]),
    ]);
    expect(out.split("\n\n")[1]).toBe("| Domain: | Eukaryota |\n| --- | --- |\n| Kingdom: | Animalia |\n| Phylum: | Chordata |");
  });

  it("does not read two columns of longer text lines (over 32 characters) as a table", () => {
    const left = ["The committee met on Tuesday at ten", "and agreed on the new schedule for", "the spring term of the coming year"];
    const right = ["Members asked for the minutes early", "so that the draft can be read before", "the next meeting takes place again"];
    const out = md(left.flatMap((t, k) => [item(t, 58, 100 + 14 * k), item(right[k], 300, 100 + 14 * k)]));
    expect(out).not.toContain("|");
  });

  it("keeps a row below the body whose label and number pdf.js ran together (split before the number)", () => {
    const row = (cells: string[], top: number) => cells.map((t, i) => item(t, [72, 126, 180][i], top));
    const out = md([
      ...["Code", "Name", "Qty"].map((t, i) => item(t, [72, 126, 180][i], 100, 12, { bold: true })),
      ...row(["It-1", "Marigold", "5"], 130),
      ...row(["It-2", "Lavender", "12"], 160),
      // "18" set 0.5 em after the label, where the second column starts: one run.
      item("Row-five 18", 72, 190),
    ]);
    expect(out.split("\n").slice(2)).toEqual(["| It-1 | Marigold | 5 |", "| It-2 | Lavender | 12 |", "| Row-five | 18 |  |"]);
  });

  it("does not read labels beside lines of running text (over 32 characters) as a table", () => {
    const days = ["Monday", "Tuesday", "Friday"];
    const notes = [
      "The committee met at ten and agreed on the schedule",
      "Members asked for the minutes to be sent out early",
      "The next meeting takes place in the main hall again",
    ];
    const out = md(days.flatMap((t, k) => [item(t, 58, 100 + 17 * k), item(notes[k], 148, 100 + 17 * k)]));
    expect(out).not.toContain("|");
  });

  it("reads two rows under a header of one-word labels set an em apart as a table, without bold or numbers", () => {
    const out = md([
      ...lines(["This is the first paragraph."], 57, 86),
      item("A", 58, 110),
      item("B", 110, 110),
      item("Apples", 58, 127),
      item("Pears", 110, 127),
      ...lines(["After the table."], 57, 142),
    ]);
    expect(out.split("\n\n")[1]).toBe("| A | B |\n| --- | --- |\n| Apples | Pears |");
  });

  it("does not read two short lines as a table when the first one's pieces are longer than two words", () => {
    const out = md([item("See the notes", 58, 110), item("below", 160, 110), item("Apples and", 58, 127), item("pears", 160, 127)]);
    expect(out).not.toContain("|");
  });

  it("groups a cell of three lines beside a one-line cell set on its middle line into one row", () => {
    const out = md([
      ...lines(["This is the first paragraph."], 57, 40),
      item("A", 58, 69),
      item("B", 138.5, 69),
      item("First Line", 58, 100),
      item("Second Line", 58, 114),
      item("2...", 138.5, 114),
      item("Third Line", 58, 128),
      ...lines(["After table"], 57, 157.6),
    ]);
    expect(out.split("\n\n")).toEqual([
      "This is the first paragraph.",
      "| A | B |\n| --- | --- |\n| First Line Second Line Third Line | 2... |",
      "After table",
    ]);
  });

  it("takes lines set apart above the first row that fill both columns as its header row (a heading and text beside a centred label)", () => {
    const out = md([
      item("Main Title", 57, 63, 24, { bold: true }),
      ...lines(["Before the table"], 57, 86),
      item("A", 58, 126, 18, { bold: true }),
      item("B", 95, 136),
      item("text", 58, 147),
      item("1...", 58, 178),
      item("2...", 95, 178),
      item("Section After", 57, 210, 18, { bold: true }),
      ...lines(["After the table"], 57, 231),
    ]);
    expect(out.split("\n\n").slice(1, 4)).toEqual(["Before the table", "| A text | B |\n| --- | --- |\n| 1... | 2... |", "## Section After"]);
  });

  it("leaves a short heading set apart above a table out of it (it fills one column only)", () => {
    const row = (cells: string[], top: number) => cells.map((t, i) => item(t, [72, 126, 180][i], top));
    const out = md([
      item("Stock", 72, 100, 14, { bold: true }),
      ...row(["It-1", "Marigold", "5"], 130),
      ...row(["It-2", "Lavender", "12"], 147),
      ...row(["It-3", "Primrose", "7"], 164),
    ]);
    expect(out.split("\n\n")[0]).toBe("# Stock");
  });
});

describe("cells that pdf.js ran together, split where their items stand", () => {
  it("splits a row at the item that starts exactly at a column's start, where the estimate per character misses it", () => {
    // HTML table rendered by LibreOffice: "Inline code cell" ends 4.8 pt before the code "inline_fn()" (in a
    // wider font), less than a segment gap: one run, whose second cell starts at 155.8 like the others.
    const row = (a: string, b: string, top: number) => [item(a, 58.2, top), item(b, 155.8, top)];
    const out = md([
      item("Name", 86.1, 41, 12, { bold: true }),
      item("Links", 244.8, 41, 12, { bold: true }),
      ...row("Multi-link cell", "See Page A and Page B for details.", 72),
      ...row("Plain cell", "Just text", 103),
      ...row("Formatted cell", "Bold and italic text", 134),
      item("Inline code cell", 58.2, 165, 12, { width: 92.8 }),
      item("inline_fn()", 155.8, 165, 12, { width: 79.4 }),
      item("Block code cell", 58.2, 196, 12, { width: 91.7 }),
      item("do_thing()", 155.8, 196, 12, { width: 72.2 }),
      ...lines(["Outro paragraph."], 56.8, 256),
    ]);
    expect(out.split("\n\n")[0].split("\n").slice(-2)).toEqual(["| Inline code cell | inline_fn() |", "| Block code cell | do_thing() |"]);
  });
});

describe("unruled tables with group headers", () => {
  it("keeps the columns under a header that spans two of them, and repeats the header over both", () => {
    const xs = [60, 220, 290, 360, 430];
    const row = (cells: string[], top: number) => cells.map((t, i) => item(t, xs[i], top, 10));
    const out = md([
      item("Site", 60, 100, 10),
      item("Fused oxide", 222, 114, 10, { width: 90 }),
      item("Silicon carbide", 362, 114, 10, { width: 90 }),
      ...row(["", "2009", "2010", "2009", "2010"].slice(1), 128).map((it, i) => ({ ...it, transform: [10, 0, 0, 10, xs[i + 1], it.transform[5]] })),
      ...row(["North", "60,400", "60,400", "42,600", "42,600"], 142),
      ...row(["South", "50,000", "50,000", "5,000", "5,000"], 156),
      ...row(["East", "40,000", "40,000", "16,000", "16,000"], 170),
    ]);
    const table = out.split("\n").filter((l) => l.startsWith("|"));
    expect(table).toContain("|  | Fused oxide | Fused oxide | Silicon carbide | Silicon carbide |");
    expect(table).toContain("| North | 60,400 | 60,400 | 42,600 | 42,600 |");
  });

  it("reads group headers under the table's first row as header rows, not as cells closing the body's gutters", () => {
    const xs = [60, 220, 290, 360, 430, 500];
    const row = (cells: string[], top: number) => cells.map((t, i) => item(t, xs[i], top, 10));
    const out = md([
      item("Site", 60, 100, 10),
      item("Total", 500, 100, 10),
      item("Fused oxide", 222, 114, 10, { width: 90 }),
      item("Silicon carbide", 362, 114, 10, { width: 90 }),
      ...["2009", "2010", "2009", "2010"].map((t, i) => item(t, xs[i + 1], 128, 10)),
      ...row(["North", "60,400", "60,400", "42,600", "42,600", "206,000"], 142),
      ...row(["South", "50,000", "50,000", "5,000", "5,000", "110,000"], 156),
      ...row(["East", "40,000", "40,000", "16,000", "16,000", "112,000"], 170),
    ]);
    const table = out.split("\n").filter((l) => l.startsWith("|"));
    expect(table).toContain("|  | Fused oxide | Fused oxide | Silicon carbide | Silicon carbide |  |");
    expect(table).toContain("| North | 60,400 | 60,400 | 42,600 | 42,600 | 206,000 |");
  });
});

describe("unruled tables: header cells run together over a row-spanning label", () => {
  it("splits header cells that pdf.js ran together where a word starts at a column's edge, not taking them for a group header", () => {
    // "Revenue Cost" is one run whose "Cost" starts at the last column's edge; the year spans the rows
    // (written once, in the middle), so the row under the header leaves the first column empty.
    const xs = [60, 120, 200, 260];
    const row = (cells: string[], top: number) => cells.flatMap((t, i) => (t ? [item(t, xs[i], top, 10)] : []));
    const out = md([
      item("Year", 60, 100, 10),
      item("Month", 120, 100, 10),
      item("Revenue Cost", 200, 100, 10, { width: 90 }),
      ...row(["", "January", "$134", "$162"], 114),
      ...row(["", "February", "$150", "$155"], 128),
      ...row(["2025", "March", "$160", "$143"], 142),
      ...row(["", "April", "$210", "$150"], 156),
      ...row(["", "May", "$280", "$120"], 170),
    ]);
    const table = out.split("\n").filter((l) => l.startsWith("|"));
    expect(table[0]).toBe("| Year | Month | Revenue | Cost |");
  });
});

describe("small tables and marginal notes (issue 14, born-digital)", () => {
  it("reads a small table of a name column and a right-aligned number column under a word header as a table", () => {
    // LaTeX's tabular inside a paragraph: no rules, three rows, the numbers right-aligned under "Value".
    // Widths as set in the PDF: the names' right edges and the column's centres do not line up.
    const cell = (t: string, x: number, width: number, top: number) => item(t, x, top, 10, { width });
    const out = md([
      ...lines(["Small images may be shown inline and small tables may be shown within", "the paragraph:"], 72, 60),
      cell("Example", 160, 36, 100),
      cell("Name", 151, 26, 114),
      cell("Value", 188, 25, 114),
      cell("This", 151, 20, 128),
      cell("11", 203, 10, 128),
      cell("That", 151, 21, 142),
      cell("2", 208, 5, 142),
      ...lines(["Larger figures such as Figure 1 are usually placed in a float to be set."], 72, 170),
    ]);
    expect(out).toContain(["| Name | Value |", "| --- | --- |", "| This | 11 |", "| That | 2 |"].join("\n"));
  });

  it("reads a marginal note beside a paragraph as a note after the paragraph, never as a table", () => {
    const note = ["Marginal", "notes are", "usually", "placed in", "the outer", "margin."];
    const body = [
      "Larger figures such as Figure 1 are usually placed in a float to",
      "be positioned at a suitable place to help with column and page",
      "breaking, as the reader expects of a book set with some care.",
    ];
    const out = md([
      item("Floats", 110, 60, 16, { bold: true }),
      ...lines(body, 110, 90),
      ...lines(note, 30, 90),
      ...lines(["The next paragraph goes on in the text column alone, well below the note."], 110, 190),
    ]);
    expect(out).not.toContain("|");
    const paras = out.split("\n\n");
    expect(paras[1]).toBe(body.join(" "));
    expect(paras).toContain("Marginal notes are usually placed in the outer margin.");
    expect(paras.indexOf("Marginal notes are usually placed in the outer margin.")).toBeGreaterThan(1);
  });
});
