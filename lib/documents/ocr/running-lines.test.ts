import { describe, expect, it } from "vitest";
import { dropRunningLines } from "./running-lines";

const page = (page: number, blocks: string[], ocr = true) => ({ page, markdown: blocks.join("\n\n"), ocr });
const body = (n: number) => `Paragraph of page ${n} about the survey, long enough to be running text and not a line that repeats.`;

describe("running lines of OCR'd pages", () => {
  it("drops a running header and a page-number footer repeated on every scanned page", () => {
    const pages = [1, 2, 3, 4].map((n) => page(n, ["Annual Survey Report 2024", body(n), `Page ${n} of 4`]));
    expect(dropRunningLines(pages).map((p) => p.markdown)).toEqual([1, 2, 3, 4].map(body));
  });

  it("keeps lines whose numbers neither repeat nor follow the page, and headings that count like the pages", () => {
    const totals = [17, 3, 42, 8];
    const pages = [1, 2, 3, 4].map((n) => page(n, [`# Chapter ${n}`, body(n), `Total ${totals[n - 1]}`]));
    expect(dropRunningLines(pages)).toEqual(pages);
  });

  it("drops from the page's edge inwards only: the same title under other text is content", () => {
    const pages = [
      page(1, ["Field Notes", "# Results", body(1)]),
      page(2, ["Field Notes", body(2)]),
      page(3, ["Intro line of the page set before the title.", "Field Notes", body(3)]),
    ];
    expect(dropRunningLines(pages).map((p) => p.markdown.split("\n\n")[0])).toEqual([
      "# Results",
      body(2),
      "Intro line of the page set before the title.",
    ]);
  });

  it("never empties a page and leaves pages read from a text layer alone", () => {
    const pages = [
      page(1, ["Field Notes", body(1)]),
      page(2, ["Field Notes"]),
      page(3, ["Field Notes", body(3)], false),
      page(4, ["Field Notes", body(4)]),
    ];
    expect(dropRunningLines(pages).map((p) => p.markdown)).toEqual([body(1), "Field Notes", pages[2].markdown, body(4)]);
  });

  it("keeps body text that a template repeats with the page's number (issue 14, class 1)", () => {
    const pages = [1, 2, 3].map((n) => page(n, [`# Chapter ${n}`, `This is page ${n} of the long field report.`]));
    expect(dropRunningLines(pages)).toEqual(pages);
  });

  it("needs two scanned pages", () => {
    const pages = [page(1, ["Field Notes", body(1)]), page(2, ["Field Notes", body(2)], false)];
    expect(dropRunningLines(pages)).toEqual(pages);
  });
});
