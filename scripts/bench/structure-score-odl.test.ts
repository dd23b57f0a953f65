// Cases ported from opendataloader-bench's own tests (tests/test_evaluator_*.py, test_converter_markdown_table.py),
// plus exact values worked out by hand, so the port reads documents the way the benchmark does.
import { describe, expect, it } from "vitest";
import { type LabeledTree, markdownTablesToHtml, odlMhs, odlNid, odlTeds, scoreOdl, treeEditDistance } from "./structure-score-odl";

describe("GFM tables to HTML", () => {
  it("turns a GFM table into one HTML line with a header row, escaping cells", () => {
    expect(markdownTablesToHtml("Intro\n| A | B<1> |\n| --- | --- |\n| 1 | 2 |\nAfter\n")).toBe(
      "Intro\n<table><tr><th>A</th><th>B&lt;1&gt;</th></tr><tr><td>1</td><td>2</td></tr></table>\nAfter\n",
    );
  });

  it("pads short rows and takes the first body row as header when the header is empty", () => {
    expect(markdownTablesToHtml("|  |  |\n|---|---|\n| x | y |\n| z |")).toBe(
      "<table><tr><th>x</th><th>y</th></tr><tr><td>z</td><td></td></tr></table>\n",
    ); // the header line's line end
  });
});

describe("tree edit distance", () => {
  const t = (label: string, ...children: LabeledTree<string>[]): LabeledTree<string> => ({ label, children });
  const rename = (a: string, b: string) => (a === b ? 0 : 1);
  it("counts inserts, deletes and renames (Zhang–Shasha examples)", () => {
    expect(treeEditDistance(t("a", t("b"), t("c")), t("a", t("b"), t("c")), rename)).toBe(0);
    expect(treeEditDistance(t("a", t("b"), t("c")), t("a", t("b")), rename)).toBe(1);
    expect(treeEditDistance(t("a", t("b", t("c"))), t("a", t("c")), rename)).toBe(1);
    // f(d(a, c(b)), e) → f(c(d(a, b)), e): the classic example, distance 2.
    const left = t("f", t("d", t("a"), t("c", t("b"))), t("e"));
    const right = t("f", t("c", t("d", t("a"), t("b"))), t("e"));
    expect(treeEditDistance(left, right, rename)).toBe(2);
  });
});

describe("NID", () => {
  it("is null without ground truth and ignores whitespace", () => {
    expect(odlNid("Anything", "")).toBeNull();
    expect(odlNid("Cell 1   Cell 2  Cell 3", "Cell 1\nCell 2\tCell 3")).toBe(1);
  });

  it("keeps Markdown syntax, emphasis markers included (the evaluator strips none)", () => {
    expect(odlNid("**Cell** 1 Cell 2", "Cell 1 Cell 2")).toBeCloseTo((2 * 13) / (13 + 17));
    expect(odlNid("Title", "# Title")).toBeCloseTo((2 * 5) / (5 + 7));
  });

  it("compares GFM tables as the HTML they convert to", () => {
    const html = "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>";
    expect(odlNid("| a | b |\n|---|---|\n| 1 | 2 |", html)).toBe(1);
  });
});

describe("TEDS", () => {
  it("is null without a ground-truth table and 0 without a predicted one", () => {
    expect(odlTeds("No table either", "No table here")).toBeNull();
    expect(odlTeds("Plain text", "<table><tr><td>cell</td></tr></table>")).toBe(0);
  });

  it("scores content over the element count below the table", () => {
    const gt = "<table><tr><td>abc</td></tr></table>";
    expect(odlTeds(gt, gt)).toBe(1);
    expect(odlTeds("<table><tr><td>xyz</td></tr></table>", gt)).toBeCloseTo(0.5);
  });

  it("reads th as td, ignores thead/tbody and whitespace, converts GFM", () => {
    expect(
      odlTeds(
        "<table><tr><th>Col1</th></tr><tr><td>A</td></tr></table>",
        "<table><thead><tr><th>Col1</th></tr></thead><tbody><tr><td>A</td></tr></tbody></table>",
      ),
    ).toBe(1);
    expect(
      odlTeds("<table>  \n <tr><td>\n   content is \n here\n\n  </td>  \n </tr></table>", "<table><tr><td>content is here</td></tr></table>"),
    ).toBe(1);
    expect(
      odlTeds("<table><tr><td>Col1</td><td>Col2</td></tr><tr><td>A</td><td>B</td></tr></table>", "| Col1 | Col2 |\n| --- | --- |\n| A | B |"),
    ).toBe(1);
  });

  it("charges a different span as a renamed cell", () => {
    const gt = '<table><tr><td colspan="2">h</td></tr><tr><td>a</td><td>b</td></tr></table>';
    // 5 elements below the root; the header cell differs in colspan (1) and a cell is missing (1).
    expect(odlTeds("<table><tr><td>h</td></tr><tr><td>a</td><td>b</td></tr></table>", gt)).toBeCloseTo(1 - 1 / 5);
  });

  it("compares the first table of each side only", () => {
    const first = "<table><tr><td>abc</td></tr></table>";
    expect(odlTeds(`${first}\n\ntext\n\n<table><tr><td>other</td></tr></table>`, first)).toBe(1);
    expect(odlTeds(first, `${first}\n<table><tr><td>missed</td></tr></table>`)).toBe(1);
  });
});

describe("MHS", () => {
  it("is null without ground-truth headings and 0 without predicted ones", () => {
    expect(odlMhs("# Heading\nContent", "Just some text")).toBeNull();
    expect(odlMhs("Title\nSome content", "# Title\nSome content")).toBe(0);
  });

  it("ignores heading levels", () => {
    expect(odlMhs("### Title\nDetails\n# Subsection\nMore text", "# Title\nDetails\n## Subsection\nMore text")).toBe(1);
  });

  it("charges a missing section by its nodes", () => {
    // ground truth: document, 2 headings, 2 content nodes; the prediction lacks one heading and its content.
    expect(odlMhs("# Intro\nWelcome", "# Intro\nWelcome\n# Details\nDeep dive")).toBeCloseTo(1 - 2 / 5);
  });

  it("joins all lines of a section into one content node", () => {
    expect(odlMhs("# Intro\nWelcome\n\nto the document", "# Intro\nWelcome to the document")).toBe(1);
  });
});

describe("overall", () => {
  it("is the mean of the metrics that apply", () => {
    const md = "# Title\n\nSome text.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |";
    expect(scoreOdl(md, md)).toEqual({ nid: 1, teds: 1, mhs: 1, overall: 1 });
    const s = scoreOdl("Some text.", "Some text.");
    expect(s).toEqual({ nid: 1, teds: null, mhs: null, overall: 1 });
  });
});
