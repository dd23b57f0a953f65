import { describe, expect, it } from "vitest";
import { item, lines, md } from "./test-items";

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
});
