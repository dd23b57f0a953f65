import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

// A table floated into a page of prose, the text wrapping round it (issue 14, class 5; ICDAR 2013 tables):
// the prose is not the table's first column.

const PROSE = [
  "of high mercury deposition. On a",
  "nationwide basis, mercury does not",
  "appear to be a threat to this species.",
  "However, kingfishers consume more",
  "mercury on a body weight basis than",
  "any other wildlife species examined in",
  "the study, and their range overlaps the",
  "regions of deposition in the east of the",
  "country more than that of other birds.",
];

describe("prose beside a table", () => {
  it("reads the column of running text before the table, not as the table's first column", () => {
    const table: [string, string][] = [
      ["Species", "Impacted"],
      ["Kingfisher", "29%"],
      ["Bald Eagle", "34%"],
      ["Osprey", "20%"],
      ["Common Loon", "40%"],
      ["River Otter", "38%"],
    ];
    const out = md([
      ...lines(PROSE, 72, 100, 11, 13),
      ...table.flatMap(([a, b], k) => [item(a, 330, 126 + 13 * k, 11), item(b, 460, 126 + 13 * k, 11)]),
    ]);
    expect(out).toContain(
      [
        "| Species | Impacted |",
        "| --- | --- |",
        "| Kingfisher | 29% |",
        "| Bald Eagle | 34% |",
        "| Osprey | 20% |",
        "| Common Loon | 40% |",
        "| River Otter | 38% |",
      ].join("\n"),
    );
    expect(out).toContain("mercury on a body weight basis than any other wildlife species examined in the study");
  });

  it("keeps a table whose last column holds descriptions, each cell starting with a capital", () => {
    const rows: [string, string, string[]][] = [
      ["Tuition", "$900", ["The cost of taking a course varies", "from school to school and by state."]],
      ["Room", "$700", ["The cost of lodging and food varies", "from school to school in every state."]],
      ["Books", "$300", ["Books can be expensive, and school", "supplies include bags and notebooks."]],
      ["Fees", "$100", ["Fees will depend on the school you", "are attending, and on its activities."]],
    ];
    const out = md(
      rows.flatMap(([a, b, desc], k) => [
        item(a, 72, 100 + 36 * k),
        item(b, 170, 100 + 36 * k),
        ...desc.map((d, i) => item(d, 250, 100 + 36 * k + 14 * i)),
      ]),
    );
    expect(out.split("\n")[0]).toBe("| Tuition | $900 | The cost of taking a course varies from school to school and by state. |");
  });
});
