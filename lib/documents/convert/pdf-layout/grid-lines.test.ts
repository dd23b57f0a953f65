import { describe, expect, it } from "vitest";
import { item, md, rule } from "./test-items";

// Ruled columns with rules only around the header and at the foot (issue 14, class 5: scientific tables).
const hLines = (ys: number[], x0: number, x1: number) => ys.map((y) => rule(x0, y, x1, y));
const vLines = (xs: number[], y0: number, y1: number) => xs.map((x) => rule(x, y0, x, y1));
const rules = [...hLines([100, 120, 190], 57, 400), ...vLines([57, 200, 300, 400], 100, 190)];
const header = [item("Method", 60, 114), item("IIIT5K", 210, 114), item("SVT", 310, 114)];

describe("ruled tables with one ruled row for the whole body", () => {
  it("reads each line of figures as a row of its own", () => {
    const body = [
      ["Only ASRN", "84.2", "-"],
      ["MORAN without FP", "89.7", "87.3*"],
      ["MORAN with FP", "91.2 90.1", "88.3"],
    ].flatMap(([a, b, c], i) => [item(a, 60, 136 + 14 * i), item(b, 210, 136 + 14 * i), item(c, 310, 136 + 14 * i)]);
    expect(md([...header, ...body], rules)).toBe(
      [
        "| Method | IIIT5K | SVT |",
        "| --- | --- | --- |",
        "| Only ASRN | 84.2 | - |",
        "| MORAN without FP | 89.7 | 87.3* |",
        "| MORAN with FP | 91.2 90.1 | 88.3 |",
      ].join("\n"),
    );
  });

  it("keeps text that wraps in its cells as one row", () => {
    const body = [
      ["Trained end to", "long description", "and more"],
      ["end on synthetic", "that wraps onto", "words here"],
    ].flatMap(([a, b, c], i) => [item(a, 60, 136 + 14 * i), item(b, 210, 136 + 14 * i), item(c, 310, 136 + 14 * i)]);
    expect(md([...header, ...body], rules)).toBe(
      [
        "| Method | IIIT5K | SVT |",
        "| --- | --- | --- |",
        "| Trained end to end on synthetic | long description that wraps onto | and more words here |",
      ].join("\n"),
    );
  });

  it("reads group labels beside no figures as rows of their own, each line of figures as a row", () => {
    const body = [
      ["All children:", "", ""],
      ["3-year-olds", "", ""],
      ["Head Start", "85.1%", "14.9%"],
      ["Control", "17.3%", "82.7%"],
      ["4-year-olds", "", ""],
      ["Head Start", "79.8%", "20.2%"],
    ].flatMap(([a, b, c], i) => [item(a, 60, 136 + 14 * i), ...(b ? [item(b, 210, 136 + 14 * i), item(c, 310, 136 + 14 * i)] : [])]);
    const tall = [...hLines([100, 120, 230], 57, 400), ...vLines([57, 200, 300, 400], 100, 230)];
    expect(md([...header, ...body], tall)).toBe(
      [
        "| Method | IIIT5K | SVT |",
        "| --- | --- | --- |",
        "| All children: |  |  |",
        "| 3-year-olds |  |  |",
        "| Head Start | 85.1% | 14.9% |",
        "| Control | 17.3% | 82.7% |",
        "| 4-year-olds |  |  |",
        "| Head Start | 79.8% | 20.2% |",
      ].join("\n"),
    );
  });

  it("parts rows of wrapped text a blank line apart, each opening with a label in the first column", () => {
    const block = (top: number, label: string, a: string[], b: string[]) => [
      item(label, 60, top),
      ...a.map((t, i) => item(t, 210, top + 12 * i, 10)),
      ...b.map((t, i) => item(t, 310, top + 12 * i, 10)),
    ];
    const body = [
      ...block(136, "Major", ["Ten tons a", "year or more"], ["Utilities,", "refineries"]),
      ...block(172, "Area", ["Less than", "ten tons"], ["Dry cleaners,", "gas stations"]),
    ];
    const tall = [...hLines([100, 120, 200], 57, 400), ...vLines([57, 200, 300, 400], 100, 200)];
    expect(md([...header, ...body], tall)).toBe(
      [
        "| Method | IIIT5K | SVT |",
        "| --- | --- | --- |",
        "| Major | Ten tons a year or more | Utilities, refineries |",
        "| Area | Less than ten tons | Dry cleaners, gas stations |",
      ].join("\n"),
    );
  });

  it("keeps paragraphs a blank line apart inside one cell in one row", () => {
    const body = [
      item("First paragraph", 60, 136),
      item("Second paragraph", 60, 148),
      item("Third paragraph", 60, 172),
      item("Simple text", 210, 136),
    ];
    const tall = [...hLines([100, 120, 190], 57, 400), ...vLines([57, 200, 300, 400], 100, 190)];
    expect(md([...header, ...body], tall).split("\n")[2]).toBe("| First paragraph Second paragraph Third paragraph | Simple text |  |");
  });
});
