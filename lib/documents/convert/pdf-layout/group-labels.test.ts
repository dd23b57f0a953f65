import { describe, expect, it } from "vitest";
import { item, lines, md, rule } from "./test-items";

// Group labels of statistical tables (issue 14, class 5): a label standing alone in the first column heads
// the rows set under it ("Type of institution" over "Public 4-year"); it is a row of its own, not the first
// line of its first member's label.

describe("group labels in a table without rules", () => {
  const row = (label: string, x: number, top: number, a?: string, b?: string) => [
    item(label, x, top),
    ...(a && b ? [item(a, 250, top), item(b, 330, top)] : []),
  ];
  const intro = lines(["Percentage who borrowed and average amount, by characteristics of the students."], 72, 60);

  it("reads a label set left of the rows above and below it as a row of its own", () => {
    const out = md([
      ...intro,
      ...["Characteristic", "Percent", "Amount"].map((t, i) => item(t, [72, 250, 330][i], 100, 12, { bold: true })),
      ...row("Total", 84, 128, "44.8", "33,200"),
      ...row("Type of institution", 72, 156),
      ...row("Public 4-year", 84, 170, "44.4", "31,200"),
      ...row("Private 4-year", 84, 184, "45.9", "36,600"),
      ...row("Field of study", 72, 212),
      ...row("Business", 84, 226, "34.3", "28,700"),
      ...row("Education", 84, 240, "34.3", "23,000"),
    ]);
    expect(out.split("\n\n")[1].split("\n").slice(2)).toEqual([
      "| Total | 44.8 | 33,200 |",
      "| Type of institution |  |  |",
      "| Public 4-year | 44.4 | 31,200 |",
      "| Private 4-year | 45.9 | 36,600 |",
      "| Field of study |  |  |",
      "| Business | 34.3 | 28,700 |",
      "| Education | 34.3 | 23,000 |",
    ]);
  });

  it("keeps a label wrapped with a hanging indent, its figures on its last line, as one row", () => {
    const out = md([
      ...intro,
      ...["Characteristic", "Percent", "Amount"].map((t, i) => item(t, [72, 250, 330][i], 100, 12, { bold: true })),
      ...row("Hispanic", 84, 128, "7.7", "966"),
      ...row("Asian", 84, 156, "4.3", "174"),
      ...row("American Indian/", 84, 184),
      ...row("Alaska Native", 96, 198, "7.2", "51"),
      ...row("White", 84, 226, "4.0", "3,174"),
    ]);
    expect(out.split("\n\n")[1]).toContain("| American Indian/Alaska Native | 7.2 | 51 |");
  });
});

describe("group labels in a ruled table", () => {
  const hLines = (ys: number[]) => ys.map((y) => rule(57, y, 400, y));
  const vLines = (y1: number) => [57, 200, 300, 400].map((x) => rule(x, 100, x, y1));
  const header = [item("Source", 60, 114), item("Definition", 210, 114), item("Examples", 310, 114)];
  const block = (top: number, label: string, a: string[], b: string[]) => [
    item(label, 60, top),
    ...a.map((t, i) => item(t, 210, top + 12 * i, 10)),
    ...b.map((t, i) => item(t, 310, top + 12 * i, 10)),
  ];

  it("parts a label alone on the first line of a ruled row from the blocks of rows under it", () => {
    const body = [
      item("Stationary:", 60, 136),
      ...block(160, "Major", ["Ten tons a", "year or more"], ["Utilities,", "refineries"]),
      ...block(196, "Area", ["Less than", "ten tons"], ["Dry cleaners,", "gas stations"]),
    ];
    expect(md([...header, ...body], [...hLines([100, 120, 224]), ...vLines(224)])).toBe(
      [
        "| Source | Definition | Examples |",
        "| --- | --- | --- |",
        "| Stationary: |  |  |",
        "| Major | Ten tons a year or more | Utilities, refineries |",
        "| Area | Less than ten tons | Dry cleaners, gas stations |",
      ].join("\n"),
    );
  });

  it("keeps two lines of text in the first column over a blank line in the cell they open", () => {
    const body = [
      item("Implement roles and", 60, 136),
      item("separation of duties", 60, 148),
      ...block(172, "Protect columns", ["This paper is", "intended for"], ["Redbooks are", "developed by"]),
    ];
    const out = md([...header, ...body], [...hLines([100, 120, 200]), ...vLines(200)]);
    expect(out.split("\n").slice(2)).toEqual([
      "| Implement roles and separation of duties Protect columns | This paper is intended for | Redbooks are developed by |",
    ]);
  });
});
