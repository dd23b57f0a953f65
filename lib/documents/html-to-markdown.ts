// HTML → Markdown for the docx and html/xhtml converters (and Markdown text helpers for the XML-based
// converters): turndown with ATX headings, `-` bullets, fenced code and GFM tables. Tables always become
// GFM tables (the first row is the header when there is no <thead>), non-content elements are dropped,
// and text is escaped only where Markdown would otherwise misread it (no `\.` noise in sentences).

// @ts-expect-error -- the package ships no type declarations (ignore rather than expect-error: stays valid if some are added)
import * as gfmPlugin from "@joplin/turndown-plugin-gfm";
import TurndownService from "turndown";
import { AppError } from "@/lib/errors";

type Plugin = TurndownService.Plugin;
const { strikethrough, taskListItems, highlightedCodeBlock } = gfmPlugin as Record<string, Plugin>;

/** Class of the <hr> that marks an explicit page break (docx converter); see htmlToMarkdownPages. */
export const PAGE_BREAK_CLASS = "docintel-page-break";
const PAGE_SENTINEL = "\uE000docintel-page\uE000";

const REMOVED: TurndownService.Filter = [
  "head",
  "title",
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "canvas",
  "svg",
  "button",
  "select",
  "textarea",
] as unknown as TurndownService.Filter;

/** Escapes text so that Markdown renders it literally, without escaping what cannot be misread. */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(/\uE000/g, "")
    .replace(/\\(?=[!-/:-@[-`{-~])/g, "\\\\")
    .replace(/`/g, "\\`")
    .replace(/(?<!\s)\*|\*(?!\s)/g, "\\*")
    .replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, "\\_")
    .replace(/~~/g, "\\~\\~")
    .replace(/\]\(/g, "\\](")
    .replace(/<(?=[A-Za-z/!?])/g, "\\<")
    .replace(/^(#{1,6})(?=\s|$)/, "\\$1")
    .replace(/^([-+>])(?=\s|$)/, "\\$1")
    .replace(/^>/, "\\>")
    .replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2")
    .replace(/^([=-])(?=\1*\s*$)/, "\\$1");
}

/** A GFM table from rows of cell text (Markdown already); the first row is the header. */
export function markdownTable(rows: string[][]): string {
  const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
  if (!rows.length || width === 0) return "";
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => tableCell(cells[i] ?? "")).join(" | ")} |`;
  return [line(rows[0]), `|${" --- |".repeat(width)}`, ...rows.slice(1).map(line)].join("\n");
}

export interface ListItem {
  /** 0 = top level. */
  level: number;
  ordered: boolean;
  /** Markdown of the item (already escaped). */
  text: string;
}

/** A nested Markdown list; levels deeper than one below the previous item are clamped. */
export function markdownList(items: ListItem[]): string {
  const widths: number[] = [];
  const counters: number[] = [];
  const kinds: boolean[] = [];
  let out = "";
  for (const item of items) {
    const level = Math.max(0, Math.min(item.level, widths.length));
    // A top-level switch between bullets and numbers starts a new list: keep them visibly apart.
    if (out) out += level === 0 && kinds[0] !== item.ordered ? "\n\n" : "\n";
    counters[level] = kinds[level] === item.ordered && counters.length > level ? counters[level] + 1 : 1;
    kinds[level] = item.ordered;
    counters.length = kinds.length = level + 1;
    const marker = item.ordered ? `${counters[level]}. ` : "- ";
    widths[level] = marker.length;
    widths.length = level + 1;
    const indent = " ".repeat(widths.slice(0, level).reduce((a, b) => a + b, 0));
    out += indent + marker + item.text.trim().replace(/\n/g, `\n${indent}${" ".repeat(marker.length)}`);
  }
  return out;
}

function tableCell(md: string): string {
  return md
    .trim()
    .replace(/\s*\n+\s*/g, "<br>")
    .replace(/(?<!\\)\|/g, "\\|");
}

// --- turndown rules --------------------------------------------------------------------------------------

function parentTable(node: Node): HTMLTableElement | null {
  for (let p = node.parentNode; p; p = p.parentNode) if (p.nodeName === "TABLE") return p as HTMLTableElement;
  return null;
}

interface TableFacts {
  /** Layout-ish tables (no rows, one cell, or containing other tables) are flattened to paragraphs. */
  flat: boolean;
  width: number;
  firstRow: Node | undefined;
}
// Computed once per table: the cell and row rules ask for every cell (and domino's `rows` is not cheap).
const factsCache = new WeakMap<Node, TableFacts>();

function tableFacts(table: HTMLTableElement | null): TableFacts {
  if (!table) return { flat: true, width: 0, firstRow: undefined };
  const cached = factsCache.get(table);
  if (cached) return cached;
  const rows = Array.from(table.rows ?? []);
  let width = 0;
  for (const row of rows) {
    let n = 0;
    for (const cell of Array.from(row.cells)) n += Math.max(1, Number(cell.getAttribute("colspan")) || 1);
    width = Math.max(width, n);
  }
  const flat = rows.length === 0 || (rows.length === 1 && rows[0].cells.length <= 1) || table.getElementsByTagName("table").length > 0;
  const facts = { flat, width: Math.min(width, 1000), firstRow: rows[0] };
  factsCache.set(table, facts);
  return facts;
}

function addRules(service: TurndownService): void {
  service.addRule("tableCell", {
    filter: ["th", "td"],
    replacement: (content, node) => {
      if (tableFacts(parentTable(node)).flat) return `\n\n${content}\n\n`;
      const span = Math.min(Math.max(1, Number((node as HTMLElement).getAttribute("colspan")) || 1), 1000);
      return `| ${tableCell(content)} ` + "|  ".repeat(span - 1);
    },
  });
  service.addRule("tableRow", {
    filter: "tr",
    replacement: (content, node) => {
      const { flat, width, firstRow } = tableFacts(parentTable(node));
      if (flat) return `\n\n${content}\n\n`;
      let cells = 0;
      for (const cell of Array.from((node as HTMLTableRowElement).cells)) cells += Math.max(1, Number(cell.getAttribute("colspan")) || 1);
      const row = content.trim() + " |".repeat(Math.max(0, width - cells) + 1);
      const header = firstRow === node ? `\n|${" --- |".repeat(width)}` : "";
      return `\n${row}${header}`;
    },
  });
  service.addRule("table", {
    filter: "table",
    replacement: (content, node) => {
      if (tableFacts(node as HTMLTableElement).flat) return `\n\n${content}\n\n`;
      const caption = (node as HTMLTableElement).caption?.textContent?.trim();
      return `\n\n${caption ? `${escapeMarkdownText(caption)}\n\n` : ""}${content.replace(/\n+/g, "\n").trim()}\n\n`;
    },
  });
  service.addRule("tableSection", { filter: ["thead", "tbody", "tfoot"], replacement: (content) => content });
  service.addRule("tableExtras", { filter: ["caption", "colgroup", "col"], replacement: () => "" });
  service.addRule("heading", {
    filter: ["h1", "h2", "h3", "h4", "h5", "h6"],
    replacement: (content, node) => {
      const text = content.replace(/\s*\n+\s*/g, " ").trim();
      return text ? `\n\n${"#".repeat(Number(node.nodeName[1]))} ${text}\n\n` : "";
    },
  });
  service.addRule("listItem", {
    filter: "li",
    replacement: (content, node, options) => {
      const parent = node.parentNode as HTMLElement | null;
      let prefix = `${options.bulletListMarker} `;
      if (parent?.nodeName === "OL") {
        const start = Number(parent.getAttribute("start")) || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const paragraph = /\n$/.test(content);
      const body = content.replace(/^\n+|\n+$/g, "") + (paragraph ? "\n" : "");
      return prefix + body.replace(/\n/g, `\n${" ".repeat(prefix.length)}`) + (node.nextSibling ? "\n" : "");
    },
  });
  service.addRule("preWithoutCode", {
    filter: (node) => node.nodeName === "PRE" && node.firstChild?.nodeName !== "CODE",
    replacement: (_content, node) => `\n\n\`\`\`\n${(node.textContent ?? "").replace(/\n$/, "")}\n\`\`\`\n\n`,
  });
  service.addRule("image", {
    filter: "img",
    replacement: (_content, node) => {
      const alt = escapeMarkdownText(((node as HTMLElement).getAttribute("alt") ?? "").replace(/\s+/g, " ").trim());
      const src = ((node as HTMLElement).getAttribute("src") ?? "").trim();
      if (!src || /^(data|javascript|blob):/i.test(src)) return alt;
      return `![${alt}](${src.replace(/[()\s]/g, encodeURIComponent)})`;
    },
  });
  service.addRule("unsafeLink", {
    filter: (node) => node.nodeName === "A" && /^\s*(javascript|vbscript|data):/i.test((node as HTMLElement).getAttribute("href") ?? ""),
    replacement: (content) => content,
  });
  service.addRule("pageBreak", {
    filter: (node) => node.nodeName === "HR" && (node as HTMLElement).classList?.contains(PAGE_BREAK_CLASS),
    replacement: () => `\n\n${PAGE_SENTINEL}\n\n`,
  });
}

let cached: TurndownService | undefined;

function service(): TurndownService {
  if (cached) return cached;
  const s = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    emDelimiter: "*",
    strongDelimiter: "**",
    hr: "---",
    br: "",
    linkStyle: "inlined",
  });
  s.use([strikethrough, taskListItems, highlightedCodeBlock]);
  s.remove(REMOVED);
  addRules(s);
  s.escape = escapeMarkdownText;
  cached = s;
  return s;
}

function tidy(md: string): string {
  return md
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const MAX_NESTING = 1500;
const VOID_OR_AUTO_CLOSED = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
  "p",
  "li",
  "dt",
  "dd",
  "tr",
  "td",
  "th",
  "option",
  "optgroup",
  "thead",
  "tbody",
  "tfoot",
  "colgroup",
  "caption",
  "rb",
  "rt",
  "rp",
  "html",
  "head",
  "body",
]);

/**
 * Turndown and its DOM recurse per nesting level: absurdly deep markup (hostile input) would block the
 * event loop for seconds before overflowing the stack. A linear scan estimates the depth first.
 */
function convert(html: string): string {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g)) {
    const name = m[2].toLowerCase();
    if (VOID_OR_AUTO_CLOSED.has(name) || m[3]) continue;
    depth = m[1] ? Math.max(0, depth - 1) : depth + 1;
    if (depth > max) max = depth;
  }
  if (max > MAX_NESTING) throw new AppError("unsupported_file_format", `The HTML is nested more than ${MAX_NESTING} elements deep.`);
  return service().turndown(html);
}

export function htmlToMarkdown(html: string): string {
  return tidy(convert(html).split(PAGE_SENTINEL).join("\n\n"));
}

/** Markdown per page, split at `<hr class="docintel-page-break">` markers. */
export function htmlToMarkdownPages(html: string): string[] {
  const parts = convert(html).split(PAGE_SENTINEL);
  for (let i = 1; i < parts.length; i++) {
    // A break at the start of a heading or list item: the marker (`## `, `- `) belongs to the next page.
    const m = /(^|\n)([ \t]*(?:#{1,6}|[-*+]|\d+[.)]|>)[ \t]*)$/.exec(parts[i - 1]);
    if (!m) continue;
    parts[i - 1] = parts[i - 1].slice(0, m.index + m[1].length);
    parts[i] = `${m[2].trim()} ${parts[i].trimStart()}`;
  }
  return parts.map(tidy);
}
