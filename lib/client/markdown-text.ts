// Markdown chunk excerpts as plain text people can read: search results, ask sources and file lists show a
// passage, not its markup. Headings lose their `#`, emphasis its `**`, links keep their text, escapes their
// character, and a table's rows become their cells' text separated by " · ". Pure (no DOM), so the same text
// can be highlighted with `splitHighlights` and rendered as React text nodes.

import { splitHighlights } from "./highlight";

// Private-use characters stand in for escaped characters while markup is stripped, so `\*` never reads as
// emphasis and `\|` never splits a table cell.
const ESCAPE_BASE = 0xe000;
const ESCAPABLE = "\\`*_{}[]()#+-.!|<>~";

const hideEscapes = (s: string) =>
  s.replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, (_, c: string) => String.fromCharCode(ESCAPE_BASE + ESCAPABLE.indexOf(c)));

const restoreEscapes = (s: string) => s.replace(/[\ue000-\ue013]/g, (c) => ESCAPABLE[c.charCodeAt(0) - ESCAPE_BASE] ?? "");

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|nbsp|#39|#x[0-9a-f]+|#\d+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower];
    const code = lower.startsWith("#x") ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** Inline markup of one line (escapes already hidden): images, links, code, emphasis, HTML tags. */
function inlineText(line: string): string {
  return (
    line
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1")
      .replace(/<((?:https?|mailto):[^>\s]+)>/g, "$1")
      .replace(/`+([^`]+?)`+/g, "$1")
      .replace(/<br\s*\/?>/gi, " ")
      .replace(/<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi, "")
      // Emphasis: strongest first; underscores only at word edges so snake_case survives. A span never crosses its
      // own delimiter character (linear on a line of unmatched openers: "**a " × 20,000 took 3 s with [\s\S]*?);
      // strong emphasis around an inner emphasis is taken on a second pass.
      .replace(STRONGEST, inner)
      .replace(STRONG, inner)
      .replace(/~~(?=\S)([^~]*?\S)~~/g, "$1")
      .replace(/(^|[^\p{L}\p{N}*])\*(?=\S)([^*]*?\S)\*(?![\p{L}\p{N}])/gu, "$1$2")
      .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}])/gu, "$1$2")
      .replace(STRONG, inner)
  );
}

const inner = (_: string, star?: string, underscore?: string) => star ?? underscore ?? "";
const STRONGEST = /\*\*\*(?=[^\s*])([^*]*?[^\s*])\*\*\*|___(?=[^\s_])([^_]*?[^\s_])___/g;
const STRONG = /\*\*(?=[^\s*])([^*]*?[^\s*])\*\*|__(?=[^\s_])([^_]*?[^\s_])__/g;
const TABLE_SEPARATOR = /^\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?$/;
const isTableSeparator = (line: string) => line.includes("-") && line.includes("|") && TABLE_SEPARATOR.test(line);
const looksLikeRow = (line: string) => line.startsWith("|") || line.endsWith("|");

function tableRowText(line: string): string {
  const inner = line.replace(/^\|/, "").replace(/\|$/, "");
  return inner
    .split("|")
    .map((cell) => inlineText(cell).trim())
    .filter(Boolean)
    .join(" · ");
}

const RULE = /^(?:[-*_]\s*){3,}$/;
const SETEXT = /^(?:=+|-+)$/;

/** One block line (trimmed, escapes hidden) without its block markup. */
function blockLineText(line: string): string {
  const heading = /^#{1,6}(?:\s+|$)(.*?)(?:\s+#+)?$/.exec(line);
  if (heading) return inlineText(heading[1]);
  let rest = line.replace(/^(?:>\s?)+/, "");
  const task = /^[-*+]\s+\[([ xX])\]\s+(.*)$/.exec(rest);
  if (task) return `${task[1] === " " ? "☐" : "☑"} ${inlineText(task[2])}`;
  const bullet = /^[-*+]\s+(.*)$/.exec(rest);
  if (bullet) rest = `• ${bullet[1]}`;
  return inlineText(rest);
}

/** Plain, readable text of a Markdown excerpt; blank lines collapse to one line break between blocks. */
export function markdownToText(markdown: string): string {
  const lines = hideEscapes(markdown.replace(/\r\n?/g, "\n")).split("\n");
  const out: string[] = [];
  let inTable = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) {
      inTable = false;
      out.push("");
      continue;
    }
    if (/^(```|~~~)/.test(line)) continue;
    const next = (lines[i + 1] ?? "").trim();
    if (isTableSeparator(line)) {
      inTable = true;
      continue;
    }
    // A header row is known by the separator under it; an excerpt may also start mid-table.
    if (inTable || looksLikeRow(line) || (line.includes("|") && isTableSeparator(next))) {
      inTable = true;
      const row = tableRowText(line);
      if (row) out.push(row);
      continue;
    }
    if (RULE.test(line) || (SETEXT.test(line) && out.length && out[out.length - 1] !== "")) continue;
    out.push(blockLineText(line));
  }
  const text = out
    .join("\n")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/\n{2,}/g, "\n")
    .trim();
  return decodeEntities(restoreEscapes(text));
}

/**
 * A window of about `maxChars` characters of `text`, cut at word edges and centred on `focus` (the index of
 * the first highlighted term, or 0), with "…" where text was left out.
 */
export function excerptAround(text: string, focus: number, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let start = Math.max(0, Math.min(focus - Math.floor(maxChars / 3), text.length - maxChars));
  let end = Math.min(text.length, start + maxChars);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < focus) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + maxChars / 2) end = space;
  }
  return `${start > 0 ? "… " : ""}${text.slice(start, end).trim()}${end < text.length ? " …" : ""}`;
}

/** The text a snippet shows: Markdown as text, optionally on one line and cut around the first match. */
export function snippetText(markdown: string, query: string, maxChars?: number, keepLines = true): string {
  let text = markdownToText(markdown);
  if (!keepLines) text = text.replace(/\n+/g, " · ");
  if (!maxChars) return text;
  const first = splitHighlights(text, query).find((s) => s.match);
  const focus = first ? text.indexOf(first.text) : 0;
  return excerptAround(text, focus, maxChars);
}
