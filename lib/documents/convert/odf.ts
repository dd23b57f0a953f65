// ODT and ODP → Markdown from content.xml. ODT: text:h and heading-styled paragraphs → `#` levels, text:p,
// nested text:list (ordered when the list style numbers that level), table:table → GFM; pages split where a
// paragraph/table style breaks the page (fo:break-before/after="page", a master-page change); pageCount also
// honours meta.xml's page-count. ODP: one page per draw:page with the title frame as `# title`.

import { breaks, type Ctx, headingLevel, lookup, styleContext } from "@/lib/documents/convert/odf-context";
import { pagesOutput, renderingFailed, throwIfAborted, wantedPages } from "@/lib/documents/convert/shared";
import { escapeMarkdownText, type ListItem, markdownList, markdownTable } from "@/lib/documents/markdown-write";
import type { Converter } from "@/lib/documents/types";
import { type XmlElement, xmlChild, xmlChildren, xmlFind } from "@/lib/documents/xml";
import { openZip, type ZipArchive } from "@/lib/documents/zip";

const MAX_TABLE_CELLS = 100_000;

export const convertOdf: Converter = async ({ bytes, type, options }) => {
  throwIfAborted(options.signal);
  const zip = await openZip(bytes);
  try {
    const content = await zip.readXml("content.xml");
    const ctx = await styleContext(zip, content);
    const body = xmlChild(content, "office:body");
    if (type.kind === "odp") {
      const slides = xmlChildren(xmlChild(body, "office:presentation"), "draw:page");
      const wanted = wantedPages(options, Math.max(1, slides.length));
      const markdowns: string[] = [];
      for (const [i, page] of wanted.entries()) {
        throwIfAborted(options.signal);
        markdowns[page - 1] = slides[page - 1] ? slideMarkdown(slides[page - 1], ctx) : "";
        options.onProgress?.(i + 1, wanted.length);
      }
      return pagesOutput(markdowns, options, Math.max(1, slides.length));
    }
    const blocks: Block[] = [];
    collectBlocks(xmlChild(body, "office:text"), ctx, blocks);
    const pages = paginate(blocks);
    return pagesOutput(pages, options, Math.max(pages.length, await declaredPages(zip)));
  } catch (err) {
    throw renderingFailed(err, type.kind.toUpperCase(), options.signal);
  } finally {
    zip.close();
  }
};

/** An embedded chart: its title and the data it plots (its local table) as a table. */
function chartMarkdown(chart: XmlElement, ctx: Ctx): string {
  const title = xmlFind(xmlChild(chart, "chart:title"), "text:p")
    .map((p) => inline(p, ctx, []).trim())
    .join(" ");
  const table = xmlFind(chart, "table:table")[0];
  return [title, table ? tableMarkdown(table, ctx) : ""].filter(Boolean).join("\n\n");
}

// --- text blocks -----------------------------------------------------------------------------------------

interface Block {
  md: string;
  before?: boolean;
  after?: boolean;
}

const SKIPPED = new Set([
  "text:tracked-changes",
  "text:sequence-decls",
  "office:forms",
  "text:table-of-content",
  "text:alphabetical-index",
  "text:illustration-index",
  "text:bibliography",
  "presentation:notes",
  "office:annotation",
]);

function collectBlocks(container: XmlElement | undefined, ctx: Ctx, out: Block[]): void {
  let list: ListItem[] = [];
  const flush = () => {
    if (list.length) out.push({ md: markdownList(list) });
    list = [];
  };
  for (const el of xmlChildren(container)) {
    if (el.name === "text:list") {
      listItems(el, 0, ctx, list, el.attrs["text:style-name"]);
      continue;
    }
    flush();
    const style = el.attrs["text:style-name"] ?? el.attrs["table:style-name"];
    if (el.name === "text:h" || el.name === "text:p") {
      const frames: XmlElement[] = [];
      const text = inline(el, ctx, frames).trim();
      const level = el.name === "text:h" ? Math.min(Math.max(Number(el.attrs["text:outline-level"]) || 1, 1), 6) : headingLevel(ctx, style);
      const md = !text ? "" : level ? `${"#".repeat(level)} ${text.replace(/\s*\n\s*/g, " ")}` : text.replace(/\n/g, "  \n");
      out.push({ md, ...brk(ctx, style) });
      for (const frame of frames) collectBlocks(xmlChild(frame, "draw:text-box") ?? frame, ctx, out);
    } else if (el.name === "table:table") out.push({ md: tableMarkdown(el, ctx), ...brk(ctx, style) });
    else if (el.name === "draw:object") {
      const chart = ctx.charts.get(el.attrs["xlink:href"] ?? "");
      if (chart) out.push({ md: chartMarkdown(chart, ctx) });
    } else if (!SKIPPED.has(el.name) && !el.name.startsWith("draw:image")) collectBlocks(el, ctx, out); // sections, frames, text boxes
  }
  flush();
}

const brk = (ctx: Ctx, style: string | undefined) => {
  const b = breaks(ctx, style);
  return { before: b.before, after: b.after };
};

function listItems(list: XmlElement, level: number, ctx: Ctx, out: ListItem[], styleName: string | undefined): void {
  const style = list.attrs["text:style-name"] ?? styleName;
  const ordered = !!style && !!ctx.numbered.get(style)?.has(level + 1);
  for (const item of xmlChildren(list)) {
    if (item.name !== "text:list-item" && item.name !== "text:list-header") continue;
    let current: ListItem | undefined;
    for (const child of xmlChildren(item)) {
      if (child.name === "text:list") {
        listItems(child, level + 1, ctx, out, style);
        current = undefined;
      } else {
        const inner: Block[] = [];
        collectBlocks({ ...item, children: [child] }, ctx, inner);
        const text = inner
          .map((b) => b.md)
          .filter(Boolean)
          .join("\n");
        if (!text) continue;
        if (current) current.text += `\n${text}`;
        else out.push((current = { level, ordered, text }));
      }
    }
  }
}

function inline(el: XmlElement, ctx: Ctx, frames: XmlElement[], atStart = { value: true }): string {
  let out = "";
  for (const c of el.children) {
    if (typeof c === "string") {
      const text = c.replace(/\s+/g, " ");
      if (!text.trim() && out.endsWith(" ")) continue;
      out += escapeMarkdownText(atStart.value ? text.trimStart() : text);
      if (text.trim()) atStart.value = false;
      continue;
    }
    switch (c.name) {
      case "text:s":
        out += " ".repeat(Math.min(Number(c.attrs["text:c"]) || 1, 100));
        break;
      case "text:tab":
        out += " ";
        break;
      case "text:line-break":
        out += "\n";
        atStart.value = true;
        break;
      case "draw:frame":
      case "draw:custom-shape":
        frames.push(c);
        break;
      case "text:note":
      case "office:annotation":
      case "text:bookmark-ref":
      case "text:soft-page-break":
      case "text:ruby-text":
        break;
      case "text:a": {
        const inner = inline(c, ctx, frames, atStart);
        const href = c.attrs["xlink:href"] ?? "";
        out += /^(https?:|mailto:)/i.test(href) && inner.trim() ? `[${inner.trim()}](${href.replace(/[()\s]/g, encodeURIComponent)})` : inner;
        break;
      }
      case "text:span": {
        const inner = inline(c, ctx, frames, atStart);
        const name = c.attrs["text:style-name"];
        const bold = /^(bold|[6-9]00)$/.test(lookup(ctx, name, (s) => s.props["fo:font-weight"]) ?? "");
        const italic = lookup(ctx, name, (s) => s.props["fo:font-style"]) === "italic";
        const mark = (bold ? "**" : "") + (italic ? "*" : "");
        // Marks go inside the span's outer white space (trimmed by hand: /^(\s*)([\s\S]*?)(\s*)$/ is quadratic on
        // a run of spaces inside the text).
        const core = inner.trim();
        const lead = inner.slice(0, inner.length - inner.trimStart().length);
        const trail = inner.slice(inner.trimEnd().length);
        out += mark && core ? `${lead}${mark}${core}${[...mark].reverse().join("")}${trail}` : inner;
        break;
      }
      default:
        out += inline(c, ctx, frames, atStart);
    }
  }
  return out;
}

function tableMarkdown(table: XmlElement, ctx: Ctx): string {
  const rows: string[][] = [];
  /** Cells spanning rows or columns: their text is repeated over the covered cells (as for HTML and DOCX tables). */
  const spans: { row: number; col: number; down: number; across: number; text: string }[] = [];
  let cells = 0;
  const walk = (el: XmlElement) => {
    for (const child of xmlChildren(el)) {
      if (child.name === "table:table-row") {
        const row: string[] = [];
        for (const cell of xmlChildren(child)) {
          if (cell.name !== "table:table-cell" && cell.name !== "table:covered-table-cell") continue;
          const inner: Block[] = [];
          if (cell.name === "table:table-cell") collectBlocks(cell, { ...ctx, inCell: true }, inner);
          const text = inner
            .map((b) => b.md)
            .filter(Boolean)
            .join("\n");
          const down = Number(cell.attrs["table:number-rows-spanned"]) || 1;
          const across = Number(cell.attrs["table:number-columns-spanned"]) || 1;
          if (text && (down > 1 || across > 1)) spans.push({ row: rows.length, col: row.length, down, across, text });
          const repeat = Math.min(Number(cell.attrs["table:number-columns-repeated"]) || 1, text ? 1000 : 1);
          for (let i = 0; i < repeat && cells < MAX_TABLE_CELLS; i++, cells++) row.push(text);
        }
        const repeat = Math.min(Number(child.attrs["table:number-rows-repeated"]) || 1, row.some(Boolean) ? 1000 : 1);
        for (let i = 0; i < repeat && cells < MAX_TABLE_CELLS; i++, cells += row.length) rows.push(row);
      } else if (/^table:table-(header-rows|rows|row-group)$/.test(child.name)) walk(child);
    }
  };
  walk(table);
  if (ctx.inCell) return rows.flatMap((row) => row.filter(Boolean).map((cell) => cell.replace(/\s*\n\s*/g, " "))).join(" ");
  for (const { row, col, down, across, text } of spans) {
    for (let r = row; r < Math.min(row + down, rows.length); r++) {
      rows[r] = rows[r].slice(); // repeated rows share one array
      for (let c = col; c < Math.min(col + across, rows[r].length); c++) rows[r][c] ||= text;
    }
  }
  if (rows.length === 1 && rows[0].length <= 1) return rows[0][0] ?? "";
  return markdownTable(rows);
}

function paginate(blocks: Block[]): string[] {
  const pages: string[][] = [[]];
  for (const b of blocks) {
    if (b.before && pages[pages.length - 1].length) pages.push([]);
    if (b.md) pages[pages.length - 1].push(b.md);
    if (b.after) pages.push([]);
  }
  if (pages.length > 1 && !pages[pages.length - 1].length) pages.pop();
  return pages.map((p) => p.join("\n\n"));
}

// --- presentations ---------------------------------------------------------------------------------------

const NON_CONTENT = /^(notes|page|header|footer|date-time|page-number|handout)$/;

function slideMarkdown(page: XmlElement, ctx: Ctx): string {
  const shapes: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    for (const c of xmlChildren(el)) {
      if (c.name === "draw:g") walk(c);
      else if (c.name.startsWith("draw:") && !NON_CONTENT.test(c.attrs["presentation:class"] ?? "")) shapes.push(c);
    }
  };
  walk(page);
  const blocks: Block[] = [];
  const title = shapes.find((s) => s.attrs["presentation:class"] === "title");
  if (title) {
    const inner: Block[] = [];
    collectBlocks(xmlChild(title, "draw:text-box") ?? title, ctx, inner);
    const text = inner
      .map((b) => b.md.replace(/^#+\s*/, ""))
      .filter(Boolean)
      .join(" ")
      .replace(/\s*\n\s*/g, " ")
      .trim();
    if (text) blocks.push({ md: `# ${text}` });
  }
  for (const shape of shapes) {
    if (shape === title) continue;
    const table = xmlChild(shape, "table:table");
    if (table) blocks.push({ md: tableMarkdown(table, ctx) });
    else collectBlocks(xmlChild(shape, "draw:text-box") ?? shape, ctx, blocks);
  }
  return blocks
    .map((b) => b.md)
    .filter(Boolean)
    .join("\n\n");
}

/** meta:page-count of meta.xml (the page count when the document was last saved). */
async function declaredPages(zip: ZipArchive): Promise<number> {
  if (!zip.has("meta.xml")) return 0;
  try {
    const meta = xmlChild(await zip.readXml("meta.xml"), "office:meta");
    const n = Number(xmlChild(meta, "meta:document-statistic")?.attrs["meta:page-count"]);
    return Number.isInteger(n) && n > 0 ? Math.min(n, 100_000) : 0;
  } catch {
    return 0;
  }
}

/** Per-kind entry points (the registry in lib/documents/converters.ts picks them by detected kind). */
export const convertOdt: Converter = (input) => convertOdf({ ...input, type: { ...input.type, kind: "odt" } });
export const convertOdp: Converter = (input) => convertOdf({ ...input, type: { ...input.type, kind: "odp" } });
