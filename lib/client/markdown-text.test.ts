import { describe, expect, it } from "vitest";
import { excerptAround, markdownToText, snippetText } from "./markdown-text";

describe("markdownToText", () => {
  it("drops heading marks and emphasis, keeping the words", () => {
    expect(markdownToText("# 3. Hotels\n\n**Invoice number:** INV-77341\n\n*Total* due: __19.80__")).toBe(
      "3. Hotels\nInvoice number: INV-77341\nTotal due: 19.80",
    );
  });

  it("turns escaped characters back into themselves without reading them as markup", () => {
    expect(markdownToText("Price \\*excl. VAT\\* 5\\.00 \\| net \\# 4")).toBe("Price *excl. VAT* 5.00 | net # 4");
    expect(markdownToText("\\*\\*not bold\\*\\*")).toBe("**not bold**");
  });

  it("reads a table as its cells' text, row by row, without pipes or the separator row", () => {
    const md = "| Item | Amount |\n| :--- | ---: |\n| Coffee | 4.50 |\n| **Cake** | 3.20 |\n| | |";
    expect(markdownToText(md)).toBe("Item · Amount\nCoffee · 4.50\nCake · 3.20");
  });

  it("reads a table without outer pipes and an excerpt that starts mid-table", () => {
    expect(markdownToText("Name | Role\n--- | ---\nAda | Engineer")).toBe("Name · Role\nAda · Engineer");
    expect(markdownToText("| Dinner | 42.00 |\n| Taxi | 18.00 |\n\nTotal 60.00")).toBe("Dinner · 42.00\nTaxi · 18.00\nTotal 60.00");
  });

  it("keeps escaped pipes inside a cell", () => {
    expect(markdownToText("| a \\| b | c |\n|---|---|")).toBe("a | b · c");
  });

  it("keeps link and image text, drops URLs, code marks and HTML tags", () => {
    expect(markdownToText("See [the terms](https://x.test/t) and ![Logo](logo.png), run `npm test`<br>now <sup>1</sup>")).toBe(
      "See the terms and Logo, run npm test now 1",
    );
  });

  it("writes list items with a bullet and task items with a box, and drops quote marks and rules", () => {
    expect(markdownToText("- one\n* two\n1. three\n- [x] done\n- [ ] open\n> quoted\n\n---\nafter")).toBe(
      "• one\n• two\n1. three\n☑ done\n☐ open\nquoted\nafter",
    );
  });

  it("leaves snake_case, arithmetic stars and lone symbols alone", () => {
    expect(markdownToText("file_name_v2 costs 2 * 3 = 6 and a_b")).toBe("file_name_v2 costs 2 * 3 = 6 and a_b");
  });

  it("decodes HTML entities, drops code fences and setext underlines, collapses blank lines", () => {
    expect(markdownToText("Title\n=====\n\n\n```\nR&amp;D &lt;3\n```\nend")).toBe("Title\nR&D <3\nend");
  });

  it("returns plain text unchanged", () => {
    expect(markdownToText("Cafe Central, total 19.80 EUR.")).toBe("Cafe Central, total 19.80 EUR.");
  });
});

describe("excerptAround", () => {
  const text = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma";

  it("returns short text whole", () => {
    expect(excerptAround("short text", 3, 100)).toBe("short text");
  });

  it("cuts at word edges around the focus and marks what was left out", () => {
    const focus = text.indexOf("lambda");
    const out = excerptAround(text, focus, 40);
    expect(out).toContain("lambda");
    expect(out.startsWith("… ")).toBe(true);
    expect(out.endsWith(" …")).toBe(true);
    expect(out.replace(/^… | …$/g, "").length).toBeLessThanOrEqual(40);
    expect(text).toContain(out.replace(/^… | …$/g, ""));
  });

  it("starts at the beginning when the focus is near it", () => {
    expect(excerptAround(text, 0, 30).startsWith("alpha")).toBe(true);
  });
});

describe("snippetText", () => {
  it("cuts the readable text around the first query match and can run rows into one line", () => {
    const md = `# Hotels\n\n${"Filler words here. ".repeat(20)}\n\n| **Hotel** | Nights |\n|---|---|\n| Adlon | 3 |`;
    const out = snippetText(md, "Adlon", 60, false);
    expect(out).toContain("Hotel · Nights · Adlon · 3");
    expect(out).not.toMatch(/[#*|]/);
    expect(out.startsWith("… ")).toBe(true);
  });
});

describe("markdownToText on hostile lines", () => {
  it("strips strong emphasis around an inner emphasis, and stays linear on a line of unmatched openers", () => {
    expect(markdownToText("**bold *italic* bold** and __under__")).toBe("bold italic bold and under");
    const line = "**a ".repeat(20_000);
    const started = Date.now();
    expect(markdownToText(line).length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
