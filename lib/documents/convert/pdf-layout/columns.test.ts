import { describe, expect, it } from "vitest";
import { item, justified, lines, md } from "./test-items";

// Two-column pages whose left column is mostly not running text (issue 14, class 3).
describe("two-column pages", () => {
  it("reads a paper's columns as columns when the left one holds display maths, a heading and paragraph ends", () => {
    const left = [
      item("E[1vul(p+c+s)] .", 160, 100, 10),
      item("A high ratio indicates that the engine is more likely to", 60, 116, 10),
      item("produce unsafe code.", 60, 128, 10),
      item("3. Threat Model", 60, 142, 10, { bold: true }),
      item("In this section we present our threat model, detailing", 60, 156, 10),
      item("the attacker's goal.", 60, 168, 10),
    ];
    const rightLines = [
      "of applying the function to modify the inputs to the",
      "original completion engine. While the details of acquiring",
      "such capability fall outside the scope of this work, we",
      "discuss several possible realistic scenarios. In one scenario,",
      "the attacker might set up a malicious service or plugin,",
      "with full control over the application of the function.",
    ];
    const right = rightLines.map((t, i) => item(t, 360, 100 + 12 * i, 10));
    const out = md([...left, ...right]);
    expect(out).not.toContain("|");
    const parts = out.split("\n\n");
    expect(parts).toContain("A high ratio indicates that the engine is more likely to produce unsafe code.");
    expect(parts.at(-1)).toBe(rightLines.join(" "));
  });

  it("reads a paper's two columns of one measure as columns when the right one holds headings, maths and lists but no paragraph", () => {
    // Left 72–292, right 302–522 (a LaTeX two-column page): the left column a justified abstract and a table
    // of contents with leaders; the right column a paragraph's last lines, numbered headings, display maths,
    // a list.
    const abstract = [
      "An example document showing tagging",
      "of the structures found in a document,",
      "including titles, sections and lists",
      "and mathematics. Two columns are used,",
    ];
    const left = [
      item("Abstract", 72, 100, 12, { bold: true }),
      ...abstract.flatMap((t, i) => justified(t, 72, 292, 116 + 12 * i, 10)),
      item("read through the columns.", 72, 164, 10),
      item("Contents", 72, 196, 12, { bold: true }),
      ...["Introduction", "Mathematics", "Lists", "Figures and Tables", "Theorems"].flatMap((t, i) => [
        item(`${i + 1}`, 72, 216 + 12 * i, 10),
        item(t, 87, 216 + 12 * i, 10),
        item(". . . . . . . . . .", 180, 216 + 12 * i, 10),
        item(`${i + 1}`, 287, 216 + 12 * i, 10),
      ]),
    ];
    const right = [
      ...justified("ment uses standard markup that would be", 302, 522, 100, 10),
      item("used in any document since 1980.", 302, 112, 10),
      item("2", 302, 140, 14, { bold: true }),
      item("Document structures", 325, 140, 14, { bold: true }),
      item("2.1", 302, 160, 12, { bold: true }),
      item("Mathematics", 331, 160, 12, { bold: true }),
      item("Let p be a prime, then", 302, 176, 10),
      item("np = n mod p", 380, 196, 10),
      item("An aligned set of equations:", 312, 216, 10),
      item("f(x) = sin x + cos x", 360, 232, 10),
      item("g(x) = 2 cos x", 360, 246, 10),
      ...justified("The equations run to the column's edge", 302, 522, 258, 10),
      item("Lists often occur in documents.", 302, 274, 10),
      item("• They may be unordered bullet lists", 309, 290, 10),
    ];
    const out = md([...left, ...right]);
    expect(out).not.toContain("|");
    const parts = out.split("\n\n");
    expect(parts.some((p) => p.startsWith("An example document") && p.endsWith("read through the columns."))).toBe(true);
    // the whole left column first, then the right one
    expect(out.indexOf("Theorems")).toBeLessThan(out.indexOf("ment uses"));
    expect(parts).toContain("ment uses standard markup that would be used in any document since 1980.");
    // numbered headings, each number a quad before its title, one under the other: headings, not a table
    expect(out).toMatch(/^#+ 2 Document structures$/m);
    expect(out).toMatch(/^#+ 2\.1 Mathematics$/m);
  });

  it("reads an author block of centred blocks side by side above the columns block by block, before the columns", () => {
    // Centred lines of different lengths around x = 180 (left) and x = 430 (right); two rows of blocks.
    const centred = (text: string, axis: number, top: number, size = 10) => item(text, axis - (text.length * size * 0.5) / 2, top, size);
    const block = (lines: string[], axis: number, top: number) => lines.map((t, i) => centred(t, axis, top + 12 * i, i === 0 ? 12 : 10));
    const authors = [
      ...block(["Ada Lovelace", "Analytical Society", "London, United Kingdom"], 180, 100),
      ...block(["Charles Babbage", "Difference Engine Works", "Cambridge"], 430, 100),
      ...block(["Grace Hopper", "Navy Computing Lab", "Arlington, Virginia, USA"], 180, 150),
      ...block(["Alan Turing", "Bletchley Park", "Milton Keynes"], 430, 150),
    ];
    const leftLines = [
      "Running text of the left column sets out the issue",
      "at some length, in lines that fill its measure and",
      "go on for a few lines before the paragraph ends.",
    ];
    const rightLines = [
      "Running text of the right column carries on with",
      "the method in lines as long as those on the left",
      "so the page reads as two columns of prose here.",
    ];
    const body = [...leftLines.map((t, i) => item(t, 60, 200 + 12 * i, 10)), ...rightLines.map((t, i) => item(t, 330, 200 + 12 * i, 10))];
    const out = md([item("A Paper With Four Authors", 150, 60, 17), ...authors, ...body]);
    const at = (t: string) => out.indexOf(t);
    const order = ["Ada Lovelace", "Grace Hopper", "Charles Babbage", "Alan Turing", "Running text of the left", "Running text of the right"].map(at);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The last author line does not run on into the columns' first paragraph.
    expect(out.split("\n\n").some((p) => p.startsWith("Running text of the left column"))).toBe(true);
  });

  it("keeps list items whose bullets hang left of the right column's text in that column", () => {
    const leftLines = [
      "Running text of the left column sets out the issue",
      "at some length, in lines that fill its measure and",
      "go on for several lines so that the column is read",
      "as prose beside the list of contributions at right",
      "until the paragraph finally ends on this line here.",
    ];
    // Right column text at x = 331; its bullets at x = 320, with their items' next lines at 331.
    const right = [
      item("In short, the contributions of this work follow:", 331, 100, 10),
      item("• We propose a framework to recognise the text", 320, 112, 10),
      item("of scene images set in irregular shapes.", 331, 124, 10),
      item("• Trained in a weak supervision way, the network", 320, 136, 10),
      item("is free of geometric constraints.", 331, 148, 10),
    ];
    const out = md([...leftLines.map((t, i) => item(t, 60, 100 + 12 * i, 10)), ...right]);
    const parts = out.split("\n\n");
    expect(parts[0]).toBe(leftLines.join(" "));
    expect(out).toContain(
      "- We propose a framework to recognise the text of scene images set in irregular shapes.\n- Trained in a weak supervision way, the network is free of geometric constraints.",
    );
  });

  it("reads a left-column paragraph whole beside a right column whose list is indented past its text edge", () => {
    const leftLines = [
      "Running text of the left column sets out the issue",
      "at some length, in lines that fill its measure and",
      "go on for several lines so that the column is read",
      "as prose beside the paragraph and the list at right",
      "and the list of contributions that follows it there",
      "while this paragraph carries on past the list's top",
      "and on past its first item and into its second one",
      "so that the left column's one paragraph runs along",
      "the whole of the list that is set beside it on the",
      "right hand side of the page, line after line after",
      "line, as the items go on and on down to the last",
      "one of them, and further still, to the foot of the",
      "list, where the paragraph finally ends right here.",
    ];
    // Right column: four lines at x = 329, then three items, bullets at 340 and their text at 351 (more
    // lines at 351 than at 329, so the list's edge is found first, as a run of its own).
    const right = [
      item("With respect to the decoder, the method takes the", 329, 100, 10),
      item("rectified images and reads them more accurately", 329, 112, 10),
      item("than the methods before it could ever read them,", 329, 124, 10),
      item("and so our contributions are the following ones:", 329, 136, 10),
      item("• We propose a framework to recognise the text", 340, 148, 10),
      item("of scene images set in irregular shapes and", 351, 160, 10),
      item("read them as words of a known vocabulary.", 351, 172, 10),
      item("• Trained in a weak supervision way, the network", 340, 184, 10),
      item("is free of geometric constraints and can fix", 351, 196, 10),
      item("images with complicated distortion in them.", 351, 208, 10),
      item("• A curriculum learning strategy lets the model", 340, 220, 10),
      item("learn efficiently and outperform the others on", 351, 232, 10),
      item("several standard text recognition benchmarks.", 351, 244, 10),
    ];
    const out = md([...leftLines.map((t, i) => item(t, 60, 100 + 12 * i, 10)), ...right]);
    const parts = out.split("\n\n");
    expect(parts[0]).toBe(leftLines.join(" "));
    expect(parts[1]).toMatch(/^With respect to the decoder/);
  });

  it("reads the headings of three columns, set above their text, each over its own column", () => {
    const para = (x: number, top: number, words: string) =>
      Array.from({ length: 6 }, (_, i) => item(`${words} line ${i + 1} of running text in this column here`, x, top + 13.5 * i, 9.5));
    const out = md([
      // Two headings on one row, more than a line's pitch above their columns' text; the third column starts lower.
      item("Creating PDF/UA", 17, 60, 16),
      item("The Competence Center", 295, 60, 16),
      ...para(17, 87, "Creating"),
      ...para(295, 87, "Center"),
      item("PDF/UA", 588, 110, 36),
      ...para(588, 160, "Cover"),
    ]);
    const parts = out.split("\n\n");
    expect(parts).toContain("## Creating PDF/UA");
    expect(parts).toContain("## The Competence Center");
    expect(parts.indexOf("## The Competence Center")).toBeGreaterThan(parts.findIndex((p) => p.startsWith("Creating line 1")));
  });
  it("reads the left column first when its text stands below the right column's last line (a figure above it)", () => {
    // A last page: the right column is short and ends before the left column's text, set under a figure, starts
    // (lines about 270 pt wide at 10 pt: the left column's end before x = 320).
    const rightLines = [
      "It is also possible to cite works from a database of",
      "references, here we cite two of them from the sample",
      "file distributed with the program, as one would expect.",
      "Both references are listed at the end of the paper, in",
      "the order in which the authors are first cited above.",
    ];
    const leftLines = [
      "Small images may be shown inline and small tables may",
      "be shown within the paragraph, as the example shows,",
      "and larger figures are placed in a float to be set at",
      "a suitable place that helps with column breaking, so",
      "that the reader finds them near the text that cites it.",
    ];
    const out = md([
      item("Citations", 330, 100, 14, { bold: true }),
      ...lines(rightLines, 330, 124, 10, 12),
      item("Figure 1: Larger image set as a float", 80, 200, 10),
      item("Figures and Tables", 40, 236, 14, { bold: true }),
      ...lines(leftLines, 40, 260, 10, 12),
    ]);
    const at = (text: string) => out.indexOf(text);
    expect(at("Figure 1")).toBeGreaterThanOrEqual(0);
    expect(at("Figure 1")).toBeLessThan(at("Small images"));
    expect(at("Small images")).toBeLessThan(at("Citations"));
    expect(out).toContain(rightLines.join(" "));
    expect(out).toContain(leftLines.join(" "));
  });
});
