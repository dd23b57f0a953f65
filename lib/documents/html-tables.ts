// HTML tables for html-to-markdown's turndown service: every <table> with rows becomes a GFM table laid out on a
// grid (row and column spans repeated over the positions they cover), a table nested in a cell is written inline
// in that cell, layout tables of one cell are paragraphs.
import type TurndownService from "turndown";
import { escapeMarkdownText, markdownTable } from "@/lib/documents/markdown-write";

function parentTable(node: Node): HTMLTableElement | null {
  for (let p = node.parentNode; p; p = p.parentNode) if (p.nodeName === "TABLE") return p as HTMLTableElement;
  return null;
}

// A table's cells and rows are rendered as delimited tokens and laid out on a grid by the table rule, which knows
// the row and column spans (turndown converts children first, so a rule only sees its own element's content).
const CELL_OPEN = "\uE001";
const CELL_TEXT = "\uE002";
const CELL_CLOSE = "\uE003";
const ROW_END = "\uE004";
const CELL_TOKEN = /\uE001(\d+),(\d+)\uE002([^\uE001-\uE004]*)\uE003/g;
/** Spans larger than this are clamped; past GRID_BUDGET positions spans are no longer repeated (hostile markup). */
const MAX_SPAN = 1000;
const GRID_BUDGET = 200_000;

interface TableFacts {
  /** Tables with no rows or only one cell are layout, flattened to paragraphs. */
  flat: boolean;
  /** A table inside another table's cell: its text is written inline in that cell (GFM cannot nest tables). */
  nested: boolean;
}
// Computed once per table: the cell and row rules ask for every cell (and domino's `rows` is not cheap).
const factsCache = new WeakMap<Node, TableFacts>();

function tableFacts(table: HTMLTableElement | null): TableFacts {
  if (!table) return { flat: true, nested: false };
  const cached = factsCache.get(table);
  if (cached) return cached;
  const rows = ownRows(table);
  const flat = rows.length === 0 || (rows.length === 1 && Array.from(rows[0].children).filter((c) => /^T[DH]$/.test(c.nodeName)).length <= 1);
  const outer = parentTable(table);
  const facts = { flat, nested: !flat && outer !== null && !tableFacts(outer).flat };
  factsCache.set(table, facts);
  return facts;
}

/** The table's own rows (domino's `rows` and `cells` also list those of tables nested in its cells). */
function ownRows(table: HTMLTableElement): HTMLTableRowElement[] {
  const rows: HTMLTableRowElement[] = [];
  for (const child of Array.from(table.children)) {
    if (child.nodeName === "TR") rows.push(child as HTMLTableRowElement);
    else if (/^T(HEAD|BODY|FOOT)$/.test(child.nodeName)) {
      for (const row of Array.from(child.children)) if (row.nodeName === "TR") rows.push(row as HTMLTableRowElement);
    }
  }
  return rows;
}

function span(cell: Node, attribute: "rowspan" | "colspan"): number {
  return Math.min(Math.max(1, Number((cell as HTMLElement).getAttribute(attribute)) || 1), MAX_SPAN);
}

/**
 * The rows of cell tokens on a grid: a cell spanning rows or columns is repeated in every position it covers (as
 * docling and most table readers do), so that each Markdown row stands on its own. A row holding nothing but cells
 * that go on into the next row (a pivot table's `<th rowspan>` alone in its row) would only repeat that row: dropped.
 */
function gridRows(content: string): string[][] {
  /** Each position holds the index of the cell covering it. */
  const grid: number[][] = [];
  const texts: string[] = [];
  const rows = content.split(ROW_END).filter((row) => row.includes(CELL_OPEN));
  let budget = GRID_BUDGET;
  rows.forEach((row, r) => {
    grid[r] ??= [];
    let c = 0;
    for (const [, rowspan, colspan, text] of row.matchAll(CELL_TOKEN)) {
      while (grid[r][c] !== undefined) c++;
      let down = Math.min(Number(rowspan), rows.length - r);
      let across = Number(colspan);
      if (down * across > budget) down = across = 1; // out of budget: spans are ignored
      budget -= down * across;
      texts.push(text);
      for (let dr = 0; dr < down; dr++) {
        grid[r + dr] ??= [];
        for (let dc = 0; dc < across; dc++) grid[r + dr][c + dc] ??= texts.length - 1;
      }
      c += across;
    }
  });
  const repeatsNext = (row: number[], r: number) => r + 1 < grid.length && row.every((cell, c) => cell === undefined || grid[r + 1][c] === cell);
  return grid.filter((row, r) => !repeatsNext(row, r)).map((row) => Array.from(row, (cell) => (cell === undefined ? "" : texts[cell])));
}

/** Whether the node is inside a cell of a table written as a GFM table. */
export function inTableCell(node: Node): boolean {
  const table = parentTable(node);
  const facts = tableFacts(table);
  return table !== null && !facts.flat && !facts.nested;
}

export function addTableRules(service: TurndownService): void {
  service.addRule("tableCell", {
    filter: ["th", "td"],
    replacement: (content, node) => {
      const { flat, nested } = tableFacts(parentTable(node));
      if (flat) return `\n\n${content}\n\n`;
      if (nested) return ` ${content.trim()} `;
      const text = content.replace(/ {2,}/g, " "); // a nested table's inline text brings its own spaces
      return `${CELL_OPEN}${span(node, "rowspan")},${span(node, "colspan")}${CELL_TEXT}${text}${CELL_CLOSE}`;
    },
  });
  service.addRule("tableRow", {
    filter: "tr",
    replacement: (content, node) => {
      const { flat, nested } = tableFacts(parentTable(node));
      if (flat) return `\n\n${content}\n\n`;
      return nested ? ` ${content.trim()} ` : `${content}${ROW_END}`;
    },
  });
  service.addRule("table", {
    filter: "table",
    replacement: (content, node) => {
      const { flat, nested } = tableFacts(node as HTMLTableElement);
      if (flat) return `\n\n${content}\n\n`;
      if (nested) return ` ${content.trim()} `;
      const caption = (node as HTMLTableElement).caption?.textContent?.trim();
      return `\n\n${caption ? `${escapeMarkdownText(caption)}\n\n` : ""}${markdownTable(gridRows(content))}\n\n`;
    },
  });
  service.addRule("tableSection", { filter: ["thead", "tbody", "tfoot"], replacement: (content) => content });
  service.addRule("tableExtras", { filter: ["caption", "colgroup", "col"], replacement: () => "" });
}
