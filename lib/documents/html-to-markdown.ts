// HTML → Markdown for the docx and html/xhtml converters: turndown with ATX headings, `-` bullets, fenced code
// and GFM tables (html-tables.ts: the first row is the header when there is no <thead>). Non-content elements
// and a web page's navigation are dropped, and text is escaped only where Markdown would otherwise misread it
// (markdown-write.ts: no `\.` noise in sentences).

// @ts-expect-error -- the package ships no type declarations (ignore rather than expect-error: stays valid if some are added)
import * as gfmPlugin from "@joplin/turndown-plugin-gfm";
import TurndownService from "turndown";
import { addTableRules, inTableCell } from "@/lib/documents/html-tables";
import { escapeMarkdownText } from "@/lib/documents/markdown-write";
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

function addRules(service: TurndownService): void {
  addTableRules(service);
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
