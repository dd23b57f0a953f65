// Markdown escaping for text recovered from PDFs: escape only what would change the rendering, so a
// normal sentence ("Version 1.2 costs $5.00.") comes out unchanged, without `\.` noise. Bold runs inside
// running text travel as two Unicode noncharacters (never valid in extracted text, removed on input) and
// become `**` only after escaping.
import { inLogicalColumnOrder } from "@/lib/documents/markdown-write";

/** Start and end of a bold run inside text. */
export const BOLD_OPEN = "\uFDD0";
export const BOLD_CLOSE = "\uFDD1";
const MARKS = /[\uFDD0\uFDD1]/g;

/** Text without bold marks. */
export function stripMarks(text: string): string {
  return text.includes(BOLD_OPEN) ? text.replace(MARKS, "") : text;
}

/** Normalises marks: no empty runs, runs that touch (or only a space apart) become one, spaces outside. */
export function mergeMarks(text: string): string {
  if (!text.includes(BOLD_OPEN)) return text;
  let t = text;
  for (let prev = ""; prev !== t; ) {
    prev = t;
    t = t
      .replace(/\uFDD1(\s*)\uFDD0/g, "$1")
      .replace(/\uFDD0(\s*)\uFDD1/g, "$1")
      .replace(/\uFDD0(\s+)/g, "$1\uFDD0")
      .replace(/(\s+)\uFDD1/g, "\uFDD1$1");
  }
  return t;
}

const PUNCT = /[\p{P}\p{S}]/u;
const SPACE = /\s/;

/**
 * Escaped text with marks → `**` emphasis. A run whose delimiters CommonMark would not read as emphasis
 * (punctuation inside next to a letter outside) is left plain.
 */
export function renderMarks(escaped: string): string {
  if (!escaped.includes(BOLD_OPEN)) return escaped;
  let out = "";
  let i = 0;
  while (i < escaped.length) {
    const open = escaped.indexOf(BOLD_OPEN, i);
    if (open < 0) break;
    const close = escaped.indexOf(BOLD_CLOSE, open);
    const end = close < 0 ? escaped.length : close;
    const inner = escaped.slice(open + 1, end).replace(MARKS, "");
    const before = escaped[open - 1] ?? " ";
    const after = escaped[end + 1] ?? " ";
    const first = inner[0] ?? " ";
    const last = inner[inner.length - 1] ?? " ";
    const opens = !SPACE.test(first) && (!PUNCT.test(first) || SPACE.test(before) || PUNCT.test(before));
    const closes = !SPACE.test(last) && (!PUNCT.test(last) || SPACE.test(after) || PUNCT.test(after));
    out += escaped.slice(i, open).replace(MARKS, "") + (inner && opens && closes ? `**${inner}**` : inner);
    i = end + 1;
  }
  return out + escaped.slice(i).replace(MARKS, "");
}

const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
const ALNUM = /[\p{L}\p{N}]/u;
const ENTITY = /^&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;

/** Escapes characters that would start inline Markdown (emphasis, code, links, HTML, entities). */
const SPECIAL = /[\\`*_~<\]&]/;

/**
 * Whether runs of `ch` (* or _) in the text could pair into emphasis: a run that can open (left-flanking)
 * before one that can close (right-flanking). Without such a pair ("*ALLOBJ authority", "5 * 3") none of
 * them needs escaping. Text with bold marks is always escaped (the marks become `**` after escaping).
 */
function emphasisPossible(text: string, ch: string): boolean {
  if (text.includes(BOLD_OPEN)) return true;
  let opener = false;
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i)) {
    let j = i;
    while (text[j] === ch) j++;
    const prev = text[i - 1] ?? " ";
    const next = text[j] ?? " ";
    const left = !SPACE.test(next) && (!PUNCT.test(next) || SPACE.test(prev) || PUNCT.test(prev));
    const right = !SPACE.test(prev) && (!PUNCT.test(prev) || SPACE.test(next) || PUNCT.test(next));
    // An underscore run inside a word neither opens nor closes.
    const intraword = ch === "_" && ALNUM.test(prev) && ALNUM.test(next);
    if (!intraword && right && opener) return true;
    if (!intraword && left) opener = true;
    i = j;
  }
  return false;
}

export function escapeInline(text: string): string {
  if (!SPECIAL.test(text)) return text;
  let out = "";
  const tildes = (text.match(/~/g) ?? []).length >= 2;
  const stars = text.includes("*") && emphasisPossible(text, "*");
  const unders = text.includes("_") && emphasisPossible(text, "_");
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const prev = text[i - 1] ?? " ";
    const next = text[i + 1] ?? " ";
    switch (ch) {
      case "\\":
        out += ASCII_PUNCT.test(next) ? "\\\\" : "\\";
        break;
      case "`":
        out += "\\`";
        break;
      case "*":
        out += !stars || (/\s/.test(prev) && /\s/.test(next)) ? "*" : "\\*";
        break;
      case "_": {
        const spaced = /\s/.test(prev) && /\s/.test(next);
        const intraword = ALNUM.test(prev) && ALNUM.test(next);
        out += !unders || spaced || intraword ? "_" : "\\_";
        break;
      }
      case "~":
        out += tildes ? "\\~" : "~";
        break;
      case "<":
        out += /[A-Za-z/!?]/.test(next) ? "\\<" : "<";
        break;
      case "]":
        out += next === "(" || next === "[" || next === ":" ? "\\]" : "]";
        break;
      case "&":
        out += ENTITY.test(text.slice(i)) ? "\\&" : "&";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

/** Escapes a paragraph: inline characters plus whatever would turn its start into another block. */
export function escapeBlock(text: string): string {
  const t = escapeInline(text);
  if (/^#{1,6}(\s|$)/.test(t)) return `\\${t}`;
  if (/^[>+]/.test(t)) return `\\${t}`;
  if (/^[-*](\s|$)/.test(t)) return `\\${t}`;
  if (/^[=-]+\s*$/.test(t)) return `\\${t}`;
  if (/^(`{3,}|~{3,})/.test(t)) return `\\${t}`;
  if (/^\|/.test(t)) return `\\${t}`;
  const ordered = /^(\d{1,9})([.)])(\s|$)/.exec(t);
  if (ordered) return `${ordered[1]}\\${t.slice(ordered[1].length)}`;
  return t;
}

/** Heading text: inline escaping, and closing `#`s that Markdown would strip. */
export function escapeHeading(text: string): string {
  return escapeInline(text).replace(/(\s)(#+)$/, (_m, s: string, h: string) => `${s}\\${h}`);
}

/** A GFM table; the first row is the header, columns in reading order. Cells get `|` escaped and are never empty of structure. */
export function renderTable(drawn: string[][]): string {
  const cells = inLogicalColumnOrder(drawn);
  const cols = Math.max(...cells.map((r) => r.length));
  // Cells are plain text (the table readers, grid.ts and tables.ts, keep no weight): a cell's weight (a bold
  // header, row label or best figure) is no part of its content, and table benchmarks (TEDS over cell text) and
  // readers of the table take "**91.2**" for other text than "91.2".
  const cell = (t: string | undefined) => escapeInline((t ?? "").trim()).replace(/\|/g, "\\|");
  const line = (r: string[]) => `| ${Array.from({ length: cols }, (_, c) => cell(r[c])).join(" | ")} |`;
  const lines = [line(cells[0]), `|${" --- |".repeat(cols)}`];
  for (const r of cells.slice(1)) lines.push(line(r));
  return lines.join("\n");
}
