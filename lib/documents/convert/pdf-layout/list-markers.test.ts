import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

// Bulleted lists whose marker pdf.js gives as a character of its own, set a tab stop before the item's
// text (a minus sign, a bullet from a font without a Unicode map read as some other letter): the marker
// column and the text column line up like two columns of a table, but the list is no table.

describe("lists set with a marker column", () => {
  const list = (marker: string) => [
    ...lines(["Results of the year, in short, for the three offices that report to the board."], 72, 60),
    item(marker, 90, 90),
    item("In the year, investigations increased by more than 17 percent over the year", 108, 90),
    item("before and by 66 percent over the year before that one.", 108, 104),
    item(marker, 90, 118),
    item("Arrests increased by 44 percent from the year before.", 108, 118),
    item(marker, 90, 132),
    item("The number of leads handled increased by 429 percent.", 108, 132),
    ...lines(["A paragraph of ordinary body text follows the list on this page."], 72, 170),
  ];

  it("reads a list whose marker is a minus sign as text, not as a two-column table", () => {
    const out = md(list("\u2212"));
    expect(out).not.toContain("|");
    expect(out).toContain("Arrests increased by 44 percent from the year before.");
  });

  it("reads a list whose unmapped bullet reads as a letter outside the Latin alphabet as text", () => {
    const out = md(list("\uFF74"));
    expect(out).not.toContain("|");
  });

  it("keeps a table whose first column tells its rows apart", () => {
    const out = md([
      ...lines(["Scores of the three teams at the end of the season are shown below."], 72, 60),
      ...["A", "B", "C"].flatMap((t, k) => [item(t, 90, 90 + 14 * k), item(`Team ${t} finished with ${10 + k} points`, 108, 90 + 14 * k)]),
      ...lines(["A paragraph of ordinary body text follows the table on this page."], 72, 150),
    ]);
    expect(out).toContain("| A | Team A finished with 10 points |");
  });
});

describe("bullet glyphs", () => {
  it("reads items behind a block glyph set smaller than their text as a list, not as one heading", () => {
    const prose = (top: number) =>
      lines(["Running text of the brochure, long enough to be its body, set at nine and a half points.", "More."], 72, top, 9.5, 12);
    const out = md([
      ...prose(60),
      ...["When is a PDF universally accessible?", "What should PDF developers know?"].flatMap((t, i) => [
        item("\u2588 ", 72, 96 + 26 * i, 10),
        item(t, 83, 100 + 26 * i, 16),
      ]),
      ...prose(170),
    ]);
    expect(out).toContain("- When is a PDF universally accessible?\n- What should PDF developers know?");
  });
});
