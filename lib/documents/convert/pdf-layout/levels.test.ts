import { describe, expect, it } from "vitest";
import { layoutDocument } from "./index";
import { item, lines, page } from "./test-items";

// Heading levels when a cover page or chapter pages use display sizes (issue 14, class 5).
const body = (top: number, n = 4) =>
  lines(
    Array.from({ length: n }, (_, i) => `Body text line ${i + 1} of a paragraph set in the usual running size${i === n - 1 ? "." : ""}`),
    72,
    top,
    10,
    12,
  );
const headings = (pages: string[]) => pages.flatMap((p) => p.split("\n\n").filter((b) => b.startsWith("#")));

describe("heading levels", () => {
  it("folds a cover's display sizes, so the section headings inside keep shallow levels", () => {
    const cover = page(
      [
        item("Front cover", 72, 60, 24),
        item("Water Quality Report", 72, 200, 44),
        item("Sampling, methods and results", 72, 260, 30),
        item("A. Author B. Author", 72, 320, 14),
        item("example.org/reports", 72, 700, 15),
      ],
      1,
    );
    const inside = [2, 3, 4].map((n) =>
      page(
        [
          item(`Chapter ${n}`, 72, 60, 24),
          ...body(100),
          item(`${n}.1 Methods`, 72, 170, 16),
          ...body(200),
          item(`${n}.1.1 Details`, 72, 270, 12),
          ...body(300),
        ],
        n,
      ),
    );
    const out = headings(layoutDocument([cover, ...inside]));
    expect(out).toContain("# Water Quality Report");
    expect(out).toContain("## Chapter 2");
    expect(out).toContain("### 2.1 Methods");
    expect(out).toContain("#### 2.1.1 Details");
    expect(out.every((h) => !h.startsWith("#####"))).toBe(true);
  });

  it("ranks every size when the first page is not a cover (a subsection used on one page keeps its own level)", () => {
    const first = page(
      [item("Annual Report", 72, 60, 24), ...body(100), item("1 Results", 72, 170, 18), ...body(200), item("1.1 Details", 72, 270, 14), ...body(300)],
      1,
    );
    const rest = [2, 3].map((n) => page([item(`${n} Outlook`, 72, 60, 18), ...body(100)], n));
    const out = headings(layoutDocument([first, ...rest]));
    expect(out).toEqual(["# Annual Report", "## 1 Results", "### 1.1 Details", "## 2 Outlook", "## 3 Outlook"]);
  });

  it("does not give code set larger than the prose a heading level", () => {
    const code = ["CREATE PERMISSION p ON t", "FOR ROWS WHERE x = 1", "ENFORCED FOR ALL ACCESS"].map((t, i) =>
      item(t, 72, 170 + i * 14, 11.5, { font: "Courier" }),
    );
    const out = layoutDocument([page([item("Setup", 72, 60, 16), ...body(100), ...code, ...body(230)], 1)])[0];
    expect(out).toContain("```\nCREATE PERMISSION p ON t\nFOR ROWS WHERE x = 1\nENFORCED FOR ALL ACCESS\n```");
    expect(headings([out])).toEqual(["# Setup"]);
  });
});
