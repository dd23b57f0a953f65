// The opendataloader-bench evaluator (github.com/opendataloader-project/opendataloader-bench, src/evaluator*.py
// and src/converter_markdown_table.py) ported to TypeScript, so that held-out figures read the ground truth the
// way that benchmark does. Pure, deterministic, no I/O. Its conventions, which differ from structure-score-tree.ts:
//
// - Every GFM table (a row with "|" followed by a --- separator row) is first turned into an HTML table
//   (<th> header row, cells HTML-escaped); the ground truth writes its tables in HTML already.
// - nid: rapidfuzz ratio (2·LCS / (|a| + |b|)) of the whole Markdown, whitespace collapsed, everything else
//   kept: "#" markers, emphasis markers, link syntax, HTML table tags, list bullets (evaluator_reading_order.py
//   strips nothing; an earlier port dropped emphasis markers, which the evaluator does not). null when the
//   ground truth is empty.
// - teds: null when the ground truth has no table, 0 when the prediction has none; otherwise the TEDS of the
//   FIRST table of each side only (the evaluator wraps all tables in one <body> and takes body/table[0]):
//   tree table → tr → td (th read as td, thead/tbody dropped), a td's label is its colspan, rowspan and content;
//   renaming costs 1 if tag or spans differ, else the normalised Levenshtein distance of the contents; inserting
//   or deleting costs 1. TEDS = 1 − distance / (element count below the larger table's root), not clamped.
// - mhs: null when the ground truth has no heading, 0 when the prediction has none; otherwise a flat tree
//   document → (content before the first heading), heading → content (all non-empty lines up to the next
//   heading joined into one node; tables count as content). Heading LEVELS ARE IGNORED. Renaming costs 1
//   between a heading and a content node, else the normalised Levenshtein distance of the texts.
//   MHS = 1 − distance / max(node counts), clamped to [0, 1].
// - overall: mean of the non-null ones among nid, teds, mhs.
import { levenshtein } from "./structure-score";
import { nidSimilarity } from "./structure-score-tree";

// ---------------------------------------------------------------------------------------------------------
// GFM tables to HTML (converter_markdown_table.py)

function splitRow(line: string): string[] | null {
  const t = line.trim();
  if (!t.includes("|")) return null;
  let cells = t.split("|");
  if (t.startsWith("|")) cells = cells.slice(1);
  if (cells.length && t.endsWith("|")) cells = cells.slice(0, -1);
  cells = cells.map((c) => c.trim());
  return cells.length ? cells : null;
}

const isSeparator = (cells: string[]) => cells.length > 0 && cells.every((c) => /^[-:]+$/.test(c.replace(/ /g, "")));

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

function normalizeCells(cells: string[], width: number): string[] {
  if (width <= 0 || cells.length === width) return cells;
  if (cells.length === 3 && width > 3) return [cells[0], ...Array(width - 2).fill(cells[1]), cells[2]];
  if (cells.length < width) return [...cells, ...Array(width - cells.length).fill("")];
  return cells.slice(0, width);
}

/** Markdown with its GFM tables replaced by HTML tables, as the benchmark reads both sides. */
export function markdownTablesToHtml(markdown: string): string {
  const lines = markdown.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g) ?? [];
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    let header = splitRow(lines[i]);
    const separator = header && i + 1 < lines.length ? splitRow(lines[i + 1]) : null;
    if (!header || !separator || !isSeparator(separator)) {
      out.push(lines[i++]);
      continue;
    }
    const width = Math.max(header.length, separator.length);
    header = normalizeCells(header, width);
    const body: string[][] = [];
    let j = i + 2;
    for (; j < lines.length; j++) {
      const row = splitRow(lines[j]);
      if (!row) break;
      body.push(normalizeCells(row, width));
    }
    if (header.every((c) => c === "") && body.length) header = body.shift()!;
    const html = `<table><tr>${header.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr>${body
      .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`)
      .join("")}</table>`;
    out.push(html + (/\r\n$|\r$|\n$/.exec(lines[i])?.[0] ?? ""));
    i = j;
  }
  return out.join("");
}

// ---------------------------------------------------------------------------------------------------------
// Tree edit distance (Zhang–Shasha; the same optimum as the APTED the benchmark uses), unit insert/delete.

export interface LabeledTree<L> {
  label: L;
  children: LabeledTree<L>[];
}

export function treeEditDistance<L>(a: LabeledTree<L>, b: LabeledTree<L>, rename: (x: L, y: L) => number): number {
  const index = (root: LabeledTree<L>) => {
    const labels: L[] = [];
    const leftmost: number[] = [];
    const walk = (n: LabeledTree<L>): number => {
      let first = -1;
      for (const c of n.children) {
        const l = walk(c);
        if (first < 0) first = l;
      }
      labels.push(n.label);
      const me = labels.length - 1;
      leftmost.push(first < 0 ? me : first);
      return leftmost[me];
    };
    walk(root);
    const seen = new Set<number>();
    const keyroots: number[] = [];
    for (let i = labels.length - 1; i >= 0; i--) {
      if (!seen.has(leftmost[i])) {
        keyroots.push(i);
        seen.add(leftmost[i]);
      }
    }
    return { labels, leftmost, keyroots: keyroots.reverse() };
  };
  const A = index(a);
  const B = index(b);
  const n = A.labels.length;
  const m = B.labels.length;
  // (flat arrays, not a Map: a table of several hundred rows has tens of millions of node pairs, past a Map's size)
  const td = Array.from({ length: n }, () => new Float64Array(m));
  const renameCache = new Float32Array(n * m).fill(Number.NaN);
  const cost = (i: number, j: number) => {
    const k = i * m + j;
    let c = renameCache[k];
    if (Number.isNaN(c)) {
      c = rename(A.labels[i], B.labels[j]);
      renameCache[k] = c;
    }
    return c;
  };
  for (const i of A.keyroots) {
    for (const j of B.keyroots) {
      const li = A.leftmost[i];
      const lj = B.leftmost[j];
      const rows = i - li + 2;
      const cols = j - lj + 2;
      const fd = Array.from({ length: rows }, () => new Float64Array(cols));
      for (let x = 1; x < rows; x++) fd[x][0] = fd[x - 1][0] + 1;
      for (let y = 1; y < cols; y++) fd[0][y] = fd[0][y - 1] + 1;
      for (let x = 1; x < rows; x++) {
        for (let y = 1; y < cols; y++) {
          const ni = li + x - 1;
          const nj = lj + y - 1;
          if (A.leftmost[ni] === li && B.leftmost[nj] === lj) {
            fd[x][y] = Math.min(fd[x - 1][y] + 1, fd[x][y - 1] + 1, fd[x - 1][y - 1] + cost(ni, nj));
            td[ni][nj] = fd[x][y];
          } else {
            const px = A.leftmost[ni] - li;
            const py = B.leftmost[nj] - lj;
            fd[x][y] = Math.min(fd[x - 1][y] + 1, fd[x][y - 1] + 1, fd[px][py] + td[ni][nj]);
          }
        }
      }
    }
  }
  return td[n - 1][m - 1];
}

const normalizedDistance = (x: string, y: string) => {
  if (!x && !y) return 0;
  return levenshtein(x, y) / Math.max(x.length, y.length, 1);
};

// ---------------------------------------------------------------------------------------------------------
// NID (evaluator_reading_order.py)

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

export function odlNid(predicted: string, truth: string): number | null {
  const gt = collapse(markdownTablesToHtml(truth));
  if (!gt) return null;
  return nidSimilarity(gt, collapse(markdownTablesToHtml(predicted)));
}

// ---------------------------------------------------------------------------------------------------------
// TEDS (evaluator_table.py)

interface Element {
  tag: string;
  attrs: Record<string, string>;
  /** Text and child elements in document order. */
  content: (string | Element)[];
}

const VOID = new Set(["br", "img", "hr", "input", "meta", "link", "col", "wbr"]);
const ENTITY: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const unescapeHtml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === "#") return String.fromCodePoint(e[1].toLowerCase() === "x" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITY[e.toLowerCase()] ?? all;
  });

/** A forgiving HTML parser for the tables in Markdown: elements, attributes, text; comments dropped. */
function parseHtml(html: string): Element {
  const root: Element = { tag: "#root", attrs: {}, content: [] };
  const stack: Element[] = [root];
  const re = /<!--[\s\S]*?-->|<\/\s*([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g;
  let last = 0;
  for (const m of html.matchAll(re)) {
    if (m.index! > last) stack[stack.length - 1].content.push(unescapeHtml(html.slice(last, m.index)));
    last = m.index! + m[0].length;
    if (m[0].startsWith("<!--")) continue;
    if (m[1]) {
      const tag = m[1].toLowerCase();
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const tag = m[2].toLowerCase();
    const attrs: Record<string, string> = {};
    for (const a of (m[3] ?? "").matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[a[1].toLowerCase()] = unescapeHtml(a[2] ?? a[3] ?? a[4] ?? "");
    }
    // Implied ends, as an HTML parser closes them: a new row closes the open row, a new cell the open cell.
    if (tag === "tr" || tag === "td" || tag === "th") {
      const closers = tag === "tr" ? ["tr", "td", "th"] : ["td", "th"];
      for (let k = stack.length - 1; k > 0 && stack[k].tag !== "table"; k--) {
        if (closers.includes(stack[k].tag)) {
          stack.length = k;
          break;
        }
      }
    }
    const el: Element = { tag, attrs, content: [] };
    stack[stack.length - 1].content.push(el);
    if (!m[4] && !VOID.has(tag)) stack.push(el);
  }
  if (last < html.length) stack[stack.length - 1].content.push(unescapeHtml(html.slice(last)));
  return root;
}

const childElements = (e: Element) => e.content.filter((c): c is Element => typeof c !== "string");

function findFirst(e: Element, tag: string): Element | null {
  for (const c of childElements(e)) {
    if (c.tag === tag) return c;
    const inner = findFirst(c, tag);
    if (inner) return inner;
  }
  return null;
}

/** Text of a cell as the benchmark tokenises it: text, inner tags written out (even void ones as <br></br>), tails. */
function cellText(e: Element): string {
  return e.content.map((c) => (typeof c === "string" ? c : `<${c.tag}>${cellText(c)}</${c.tag}>`)).join("");
}

/** Elements below e (xpath .//*), thead and tbody left out as the benchmark removes them. */
function elementsBelow(e: Element): number {
  return childElements(e).reduce((n, c) => n + (c.tag === "thead" || c.tag === "tbody" ? 0 : 1) + elementsBelow(c), 0);
}

interface CellLabel {
  tag: string;
  colspan: number | null;
  rowspan: number | null;
  content: string;
}

function tableTree(e: Element): LabeledTree<CellLabel> {
  const tag = e.tag === "th" ? "td" : e.tag;
  if (tag === "td") {
    return {
      label: { tag, colspan: Number(e.attrs.colspan ?? "1"), rowspan: Number(e.attrs.rowspan ?? "1"), content: cellText(e) },
      children: [],
    };
  }
  const children: LabeledTree<CellLabel>[] = [];
  for (const c of childElements(e)) {
    if (c.tag === "thead" || c.tag === "tbody") children.push(...childElements(c).map(tableTree));
    else children.push(tableTree(c));
  }
  return { label: { tag, colspan: null, rowspan: null, content: "" }, children };
}

const cellNormalize = (s: string) => collapse(unescapeHtml(s).replace(/<br\s*\/?>/g, "\n"));

/** TEDS of two HTML tables, as evaluator_table.py computes it. */
function odlTableSimilarity(predicted: Element, truth: Element): number {
  const p = tableTree(predicted);
  const t = tableTree(truth);
  const n = Math.max(elementsBelow(predicted), elementsBelow(truth));
  if (n === 0) return 1;
  const distance = treeEditDistance(p, t, (x, y) => {
    if (x.tag !== y.tag || x.colspan !== y.colspan || x.rowspan !== y.rowspan) return 1;
    if (x.tag !== "td" || (!x.content && !y.content)) return 0;
    return normalizedDistance(cellNormalize(x.content), cellNormalize(y.content));
  });
  return 1 - distance / n;
}

export function odlTeds(predicted: string, truth: string): number | null {
  const gt = findFirst(parseHtml(markdownTablesToHtml(truth)), "table");
  if (!gt) return null;
  const pred = findFirst(parseHtml(markdownTablesToHtml(predicted)), "table");
  if (!pred) return 0;
  return odlTableSimilarity(pred, gt);
}

// ---------------------------------------------------------------------------------------------------------
// MHS (evaluator_heading_level.py)

interface SectionLabel {
  tag: "document" | "heading" | "content";
  text: string;
}

function sectionTree(markdown: string): LabeledTree<SectionLabel> {
  const root: LabeledTree<SectionLabel> = { label: { tag: "document", text: "" }, children: [] };
  let container = root;
  let pending: string[] = [];
  const flush = () => {
    const text = collapse(pending.join(" "));
    if (text) container.children.push({ label: { tag: "content", text }, children: [] });
    pending = [];
  };
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      const heading: LabeledTree<SectionLabel> = { label: { tag: "heading", text: collapse(h[2]) }, children: [] };
      root.children.push(heading);
      container = heading;
      continue;
    }
    const text = collapse(line);
    if (text) pending.push(text);
  }
  flush();
  return root;
}

const countNodes = (t: LabeledTree<unknown>): number => t.children.reduce((n, c) => n + countNodes(c), 1);

export function odlMhs(predicted: string, truth: string): number | null {
  const gt = sectionTree(markdownTablesToHtml(truth));
  if (!gt.children.some((c) => c.label.tag === "heading")) return null;
  const pred = sectionTree(markdownTablesToHtml(predicted));
  if (!pred.children.some((c) => c.label.tag === "heading")) return 0;
  const distance = treeEditDistance(pred, gt, (x, y) => (x.tag !== y.tag ? 1 : normalizedDistance(x.text, y.text)));
  const n = Math.max(countNodes(gt), countNodes(pred), 1);
  return Math.max(0, Math.min(1, 1 - distance / n));
}

// ---------------------------------------------------------------------------------------------------------

export interface OdlScores {
  nid: number | null;
  teds: number | null;
  mhs: number | null;
  overall: number | null;
}

export function scoreOdl(predicted: string, truth: string): OdlScores {
  const nid = odlNid(predicted, truth);
  const teds = odlTeds(predicted, truth);
  const mhs = odlMhs(predicted, truth);
  const parts = [nid, teds, mhs].filter((x): x is number => x !== null);
  return { nid, teds, mhs, overall: parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : null };
}
