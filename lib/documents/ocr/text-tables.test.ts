import { describe, expect, it } from "vitest";
import { fillRowLabels, isNumbering, type TextWord, textTables, visualLines } from "./text-tables";

/** Words of one line: [text, x0] pairs at y, 10 px per character, 20 px tall. */
function line(y: number, ...cells: [string, number][]): TextWord[] {
  const out: TextWord[] = [];
  for (const [text, x] of cells) {
    let at = x;
    for (const w of text.split(" ")) {
      out.push({ text: w, bbox: { x0: at, y0: y, x1: at + 10 * w.length, y1: y + 20 } });
      at += 10 * w.length + 6;
    }
  }
  return out;
}

describe("unruled tables from whitespace-aligned OCR words", () => {
  it("finds the columns of a table without rules: left-aligned header over right-aligned figures", () => {
    const words = [
      ...line(0, ["Number of freshwater ducks per year", 100]),
      ...line(60, ["Year", 100], ["Freshwater Ducks", 300]),
      ...line(90, ["2019", 160], ["120", 440]),
      ...line(120, ["2020", 160], ["135", 440]),
      ...line(150, ["2021", 160], ["150", 440]),
      ...line(400, ["Page 1", 300]),
    ];
    const [t, ...more] = textTables(words);
    expect(more).toEqual([]);
    expect(t.rows).toEqual([
      ["Year", "Freshwater Ducks"],
      ["2019", "120"],
      ["2020", "135"],
      ["2021", "150"],
    ]);
    // the title and the page number stay text
    expect(t.words.map((w) => w.text)).not.toContain("Number");
    expect(t.words.map((w) => w.text)).not.toContain("Page");
  });

  it("keeps the columns under a group header, repeated over each column it spans", () => {
    const words = [
      ...line(0, ["Fused oxide", 387], ["Silicon carbide", 647]),
      ...line(30, ["2009", 360], ["2010", 480], ["2009", 640], ["2010", 760]),
      ...line(60, ["North", 100], ["60,400", 340], ["60,400", 460], ["42,600", 620], ["42,600", 740]),
      ...line(90, ["South", 100], ["50,000", 340], ["50,000", 460], ["5,000", 630], ["5,000", 750]),
      ...line(120, ["East", 100], ["40,000", 340], ["40,000", 460], ["16,000", 620], ["16,000", 740]),
    ];
    const [t] = textTables(words);
    expect(t.rows).toEqual([
      ["", "Fused oxide", "Fused oxide", "Silicon carbide", "Silicon carbide"],
      ["", "2009", "2010", "2009", "2010"],
      ["North", "60,400", "60,400", "42,600", "42,600"],
      ["South", "50,000", "50,000", "5,000", "5,000"],
      ["East", "40,000", "40,000", "16,000", "16,000"],
    ]);
  });

  it("keeps the columns when a cell's text runs into the next column on one line (overflowing, run together)", () => {
    const row = (y: number, name: string, nr: string) => line(y, [name, 100], [nr, 500], ["55.55", 700]);
    const words = [
      ...line(0, ["Name", 100], ["Number", 500], ["Ref", 700]),
      ...row(40, "Forster, Mark", "11111111111"),
      ...row(80, "Horn, Ein", "12111111111"),
      ...line(120, ["Ackermann Extremely Long Name GmbH 20 111111111", 100], ["55.55", 700]),
      ...row(160, "SUS GmbH", "13111111111"),
    ];
    const [t] = textTables(words);
    expect(t.rows.map((r) => r.length)).toEqual([3, 3, 3, 3, 3]);
    expect(t.rows[2]).toEqual(["Horn, Ein", "12111111111", "55.55"]);
    expect(t.rows[3][1]).toMatch(/111111111$/);
    expect(t.rows[3][2]).toBe("55.55");
  });

  it("keeps a line that fills one column under the table as a row (a total)", () => {
    const words = [
      ...line(0, ["Item", 100], ["Price", 700]),
      ...line(40, ["Website design", 100], ["$300.00", 670]),
      ...line(80, ["Hosting (3 months)", 100], ["$75.00", 680]),
      ...line(120, ["Total: $385.00", 600]),
    ];
    expect(textTables(words)[0].rows).toEqual([
      ["Item", "Price"],
      ["Website design", "$300.00"],
      ["Hosting (3 months)", "$75.00"],
      ["", "Total: $385.00"],
    ]);
  });

  it("joins a wrapped cell line to the row above", () => {
    const words = [
      ...line(0, ["Description", 100], ["Qty", 500], ["Amount", 700]),
      ...line(40, ["Consulting services for", 100], ["2", 520], ["1,200.00", 700]),
      ...line(62, ["the month of May", 100]),
      ...line(100, ["Travel", 100], ["1", 520], ["80.00", 720]),
    ];
    expect(textTables(words)[0].rows).toEqual([
      ["Description", "Qty", "Amount"],
      ["Consulting services for the month of May", "2", "1,200.00"],
      ["Travel", "1", "80.00"],
    ]);
  });

  it("leaves two columns of prose and side-by-side addresses as text", () => {
    const prose: TextWord[] = [];
    for (let i = 0; i < 8; i++) {
      prose.push(...line(i * 30, ["the quick brown fox jumps over the lazy dog", 100], ["and the lazy dog sleeps all day in the sun", 700]));
    }
    expect(textTables(prose)).toEqual([]);
    const addresses = [
      ...line(0, ["Sparksuite, Inc.", 100], ["Acme Corp.", 700]),
      ...line(30, ["12345 Sunny Road", 100], ["John Doe", 720]),
      ...line(60, ["Sunnyville, CA 12345", 100], ["john@example.com", 650]),
    ];
    expect(textTables(addresses)).toEqual([]);
  });

  it("separates tables far apart on the page", () => {
    const words = [
      ...line(0, ["Year", 100], ["Count", 400]),
      ...line(30, ["2019", 100], ["12", 420]),
      ...line(60, ["2020", 100], ["14", 420]),
      ...line(600, ["Month", 100], ["Total", 400]),
      ...line(630, ["Jan", 100], ["3", 430]),
      ...line(660, ["Feb", 100], ["4", 430]),
    ];
    expect(textTables(words).map((t) => t.rows[0])).toEqual([
      ["Year", "Count"],
      ["Month", "Total"],
    ]);
  });

  it("follows skewed lines when grouping words into lines", () => {
    const words: TextWord[] = [];
    // two lines drifting down 2 px per word (about 1°), 24 px apart
    for (let i = 0; i < 10; i++) {
      words.push({ text: `a${i}`, bbox: { x0: 100 + 60 * i, y0: 2 * i, x1: 150 + 60 * i, y1: 2 * i + 20 } });
      words.push({ text: `b${i}`, bbox: { x0: 100 + 60 * i, y0: 24 + 2 * i, x1: 150 + 60 * i, y1: 44 + 2 * i } });
    }
    const lines = visualLines(words);
    expect(lines).toHaveLength(2);
    expect(lines[0].map((w) => w.text)).toEqual(Array.from({ length: 10 }, (_, i) => `a${i}`));
  });

  it("a first column of list or section numbers beside their text is a numbered list, not a table of figures", () => {
    expect(isNumbering(["2.2", "3.", "3.1"])).toBe(true);
    expect(isNumbering(["1.", "2.", "3."])).toBe(true);
    expect(isNumbering(["4", "10", "2"])).toBe(false); // quantities, not in order
    expect(isNumbering(["2019", "2020"])).toBe(false); // years
    expect(isNumbering(["2,", "2.1", "2.2", "3.", "3.1"])).toBe(true); // "2," is "2." misread
    const words = [
      ...line(0, ["2.2", 100], ["Kitchen Tasks", 180]),
      ...line(40, ["3.", 100], ["WORKSHOP AND TOOL SHED", 180]),
      ...line(80, ["3.1", 100], ["Bench Setup", 180]),
    ];
    expect(textTables(words)).toEqual([]);
    // the same layout with amounts in the first column is a table
    const priced = [
      ...line(0, ["12.50", 100], ["Kitchen Tasks", 180]),
      ...line(40, ["3.20", 100], ["Workshop", 180]),
      ...line(80, ["8.75", 100], ["Bench Setup", 180]),
    ];
    expect(textTables(priced)).toHaveLength(1);
  });

  it("keeps a table whose rows are set far apart (three line heights of padding between rows)", () => {
    // an HTML or spreadsheet table printed with cell padding: rows 75 px apart for 20 px tall text
    const words = [
      ...line(0, ["Name", 100], ["Habitat", 400], ["Comment", 700]),
      ...line(75, ["Wood Duck", 100], ["Often seen near ponds.", 700]),
      ...line(150, ["Mallard", 100], ["Ponds, lakes, rivers", 400], ["Quack", 700]),
      ...line(225, ["Goose", 100], ["Water", 400], ["Loud", 700]),
      ...line(400, ["A paragraph after the table, far below it.", 100]),
    ];
    const [t, ...more] = textTables(words);
    expect(more).toEqual([]);
    expect(t.rows).toEqual([
      ["Name", "Habitat", "Comment"],
      ["Wood Duck", "", "Often seen near ponds."],
      ["Mallard", "Ponds, lakes, rivers", "Quack"],
      ["Goose", "Water", "Loud"],
    ]);
  });

  it("does not join two far-apart lines whose columns do not line up", () => {
    const words = [...line(0, ["Name", 100], ["Habitat", 400]), ...line(75, ["Wood Duck", 250], ["Often seen", 700])];
    expect(textTables(words)).toEqual([]);
  });

  it("splits rows at narrow gutters that line up with the header's column gaps", () => {
    // cells set close together: words 12 px apart inside a cell, 18 px (under a line height) between cells,
    // under a header whose column titles stand well apart; rows 2.5 line heights apart
    const row = (y: number, ...cells: string[]) => {
      const out: TextWord[] = [];
      let at = 100;
      for (const cell of cells) {
        for (const w of cell.split(" ")) {
          out.push({ text: w, bbox: { x0: at, y0: y, x1: at + 10 * w.length, y1: y + 20 } });
          at += 10 * w.length + 12;
        }
        at += 18 - 12;
      }
      return out;
    };
    const words = [
      ...line(0, ["Header 1", 100], ["Header 2", 250], ["Header 3", 400]),
      ...row(70, "Row 1, Col 1", "Row 1, Col 2", "Row 1, Col 3"),
      ...row(140, "Row 2, Col 1", "Row 2, Col 2", "Row 2, Col 3"),
      ...row(210, "Row 3, Col 1", "Row 3, Col 2", "Row 3, Col 3"),
    ];
    const [t, ...more] = textTables(words);
    expect(more).toEqual([]);
    expect(t.rows).toEqual([
      ["Header 1", "Header 2", "Header 3"],
      ["Row 1, Col 1", "Row 1, Col 2", "Row 1, Col 3"],
      ["Row 2, Col 1", "Row 2, Col 2", "Row 2, Col 3"],
      ["Row 3, Col 1", "Row 3, Col 2", "Row 3, Col 3"],
    ]);
  });

  it("does not split a sentence under a two-column line at its word gaps", () => {
    const words = [
      ...line(0, ["Name", 100], ["Links", 400]),
      ...line(30, ["Wood Duck", 100], ["See page A", 400]),
      ...line(60, ["This is a long sentence of running text under the table that goes on.", 100]),
    ];
    const tables = textTables(words);
    expect(tables.flatMap((t) => t.words.map((w) => w.text))).not.toContain("sentence");
  });

  it("leaves a numbered list with loosely spaced items as text (markers beside items are not a column)", () => {
    const words = [
      ...line(0, ["Test", 100], ["2:", 160]),
      ...line(75, ["1.", 100], ["List item a", 160]),
      ...line(150, ["I.", 100], ["List item b", 160]),
      ...line(225, ["3.", 100], ["List item c", 160]),
    ];
    expect(textTables(words)).toEqual([]);
  });

  it("cuts a row once per column gap, at its widest word gap, and keeps a caption centred above out of the header", () => {
    // words 12 px apart inside cells (0.6 line heights), a cell gutter of 14-18 px; rows 3 line heights apart
    const cells = (y: number, ...parts: [string, number][]) => {
      const out: TextWord[] = [];
      for (const [text, x] of parts) {
        let at = x;
        for (const w of text.split(" ")) {
          out.push({ text: w, bbox: { x0: at, y0: y, x1: at + 10 * w.length, y1: y + 20 } });
          at += 10 * w.length + 12;
        }
      }
      return out;
    };
    const words = [
      ...cells(-32, ["Basic duck facts", 520]),
      ...cells(0, ["Name", 100], ["Habitat", 400], ["Comment", 700]),
      ...cells(80, ["Wood Duck", 100], ["Often seen", 700]),
      ...cells(160, ["Mallard", 100], ["Ponds, lakes, rivers", 400], ["Quack", 656]),
      ...cells(240, ["Goose (not a duck!)", 100], ["Water & wetlands", 310], ["Loud", 700]),
    ];
    const [t, ...more] = textTables(words);
    expect(more).toEqual([]);
    expect(t.rows).toEqual([
      ["Name", "Habitat", "Comment"],
      ["Wood Duck", "", "Often seen"],
      ["Mallard", "Ponds, lakes, rivers", "Quack"],
      ["Goose (not a duck!)", "Water & wetlands", "Loud"],
    ]);
    expect(t.words.map((w) => w.text)).not.toContain("Basic");
  });

  it("makes two spaced columns of short labels and text a table, but not spaced bullets or a form's Key: lines", () => {
    const rows = (cells: [string, string][]) => cells.flatMap(([a, b], i) => line(i * 60, [a, 100], [b, 400]));
    const [t, ...more] = textTables([
      ...rows([
        ["Name", "Links"],
        ["Multi-link cell", "See page A and page B for details."],
        ["Plain cell", "Just text"],
        ["Formatted cell", "Bold and italic text"],
      ]),
      ...line(240, ["A paragraph after the table, across both of its columns and beyond.", 100]),
    ]);
    expect(more).toEqual([]);
    expect(t.rows).toEqual([
      ["Name", "Links"],
      ["Multi-link cell", "See page A and page B for details."],
      ["Plain cell", "Just text"],
      ["Formatted cell", "Bold and italic text"],
    ]);
    // a slide's spaced bullets, a form's labels, lines of a paragraph (not set apart) stay text
    const bullets: [string, string][] = [
      ["•", "First point"],
      ["e", "Second point"],
      ["•", "Third point"],
      ["o", "Fourth point"],
    ];
    expect(textTables(rows(bullets))).toEqual([]);
    const form: [string, string][] = [
      ["Name:", "John Smith"],
      ["Street:", "1 Main Road"],
      ["City:", "Springfield"],
      ["Phone:", "Unknown"],
    ];
    expect(textTables(rows(form))).toEqual([]);
    const close = [
      ["Name", "Links"],
      ["Plain cell", "Just text"],
      ["Other cell", "More text"],
      ["Last cell", "Last text"],
    ].flatMap(([a, b], i) => line(i * 25, [a, 100], [b, 400]));
    expect(textTables(close)).toEqual([]);
  });

  it("keeps rows of two-line first cells whose second cell stands on a line of its own, centred beside them", () => {
    // Genus | Species; each first cell two lines ("Aythya" / "(Diving ducks)"), the second cell between them
    // (on the first line's height for one row, on a line overlapping both for the others), rows padded apart
    const words = [
      ...line(0, ["Genus", 100], ["Species", 300]),
      ...line(70, ["Aythya", 100], ["Hawser, Common Pochard", 300]),
      ...line(88, ["(Diving ducks)", 100]),
      ...line(170, ["Lophonetta", 100]),
      ...line(181, ["Fulvous Whistling Duck", 300]),
      ...line(192, ["(Pintail group)", 100]),
      ...line(270, ["Oxyura", 100]),
      ...line(281, ["Wigee, Banded Water-screw", 300]),
      ...line(292, ["(Benthic ducks)", 100]),
      ...line(380, ["A paragraph after the table, across both of its columns and beyond.", 100]),
    ];
    const [t, ...more] = textTables(words);
    expect(more).toEqual([]);
    expect(t.rows).toEqual([
      ["Genus", "Species"],
      ["Aythya (Diving ducks)", "Hawser, Common Pochard"],
      ["Lophonetta (Pintail group)", "Fulvous Whistling Duck"],
      ["Oxyura (Benthic ducks)", "Wigee, Banded Water-screw"],
    ]);
    // a wide line starting where the second column starts, but below the last row (not beside it), and a
    // short caption centred over the column, a row's gap below, are not cells of the table
    const rowsOnly = words.slice(0, words.length - 12);
    for (const after of [line(330, ["A centred caption of the next figure here", 300]), line(362, ["Next table", 330])]) {
      const [t] = textTables([...rowsOnly, ...after]);
      expect(t.rows).toHaveLength(4);
      expect(t.words).not.toContain(after[0]);
    }
  });

  it("makes a header of labels over one row of figures a table, not a header over one row of words", () => {
    const [t, ...more] = textTables([...line(0, ["Year", 100], ["Ducks", 300]), ...line(30, ["2019", 100], ["120", 300])]);
    expect(more).toEqual([]);
    expect(t.rows).toEqual([
      ["Year", "Ducks"],
      ["2019", "120"],
    ]);
    expect(textTables([...line(0, ["Name", 100], ["Links", 300]), ...line(30, ["Plain cell", 100], ["Just text", 300])])).toEqual([]);
    expect(textTables([...line(0, ["Page", 100], ["12", 300]), ...line(30, ["2019", 100], ["120", 300])])).toEqual([]);
  });

  it("fills a first-column label set between the rows it spans into their first cells", () => {
    // "2025" centred between the rows it spans (a merged cell), on a line of its own
    const words = [
      ...line(0, ["Year", 100], ["Month", 250], ["Revenue", 400]),
      ...line(40, ["January", 250], ["$134", 400]),
      ...line(80, ["February", 250], ["$150", 400]),
      ...line(100, ["2025", 100]),
      ...line(120, ["March", 250], ["$160", 400]),
    ];
    const [t] = textTables(words);
    expect(t.rows).toEqual([
      ["Year", "Month", "Revenue"],
      ["2025", "January", "$134"],
      ["2025", "February", "$150"],
      ["2025", "March", "$160"],
    ]);
    // the nearest label wins; a section label between filled rows stays a row; the header keeps its corner
    expect(
      fillRowLabels([
        ["", "Month"],
        ["", "Jan"],
        ["Q1", ""],
        ["", "Feb"],
        ["", "Apr"],
        ["Q2", ""],
        ["", "May"],
      ]),
    ).toEqual([
      ["", "Month"],
      ["Q1", "Jan"],
      ["Q1", "Feb"],
      ["Q2", "Apr"],
      ["Q2", "May"],
    ]);
    const statement = [
      ["Item", "2024"],
      ["Current assets", ""],
      ["Cash", "10"],
      ["Stock", "5"],
    ];
    expect(fillRowLabels(statement)).toEqual(statement);
  });

  it("leaves text boxes side by side that hold lists (a slide's columns) as text", () => {
    const words = [
      ...line(0, ["Numbered:", 100], ["Some info:", 500], ["Maybe a list?", 900]),
      ...line(40, ["1. List item4", 100], ["Item A", 500], ["1.List1", 900]),
      ...line(80, ["2. List item5", 100], ["•Item B", 500], ["2.List2", 900]),
      ...line(120, ["3. List item6", 100], ["Item C", 500], ["3.List3", 900]),
    ];
    expect(textTables(words)).toEqual([]);
  });
});
