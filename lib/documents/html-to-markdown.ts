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
    .replace(/[\uE000-\uE004]/g, "")
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

function addRules(service: TurndownService): void {
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
  service.addRule("heading", {
    filter: ["h1", "h2", "h3", "h4", "h5", "h6"],
    replacement: (content, node) => {
      // A heading's text cannot be read as a list item: "1. Scope" needs no escaped dot there.
      const text = content
        .replace(/\s*\n+\s*/g, " ")
        .trim()
        .replace(/^(\d+)\\([.)])/, "$1$2");
      return text ? `\n\n${"#".repeat(Number(node.nodeName[1]))} ${text}\n\n` : "";
    },
  });
  service.addRule("listItem", {
    filter: "li",
    replacement: (content, node, options) => {
      // An item holding nothing but a list (Word's list starting at its second level): that list at this level.
      if (onlyList(node)) return content.replace(/^\n+|\n+$/g, "") + (node.nextSibling ? "\n" : "");
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
    replacement: (_content, node) => {
      const code = (node.textContent ?? "").replace(/\n$/, "");
      // A fence cannot live in a GFM table cell: there the text is inline code on one line.
      if (inTableCell(node)) return inlineCode(code.replace(/\s*\n\s*/g, " "));
      return `\n\n\`\`\`\n${code}\n\`\`\`\n\n`;
    },
  });
  service.addRule("image", {
    filter: "img",
    replacement: (_content, node) => {
      const alt = escapeMarkdownText(((node as HTMLElement).getAttribute("alt") ?? "").replace(/\s+/g, " ").trim());
      const src = ((node as HTMLElement).getAttribute("src") ?? "").trim();
      if (!src || /^(data|javascript|blob):/i.test(src)) return alt;
      return `![${alt}](${linkDestination(src)})`;
    },
  });
  service.addRule("unsafeLink", {
    filter: (node) => node.nodeName === "A" && /^\s*(javascript|vbscript|data):/i.test((node as HTMLElement).getAttribute("href") ?? ""),
    replacement: (content) => content,
  });
  service.addRule("link", {
    filter: (node) => node.nodeName === "A" && Boolean((node as HTMLElement).getAttribute("href")?.trim()),
    replacement: (content, node) => {
      // Block content inside a link (a table of contents' <a><div>…</div></a>) would break the link over lines; the
      // title attribute is a tooltip, not text of the page.
      const text = content.replace(/\s+/g, " ").trim();
      return text ? `[${text}](${linkDestination((node as HTMLElement).getAttribute("href") ?? "")})` : "";
    },
  });
  // Form check boxes (mammoth writes Word's check box content controls as <input type="checkbox">): their state
  // is the information. A paragraph that starts with one is a task list item.
  service.addRule("checkbox", {
    filter: (node) => isCheckbox(node),
    replacement: (_content, node) => {
      const box = (node as HTMLInputElement).hasAttribute("checked") ? "[x]" : "[ ]";
      return /^\s/.test(node.nextSibling?.textContent ?? "") ? box : `${box} `;
    },
  });
  service.addRule("checkboxParagraph", {
    filter: (node) => node.nodeName === "P" && isCheckbox(firstContent(node)),
    replacement: (content) => `\n\n- ${content.trim()}\n\n`,
  });
  service.addRule("boilerplate", {
    filter: (node) => isBoilerplate(node as HTMLElement),
    replacement: () => "",
  });
  service.addRule("pageBreak", {
    filter: (node) => node.nodeName === "HR" && (node as HTMLElement).classList?.contains(PAGE_BREAK_CLASS),
    replacement: () => `\n\n${PAGE_SENTINEL}\n\n`,
  });
}

/** A URL as a Markdown link destination: brackets, angle brackets and white space percent-encoded. */
function linkDestination(url: string): string {
  return url.trim().replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/** Whether the node is inside a cell of a table written as a GFM table. */
function inTableCell(node: Node): boolean {
  const table = parentTable(node);
  const facts = tableFacts(table);
  return table !== null && !facts.flat && !facts.nested;
}

/** Inline code whose backtick fence is longer than any run of backticks in the code. */
function inlineCode(code: string): string {
  const longest = Math.max(0, ...Array.from(code.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return code.startsWith("`") || code.endsWith("`") ? `${fence} ${code} ${fence}` : `${fence}${code}${fence}`;
}

function isCheckbox(node: Node | null): boolean {
  return node?.nodeName === "INPUT" && (node as HTMLInputElement).getAttribute("type")?.toLowerCase() === "checkbox";
}

function onlyList(item: Node): boolean {
  const first = firstContent(item);
  if (first?.nodeName !== "UL" && first?.nodeName !== "OL") return false;
  for (let c = first.nextSibling; c; c = c.nextSibling) if (c.nodeType === 1 || c.textContent?.trim()) return false;
  return true;
}

/** The first child that is an element or non-blank text. */
function firstContent(node: Node): Node | null {
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1 || c.textContent?.trim()) return c;
  return null;
}

const BOILERPLATE_ROLES = new Set(["navigation", "banner", "contentinfo", "search"]);

/**
 * A web page's navigation, banner and footer: menus, sidebars of links, search boxes, copyright lines. Kept out of
 * the Markdown (what a reader of the page reads is the content). A header or footer inside an article or section
 * belongs to that content and is kept.
 */
function isBoilerplate(el: HTMLElement): boolean {
  if (el.nodeName === "NAV") return true;
  const role = el.getAttribute?.("role")?.trim().toLowerCase();
  if (role && BOILERPLATE_ROLES.has(role)) return true;
  if (el.nodeName !== "HEADER" && el.nodeName !== "FOOTER") return false;
  for (let p = el.parentNode; p; p = p.parentNode) if (/^(ARTICLE|SECTION|MAIN|ASIDE|BLOCKQUOTE|TD|TH|LI)$/.test(p.nodeName)) return false;
  return true;
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
