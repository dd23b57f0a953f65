import { describe, expect, it } from "vitest";
import { layoutDocument } from "./index";
import { item, lines, md, page } from "./test-items";

// Code and preformatted text (issue 14, class 7).
const mono = (str: string, x: number, top: number, size = 9) => item(str, x, top, size, { font: "g_d0_Courier", width: str.length * size * 0.6 });
const prose = (top: number) =>
  lines(
    ["A paragraph of running text that introduces the example below and explains", "what it does in a couple of lines of ordinary prose."],
    72,
    top,
    10,
    12,
  );

describe("code blocks", () => {
  it("fences a one-line command set in a fixed-pitch font", () => {
    const out = md([...prose(80), mono("CHGFCNUSG FCNID(QIBM_DB_SECADM) USER(HBEDOYA) USAGE(*ALLOWED)", 72, 120), ...prose(150)]);
    expect(out).toContain("```\nCHGFCNUSG FCNID(QIBM_DB_SECADM) USER(HBEDOYA) USAGE(*ALLOWED)\n```");
  });

  it("keeps a footnote's web address in a fixed-pitch font as text, not a code block", () => {
    const out = md([...prose(80), ...prose(120), mono("1 http://www.example.org/report", 72, 700, 8)]);
    expect(out).not.toContain("```");
    expect(out.split("\n\n").at(-1)).toBe("1 http://www.example.org/report");
  });

  it("reads figures in a font pdf.js flags fixed-pitch only for them (a digits-only subset) as text, not code", () => {
    // A bold subset holding only digits has one glyph width, so pdf.js calls it monospace: numbered
    // headings and a header row of numbers set in it are headings and cells, not code.
    const digits = { font: "g_digits" };
    const fonts = { g_digits: { name: "BAAAAA+DejaVuSerif-Bold", mono: true }, g_d0_Courier: { name: "CourierNewPSMT", mono: true } };
    const items = [
      item("1", 72, 80, 24, digits),
      ...lines(["The first paragraph of the section."], 72, 110),
      item("21", 72, 160, 24, digits),
      ...lines(["The second paragraph of the section."], 72, 190),
      mono("42", 72, 230, 12),
      mono("return 42;", 72, 242, 12),
    ];
    const out = layoutDocument([page(items)], fonts)[0];
    expect(out).toMatch(/^# 1\n\nThe first paragraph/);
    expect(out).toContain("# 21\n\nThe second paragraph");
    // A font named fixed-pitch keeps its figures as code.
    expect(out).toContain("```\n42\nreturn 42;\n```");
  });
});

describe("typed pages (set in a fixed-pitch font throughout)", () => {
  // A page typed on a typewriter or printed from a text file: prose, and tables laid out with spaces on a
  // grid of 7.2 pt character cells, their cells three spaces apart or, figures, one; a leader after the row
  // label; a rule of hyphens under the header. Runs of two spaces or more part pdf.js items.
  const typedLine = (line: string, top: number) => [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => mono(m[0], 72 + (m.index ?? 0) * 7.2, top, 12));
  const text = [
    "The suggestions for the presentation of percentiles parallel",
    "those for proportions.  Medians and other percentiles in the",
    "middle range should be marked with an asterisk.",
    "",
    "Proportion           1.0   1.1   1.2",
    "------------------------------------",
    "0.99 ............. 1,360 1,440 1,520",
    "0.95 .............   272   288   304",
    "0.90 .............   136   144   152",
    "",
    "Note: the sizes are minimums.",
  ];
  const typed = text.flatMap((l, i) => typedLine(l, 80 + 14 * i));

  it("reads a table laid out with spaces as a table: cells three spaces apart, figures one, leaders and the hyphen rule dropped", () => {
    const table = md(typed)
      .split("\n")
      .filter((l) => l.startsWith("|"));
    expect(table[0]).toBe("| Proportion | 1.0 | 1.1 | 1.2 |");
    expect(table).toContain("| 0.99 | 1,360 | 1,440 | 1,520 |");
    expect(table).toContain("| 0.90 | 136 | 144 | 152 |");
  });

  it("keeps the typed prose as a paragraph", () => {
    expect(md(typed).split("\n\n")[0]).toMatch(/^The suggestions .* marked with an asterisk\.$/);
  });
});
