import { describe, expect, it } from "vitest";
import { joinPages } from "./join-pages";

const pages = (...mds: string[]) => mds.map((markdown) => ({ markdown }));

describe("joinPages", () => {
  it("separates pages by a blank line and skips empty pages", () => {
    expect(joinPages(pages("# Title\n\nFirst page.", "  ", "Second page."))).toBe("# Title\n\nFirst page.\n\nSecond page.");
  });

  it("joins a paragraph that a page break cut in the middle of a sentence", () => {
    expect(joinPages(pages("# Report\n\nThe stations were visited in", "spring and autumn.\n\nNext paragraph."))).toBe(
      "# Report\n\nThe stations were visited in spring and autumn.\n\nNext paragraph.",
    );
  });

  it("removes the hyphen of a word split across the page break", () => {
    expect(joinPages(pages("Readings were collected and the informa-", "tion was stored."))).toBe(
      "Readings were collected and the information was stored.",
    );
  });

  it("keeps blocks apart that do not continue each other", () => {
    // A finished sentence; a new capitalised paragraph; a heading, a table, a list item on either side.
    expect(joinPages(pages("It ended here.", "and more"))).toBe("It ended here.\n\nand more");
    expect(joinPages(pages("A caption without a full stop", "The next paragraph."))).toBe("A caption without a full stop\n\nThe next paragraph.");
    expect(joinPages(pages("## A heading", "text under it"))).toBe("## A heading\n\ntext under it");
    expect(joinPages(pages("| a | b |\n| --- | --- |", "and text"))).toBe("| a | b |\n| --- | --- |\n\nand text");
    expect(joinPages(pages("- an item of a list", "continued"))).toBe("- an item of a list\n\ncontinued");
    expect(joinPages(pages("Text before a table", "| a |\n| --- |"))).toBe("Text before a table\n\n| a |\n| --- |");
  });
});

describe("tables split by a page break", () => {
  const head = "| Year | Region | Count |\n| --- | --- | --- |";
  it("joins a table whose next page repeats the header, dropping the repeat", () => {
    expect(joinPages([{ markdown: `Intro.\n\n${head}\n| 2019 | North | 12 |` }, { markdown: `${head}\n| 2020 | South | 14 |\n\nAfter.` }])).toBe(
      `Intro.\n\n${head}\n| 2019 | North | 12 |\n| 2020 | South | 14 |\n\nAfter.`,
    );
  });

  it("joins a table continued without a header when its first row is shaped like the rows before", () => {
    const next = "| 2020 | South | 14 |\n| --- | --- | --- |\n| 2021 | East | 9 |";
    expect(joinPages([{ markdown: `${head}\n| 2019 | North | 12 |` }, { markdown: next }])).toBe(
      `${head}\n| 2019 | North | 12 |\n| 2020 | South | 14 |\n| 2021 | East | 9 |`,
    );
  });

  it("keeps tables apart that have other columns or a header of their own", () => {
    const other = "| Name | Role |\n| --- | --- |\n| Ann | Lead |";
    const own = "| Month | Site | Total |\n| --- | --- | --- |\n| Jan | Lyon | 3 |";
    const first = `${head}\n| 2019 | North | 12 |`;
    expect(joinPages([{ markdown: first }, { markdown: other }])).toBe(`${first}\n\n${other}`);
    expect(joinPages([{ markdown: first }, { markdown: own }])).toBe(`${first}\n\n${own}`);
  });

  it("joins a table row that a page break cut in two (the next page goes on under an empty first cell)", () => {
    const first = "| Feature | Action | Comment |\n| --- | --- | --- |\n| Ordering | Reorganize into the mandatory | See the |";
    const next = "|  | sequence of clauses. | directives. |\n| --- | --- | --- |\n| Profiles | Remove names. | Prohibited. |\n\nAfter.";
    expect(joinPages([{ markdown: first }, { markdown: next }])).toBe(
      "| Feature | Action | Comment |\n| --- | --- | --- |\n| Ordering | Reorganize into the mandatory sequence of clauses. | See the directives. |\n| Profiles | Remove names. | Prohibited. |\n\nAfter.",
    );
  });

  it("joins a table of labels and values without a header, continued on the next page", () => {
    const first = "| Domain: | Eukaryota |\n| --- | --- |\n| Kingdom: | Animalia |";
    const next = "| Class: | Aves |\n| --- | --- |\n| Order: | Anseriformes |\n\nAfter.";
    expect(joinPages([{ markdown: first }, { markdown: next }])).toBe(`${first}\n| Class: | Aves |\n| Order: | Anseriformes |\n\nAfter.`);
    // A bold header of its own starts another table.
    const own = "| **Name** | **Role** |\n| --- | --- |\n| Ann | Lead |";
    expect(joinPages([{ markdown: first }, { markdown: own }])).toBe(`${first}\n\n${own}`);
  });

  it("joins a text table continued without a header: running text under a header of short labels", () => {
    const first =
      "| Feature | Action | Comment |\n| --- | --- | --- |\n| Ordering | Reorganize the clauses into the mandatory order. | See clause 6. |";
    const next =
      "| Naming | Rename every appendix to an annex, normative or informative. | See clause 20. |\n| --- | --- | --- |\n| Audit | Cite every annex. | See clause 20. |";
    expect(joinPages([{ markdown: first }, { markdown: next }])).toBe(
      `${first}\n| Naming | Rename every appendix to an annex, normative or informative. | See clause 20. |\n| Audit | Cite every annex. | See clause 20. |`,
    );
    const own = "| Term | Meaning | Source |\n| --- | --- | --- |\n| Annex | A part of the document that comes after the clauses. | ISO |";
    expect(joinPages([{ markdown: first }, { markdown: own }])).toBe(`${first}\n\n${own}`);
  });
});
