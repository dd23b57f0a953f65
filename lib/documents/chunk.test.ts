import { describe, expect, it } from "vitest";
import { chunkDocument, estimateTokens, parseBlocks, splitByTokens, splitSentences } from "./chunk";

const sentence = (i: number) => `Sentence number ${i} talks about the quarterly revenue of the northern region in detail.`;
const paragraph = (from: number, n: number) => Array.from({ length: n }, (_, k) => sentence(from + k)).join(" ");

describe("estimateTokens", () => {
  it("approximates BPE counts: words, numbers, punctuation, CJK", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("   \n ")).toBe(0);
    expect(estimateTokens("the cat sat")).toBe(3);
    expect(estimateTokens("internationalization")).toBe(3); // 20 letters: one token per 8 started
    expect(estimateTokens("1200")).toBe(2);
    expect(estimateTokens("Hello, world!")).toBe(4);
    expect(estimateTokens("東京都")).toBe(3);
  });

  it("stays within a plausible band of real tokenizers on English prose (~1.0–1.5 tokens per word)", () => {
    const text = paragraph(1, 20);
    const words = text.split(/\s+/).length;
    const t = estimateTokens(text);
    expect(t).toBeGreaterThanOrEqual(words);
    expect(t).toBeLessThanOrEqual(words * 1.5);
  });
});

describe("splitSentences", () => {
  it("splits at sentence ends but not at abbreviations, initials or decimals", () => {
    expect(splitSentences("Dr. Smith arrived, e.g. at 3.5 pm. J. R. Tolkien wrote it! Did he? Yes.")).toEqual([
      "Dr. Smith arrived, e.g. at 3.5 pm.",
      "J. R. Tolkien wrote it!",
      "Did he?",
      "Yes.",
    ]);
  });

  it("handles CJK full stops and text without a final period", () => {
    expect(splitSentences("今日は晴れ。明日は雨")).toEqual(["今日は晴れ。", "明日は雨"]);
  });
});

describe("splitByTokens", () => {
  it("cuts at word boundaries within the limit and cuts unbroken runs by characters", () => {
    const parts = splitByTokens(paragraph(1, 5), 20);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(estimateTokens(p)).toBeLessThanOrEqual(20);
    expect(parts.join(" ")).toBe(paragraph(1, 5));
    const run = "x".repeat(400);
    const cut = splitByTokens(run, 10);
    expect(cut.join("")).toBe(run);
    for (const p of cut) expect(estimateTokens(p)).toBeLessThanOrEqual(10);
  });
});

describe("parseBlocks", () => {
  it("recognises headings, tables, lists, code and paragraphs", () => {
    const md = [
      "# Title",
      "Intro line one",
      "line two",
      "",
      "| A | B |",
      "| --- | --- |",
      "| 1 | 2 |",
      "",
      "- item one",
      "  continued",
      "- item two",
      "  - nested",
      "",
      "- item three",
      "",
      "```js",
      "const x = 1;",
      "```",
      "---",
      "Closing.",
    ].join("\n");
    const blocks = parseBlocks(md, 1);
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "table", "list", "code", "paragraph"]);
    expect(blocks[2]).toMatchObject({ header: ["| A | B |", "| --- | --- |"], rows: ["| 1 | 2 |"] });
    expect(blocks[3]).toMatchObject({ items: ["- item one\n  continued", "- item two\n  - nested", "- item three"] });
  });
});

describe("chunkDocument", () => {
  it("returns nothing for empty documents", () => {
    expect(chunkDocument([])).toEqual([]);
    expect(chunkDocument([{ page: 1, markdown: "  \n\n " }])).toEqual([]);
  });

  it("splits at headings and carries the heading path; heading lines open their section", () => {
    const chunks = chunkDocument([
      {
        page: 1,
        markdown: "# Report\n\nIntro text.\n\n## Revenue\n\nRevenue grew.\n\n### North\n\nNorth grew most.\n\n## Costs\n\nCosts fell.",
      },
    ]);
    expect(chunks.map((c) => [c.headingPath, c.content])).toEqual([
      ["Report", "# Report\n\nIntro text."],
      ["Report > Revenue", "## Revenue\n\nRevenue grew."],
      ["Report > Revenue > North", "### North\n\nNorth grew most."],
      ["Report > Costs", "## Costs\n\nCosts fell."],
    ]);
    expect(chunks.map((c) => c.chunkIndex)).toEqual([0, 1, 2, 3]);
    for (const c of chunks) expect(c.tokenCount).toBe(estimateTokens(c.content));
  });

  it("merges a heading with no content of its own into its first subsection, and keeps text before any heading", () => {
    const chunks = chunkDocument([{ page: 1, markdown: "Preamble.\n\n# A\n\n## B\n\nText." }]);
    expect(chunks.map((c) => [c.headingPath, c.content])).toEqual([
      ["", "Preamble."],
      ["A > B", "# A\n\n## B\n\nText."],
    ]);
  });

  it("keeps an empty section's heading as its own chunk when a sibling follows", () => {
    const chunks = chunkDocument([{ page: 1, markdown: "# A\n\n# B\n\nText." }]);
    expect(chunks.map((c) => [c.headingPath, c.content])).toEqual([
      ["A", "# A"],
      ["B", "# B\n\nText."],
    ]);
  });

  it("never spans pages; the heading path continues onto the next page", () => {
    const chunks = chunkDocument([
      { page: 1, markdown: "# Title\n\nFirst page." },
      { page: 2, markdown: "Second page." },
      { page: 3, markdown: "## Sub\n\nThird page." },
    ]);
    expect(chunks.map((c) => [c.page, c.headingPath, c.content])).toEqual([
      [1, "Title", "# Title\n\nFirst page."],
      [2, "Title", "Second page."],
      [3, "Title > Sub", "## Sub\n\nThird page."],
    ]);
  });

  it("packs small paragraphs up to the target", () => {
    const md = Array.from({ length: 10 }, (_, i) => sentence(i)).join("\n\n");
    const chunks = chunkDocument([{ page: 1, markdown: md }], { targetTokens: 60, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(10);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(60);
    expect(chunks.map((c) => c.content).join("\n\n")).toBe(md);
  });

  it("splits an overlong paragraph by sentences with overlap between consecutive chunks", () => {
    const text = paragraph(1, 30);
    const chunks = chunkDocument([{ page: 1, markdown: `# S\n\n${text}` }], { targetTokens: 80, overlapTokens: 20 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(80);
      expect(c.headingPath).toBe("S");
    }
    for (let k = 1; k < chunks.length; k++) {
      // The next chunk starts with the last sentence of the previous one.
      const prevLast = splitSentences(chunks[k - 1].content).pop()!;
      expect(chunks[k].content.startsWith(prevLast)).toBe(true);
    }
    // Every sentence is in some chunk, in order.
    const all = chunks.map((c) => c.content).join(" ");
    for (let i = 1; i <= 30; i++) expect(all).toContain(sentence(i));
  });

  it("does not overlap across headings or pages", () => {
    const text = paragraph(1, 6);
    const chunks = chunkDocument(
      [
        { page: 1, markdown: `# A\n\n${text}\n\n# B\n\nOther section.` },
        { page: 2, markdown: "Next page." },
      ],
      { targetTokens: 500, overlapTokens: 50 },
    );
    expect(chunks.map((c) => c.content)).toEqual([`# A\n\n${text}`, "# B\n\nOther section.", "Next page."]);
  });

  it("falls back to word splits for a sentence longer than the target", () => {
    const long = `${Array.from({ length: 200 }, (_, i) => `word${i % 10}`).join(" ")}.`;
    const chunks = chunkDocument([{ page: 1, markdown: long }], { targetTokens: 40, overlapTokens: 10 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(40);
  });

  it("keeps a table whole when it fits, with its surrounding text", () => {
    const md = "Intro.\n\n| Region | Revenue |\n| --- | --- |\n| North | 1200 |\n| South | 950 |\n\nAfter.";
    const chunks = chunkDocument([{ page: 1, markdown: md }]);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].content).toBe(md);
  });

  it("moves a table that fits a chunk but not the current one to a new chunk, whole", () => {
    const table = ["| Region | Revenue |", "| --- | --- |", ...Array.from({ length: 6 }, (_, i) => `| Region ${i} | ${1000 + i} |`)].join("\n");
    const chunks = chunkDocument([{ page: 1, markdown: `${paragraph(1, 3)}\n\n${table}` }], { targetTokens: 80, overlapTokens: 20 });
    expect(chunks.map((c) => c.content)).toContain(table);
  });

  it("splits a large table by rows and repeats the header row in every part", () => {
    const header = "| Region | Revenue | Notes |\n| --- | --- | --- |";
    const rows = Array.from({ length: 60 }, (_, i) => `| Region ${i} | ${1000 + i} | steady growth in quarter ${i % 4} |`);
    const chunks = chunkDocument([{ page: 1, markdown: `## Table\n\n${header}\n${rows.join("\n")}` }], { targetTokens: 120, overlapTokens: 30 });
    expect(chunks.length).toBeGreaterThan(3);
    const seen: string[] = [];
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(120);
      expect(c.content).toContain(header);
      expect(c.headingPath).toBe("Table");
      seen.push(...c.content.split("\n").filter((l) => /^\| Region \d+/.test(l)));
    }
    // Every row exactly once (no overlap inside tables), in order.
    expect(seen).toEqual(rows);
  });

  it("keeps a list together when it fits, else splits between items", () => {
    const small = "- alpha\n- beta\n- gamma";
    expect(chunkDocument([{ page: 1, markdown: `Lead.\n\n${small}` }])[0].content).toBe(`Lead.\n\n${small}`);
    const items = Array.from({ length: 20 }, (_, i) => `- ${sentence(i)}`);
    const chunks = chunkDocument([{ page: 1, markdown: items.join("\n") }], { targetTokens: 70, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(70);
      // Items are never cut in the middle.
      for (const line of c.content.split("\n")) expect(items).toContain(line);
    }
  });

  it("splits a long code block by lines, fences repeated", () => {
    const lines = Array.from({ length: 80 }, (_, i) => `const value${i} = compute(${i});`);
    const chunks = chunkDocument([{ page: 1, markdown: ["```ts", ...lines, "```"].join("\n") }], { targetTokens: 100 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.content.startsWith("```ts\n")).toBe(true);
      expect(c.content.endsWith("\n```")).toBe(true);
      expect(c.tokenCount).toBeLessThanOrEqual(100);
    }
  });

  it("chunks the engine's output of the report fixture as expected", () => {
    const page1 =
      "# Quarterly Report\n\nThe northern region grew faster than expected during the third quarter.\n\n## Revenue by Region\n\n| Region | Revenue |\n| --- | --- |\n| North | 1200 |\n| South | 950 |\n\n- First point\n- Second point";
    const chunks = chunkDocument([
      { page: 1, markdown: page1 },
      { page: 2, markdown: "Second page discusses the outlook for next year." },
      { page: 3, markdown: "Third page lists the risks and mitigations." },
    ]);
    expect(chunks.map((c) => ({ page: c.page, headingPath: c.headingPath }))).toEqual([
      { page: 1, headingPath: "Quarterly Report" },
      { page: 1, headingPath: "Quarterly Report > Revenue by Region" },
      { page: 2, headingPath: "Quarterly Report > Revenue by Region" },
      { page: 3, headingPath: "Quarterly Report > Revenue by Region" },
    ]);
    expect(chunks[1].content).toContain("| North | 1200 |");
    expect(chunks[1].content).toContain("- Second point");
  });
});
