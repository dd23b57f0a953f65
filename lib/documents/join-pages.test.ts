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
