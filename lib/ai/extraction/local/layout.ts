// Parsed pages (Markdown) → what the offline extractor reads: label/value candidates in reading order,
// tables (header + cell rows), and plain text lines for free-text search.
// Candidates come from "Label: value" lines (several per line when separated by wide gaps or pipes),
// "**Label** value", a label line followed by its value line, label/value cell pairs in table rows with few
// cells, and one-row tables read across (header → value). Key-value tables need the schema to be told apart
// from data tables: see kvCandidates in local/tables.ts.
import { parseBlocks } from "@/lib/documents/markdown-blocks";
import { cleanText } from "../values/text";

export interface Candidate {
  label: string;
  value: string;
  page: number;
  /** Reading order over the whole document. */
  order: number;
  source: "colon" | "bold" | "next-line" | "kv-table" | "table-row" | "table-across" | "gap";
  /** The line or table it was read from: the same pair read twice from one place counts once. */
  scope: string;
}

export interface Table {
  page: number;
  order: number;
  header: string[];
  rows: string[][];
  /** Set by the extractor when the table holds label/value pairs rather than records. */
  kv?: boolean;
  /** Candidate scope of the block it came from (kept when the extractor splits the table). */
  scope: string;
}

export interface Line {
  page: number;
  order: number;
  text: string;
  /** Heading level, 0 for body text. */
  heading: number;
}

export interface Layout {
  candidates: Candidate[];
  tables: Table[];
  lines: Line[];
}

/** Cells of one Markdown table line, escaped pipes kept inside cells. */
export function splitRow(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((c) => cleanText(c.replace(/\\\|/g, "|")));
}

const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/**
 * Tables written back to back with no blank line between them arrive as one block: a separator row in the
 * middle starts a new table whose header is the row above it.
 */
function splitTables(headerLines: string[], rowLines: string[]): { header: string[]; rows: string[][] }[] {
  const out: { header: string[]; rows: string[][] }[] = [];
  let cur = { header: headerLines.length ? splitRow(headerLines[0]) : [], rows: [] as string[][] };
  for (let i = 0; i < rowLines.length; i++) {
    if (SEPARATOR.test(rowLines[i]) && cur.rows.length) {
      const header = cur.rows.pop() as string[];
      if (cur.rows.length || cur.header.length) out.push(cur);
      cur = { header, rows: [] };
      continue;
    }
    if (!SEPARATOR.test(rowLines[i])) cur.rows.push(splitRow(rowLines[i]));
  }
  out.push(cur);
  return out;
}

const LABEL_MAX_WORDS = 7;

/** Whether text can be a label: letters, at most a few words, not a sentence. */
export function looksLikeLabel(text: string): boolean {
  const t = text.trim();
  if (!t || t.length > 60 || !/\p{L}/u.test(t)) return false;
  if (t.split(/\s+/).length > LABEL_MAX_WORDS) return false;
  // Mostly digits (amounts, dates, ids) are values, not labels.
  const digits = (t.match(/\d/g) ?? []).length;
  return digits <= 2 || digits / t.length < 0.25;
}

/** "Label: value" split of one segment (colons inside times and URLs are not separators). */
function colonPair(seg: string): [string, string] | null {
  const m = /^([^:：]{1,60}?)\s*[:：]\s*(.*)$/.exec(seg);
  if (!m) return null;
  const label = m[1];
  if (/\d$/.test(label) && /^\d/.test(m[2])) return null; // 14:30
  if (/^(https?|mailto|ftp)$/i.test(label.trim())) return null;
  if (!looksLikeLabel(label)) return null;
  return [label, m[2]];
}

export function buildLayout(pages: { page: number; markdown: string }[]): Layout {
  const candidates: Candidate[] = [];
  const tables: Table[] = [];
  const lines: Line[] = [];
  let order = 0;
  const seen = new Set<string>();
  let scope = "";
  const push = (label: string, value: string, page: number, source: Candidate["source"]) => {
    const l = cleanText(label);
    const v = cleanText(value);
    const key = `${scope}\u0000${l}\u0000${v}`;
    if (!l || !v || seen.has(key)) return;
    seen.add(key);
    candidates.push({ label: l, value: v, page, order: order++, source, scope });
  };

  for (const { page, markdown } of pages) {
    for (const block of parseBlocks(markdown, page)) {
      if (block.kind === "table") {
        for (const t of splitTables(block.header, block.rows)) {
          scope = `t${order}`;
          tables.push({ page, order: order++, header: t.header, rows: t.rows, scope });
          tableCandidates(t.header, t.rows, page, push);
        }
        continue;
      }
      let texts: { text: string; heading: number }[] = [];
      if (block.kind === "heading") texts = [{ text: block.text, heading: block.level }];
      else if (block.kind === "paragraph") texts = block.text.split("\n").map((text) => ({ text, heading: 0 }));
      else if (block.kind === "list")
        texts = block.items.flatMap((i) => i.split("\n")).map((t) => ({ text: t.replace(/^\s*([-*+]|\d{1,9}[.)])\s+/, ""), heading: 0 }));
      else if (block.kind === "code") texts = block.lines.map((text) => ({ text, heading: 0 }));
      for (let i = 0; i < texts.length; i++) {
        const raw = texts[i].text;
        scope = `l${order}`;
        lines.push({ page, order: order++, text: cleanText(raw), heading: texts[i].heading });
        lineCandidates(raw, page, push);
        // A label alone on its line ("Invoice number:" or a bold label), the value on the next line.
        const next = texts[i + 1]?.text;
        const alone = cleanText(raw);
        if (next !== undefined && (/[:：]\s*(\*\*)?\s*$/.test(raw) || /^\s*\*\*[^*]+\*\*\s*$/.test(raw)) && looksLikeLabel(alone)) {
          push(alone, next, page, "next-line");
        }
      }
      // Paragraph blocks of exactly two short lines with no colon: label, then value.
      if (block.kind === "paragraph" && texts.length === 2 && !texts[0].text.includes(":") && looksLikeLabel(cleanText(texts[0].text))) {
        push(texts[0].text, texts[1].text, page, "next-line");
      }
    }
  }
  return { candidates, tables, lines };
}

function lineCandidates(raw: string, page: number, push: (l: string, v: string, p: number, s: Candidate["source"]) => void) {
  // "**Label:** value" / "**Label** value"
  const bold = /^\s*\*\*([^*]{1,60}?)\*\*\s*[:：]?\s*(.+)$/.exec(raw);
  if (bold && looksLikeLabel(bold[1]) && !/\*\*/.test(bold[2])) {
    push(bold[1].replace(/[:：]\s*$/, ""), bold[2], page, "bold");
    return;
  }
  // Several pairs on one line: wide gaps, tabs, pipes or middle dots separate them.
  const segments = raw
    .split(/\s{3,}|\t+|\s+[|·•]\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = 0; i < segments.length; i++) {
    const pair = colonPair(segments[i].replace(/\*\*/g, ""));
    if (pair) {
      if (pair[1].trim()) push(pair[0], pair[1], page, "colon");
      else if (segments[i + 1]) {
        push(pair[0], segments[i + 1], page, "gap");
        i++;
      }
      continue;
    }
    if (segments.length > 1 && segments[i + 1] && looksLikeLabel(segments[i]) && !colonPair(segments[i + 1])) {
      push(segments[i], segments[i + 1], page, "gap");
      i++;
    }
  }
}

function tableCandidates(header: string[], rows: string[][], page: number, push: (l: string, v: string, p: number, s: Candidate["source"]) => void) {
  const width = Math.max(header.length, ...rows.map((r) => r.length));
  for (const r of rows) {
    // "| Total: $79,322.60 | | |": a label/value line that landed in one cell.
    for (const cell of r) {
      const pair = cell.includes(":") ? colonPair(cell) : null;
      if (pair?.[1].trim()) push(pair[0], pair[1], page, "table-row");
    }
  }
  if (width !== 2) {
    // Rows with few filled cells ("| | | Total | 1,234.00 |"): a label cell and the next filled cell.
    for (const r of rows) {
      const filled = r.map((c, j) => [c, j] as const).filter(([c]) => c);
      if (filled.length < 2 || filled.length > 3 || filled.length === r.length) continue;
      for (let k = 0; k + 1 < filled.length; k++) if (looksLikeLabel(filled[k][0])) push(filled[k][0], filled[k + 1][0], page, "table-row");
    }
  }
  // One-row tables read across: header cell → the cell below it.
  if (header.length > 2 && rows.length === 1) {
    header.forEach((h, j) => {
      if (h && rows[0][j] && looksLikeLabel(h)) push(h, rows[0][j], page, "table-across");
    });
  }
}
