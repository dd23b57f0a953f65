import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

// Tables of contents and indexes (issue 14, classes 4/5): entries end with a dot leader and a page number.
// Each entry is a line of text as printed, leader and page number included (the way opendataloader-bench's
// ground truth and a document's own tags read them), not a table: no entry a heading, no two entries run together.
const leader = (text: string, page: string, width = 60) => `${text} ${". ".repeat(Math.max(4, Math.floor((width - text.length) / 2)))}${page}`;
const prose = (top: number) =>
  lines(["Body text of the manual that is long enough to be ordinary running text here.", "And a second line of it."], 72, top, 10, 12);

describe("tables of contents", () => {
  it("reads each entry as a line of its own, chapter numbers in the entry, and no entry as a heading", () => {
    const out = md([
      ...prose(60),
      item("Table of Contents", 72, 110, 17, { bold: true }),
      item("1", 72, 150, 14, { bold: true }),
      item(leader("Introduction", "1"), 90, 150, 14),
      item("2", 72, 184, 14, { bold: true }),
      item(leader("Structure handling", "2"), 90, 184, 14),
      item(leader("2.1 Syntax", "2"), 105, 200, 10),
      item(leader("2.2 Naming", "3"), 105, 213, 10),
      item("3", 72, 243, 14, { bold: true }),
      item(leader("Utilities", "5"), 90, 243, 14),
      item(leader("3.1 Invoking the parser", "5"), 105, 259, 10),
      ...prose(300),
    ]);
    const headings = out.split("\n\n").filter((p) => p.startsWith("#"));
    expect(headings).toEqual(["# Table of Contents"]);
    expect(out).not.toContain("|");
    const entries = out.split("\n\n").slice(2, -1);
    expect(entries.map((r) => r.replace(/ \.(?: \.)+ /, " … ").replaceAll("**", ""))).toEqual([
      "1 Introduction … 1",
      "2 Structure handling … 2",
      "2.1 Syntax … 2",
      "2.2 Naming … 3",
      "3 Utilities … 5",
      "3.1 Invoking the parser … 5",
    ]);
  });

  it("reads an index set in two columns column by column, one entry a row", () => {
    const left = ["array2tree", "bit_der", "check_version", "copy_node", "create_element", "decode_ber"];
    const right = ["get_bit_der", "get_length", "get_tag", "length_der", "read_value", "write_value"];
    const out = md([
      ...prose(60),
      item("Function Index", 72, 110, 17, { bold: true }),
      ...left.flatMap((t, i) => [
        item(leader(t, `${i + 9}`, 40), 72, 140 + i * 10.5, 9),
        item(leader(right[i], `${i + 17}`, 40), 315, 140 + i * 10.5, 9),
      ]),
    ]);
    const order = [...left, ...right].map((t) => out.indexOf(`${t} .`));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("keeps a single entry with a leader as a line", () => {
    const out = md([...prose(60), item(leader("Appendix", "12"), 72, 110, 10), ...prose(140)]);
    expect(out).not.toContain("|");
    expect(out).toContain("Appendix . .");
  });

  it("keeps entries set at the body's leading apart from each other and from the text after them", () => {
    const out = md([...prose(60), item(leader("Preface", "ix"), 72, 110, 10), item(leader("Authors", "xi"), 72, 123, 10), ...prose(150)]);
    const blocks = out.split("\n\n");
    expect(blocks.slice(1, 3).map((r) => r.replace(/ \.(?: \.)+ /, " … "))).toEqual(["Preface … ix", "Authors … xi"]);
    expect(blocks[3]).toMatch(/^Body text/);
  });

  it("does not test paragraphs longer than an entry (a hostile run of leader dots costs the pattern quadratic time)", () => {
    const out = md([...prose(60), item(leader("Preface", "ix", 1200), 72, 110, 10), item(leader("Authors", "xi", 1200), 72, 123, 10), ...prose(150)]);
    expect(out).not.toContain("| Preface");
    expect(out).toContain("Preface . .");
  });
});

describe("tables of contents without leaders", () => {
  const entries: [string, string][] = [
    ["3.1 Einleitung", "2"],
    ["3.2 Konzeptioneller Ansatz", "2"],
    ["3.2.1 Die Ansätze im kurzen Vergleich", "3"],
    ["3.3 Vorüberlegungen und Rahmenkriterien", "4"],
    ["3.3.1 Welche Dokumente sollen barrierefrei werden?", "4"],
    ["3.4 Grundlegende technische Möglichkeiten", "11"],
  ];
  const page = (rows: [string, string][]) =>
    md([
      ...prose(60),
      item("Inhalt", 72, 100, 17, { bold: true }),
      ...rows.flatMap(([t, p], i) => [item(t, 72, 130 + 14 * i, 10), item(p, 520, 130 + 14 * i, 10)]),
      ...prose(240),
    ]);

  it("reads entries whose page numbers stand at the right margin as lines, not an entry | page table", () => {
    const out = page(entries);
    expect(out).not.toContain("|");
    expect(out).toContain("3.2.1 Die Ansätze im kurzen Vergleich 3");
  });

  it("keeps a table whose last column goes down, or holds figures, a table", () => {
    const falling = entries.map(([t], i) => [t, String(40 - 5 * i)] as [string, string]);
    expect(page(falling)).toContain("| 3.1 Einleitung | 40 |");
    const money = entries.map(([t], i) => [t, `${i + 1}.50`] as [string, string]);
    expect(page(money)).toContain("| 3.1 Einleitung | 1.50 |");
  });
});
