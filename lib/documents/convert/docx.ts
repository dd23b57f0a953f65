// DOCX → Markdown: mammoth (fed from our size-capped ZIP reader) → HTML → turndown. Pages are split at
// explicit page breaks (`w:br w:type="page"`, and `w:pageBreakBefore` on a paragraph or its style, which we
// turn into breaks before mammoth sees the document); numbered headings get the number Word shows; charts
// (which mammoth drops) their data table (docx-charts.ts);
// pageCount also honours docProps/app.xml <Pages>.
import mammoth from "mammoth";
import { markCharts } from "@/lib/documents/convert/docx-charts";
import { headingNumbering } from "@/lib/documents/convert/docx-numbering";
import { type ParagraphStyles, readParagraphStyles } from "@/lib/documents/convert/docx-styles";
import { pagesOutput, renderingFailed, throwIfAborted } from "@/lib/documents/convert/shared";
import { ooxmlMainPart } from "@/lib/documents/detect";
import { htmlToMarkdownPages, PAGE_BREAK_CLASS } from "@/lib/documents/html-to-markdown";
import type { Converter } from "@/lib/documents/types";
import { type XmlElement, xmlChild } from "@/lib/documents/xml";
import { openZip, type ZipArchive } from "@/lib/documents/zip";

const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='title'] => h1:fresh",
  "p[style-name='Subtitle'] => p:fresh",
  "p.Title => h1:fresh",
  "p.Heading1 => h1:fresh",
  "p.Heading2 => h2:fresh",
  "p.Heading3 => h3:fresh",
  "p.Heading4 => h4:fresh",
  "p.Heading5 => h5:fresh",
  "p.Heading6 => h6:fresh",
  `br[type='page'] => hr.${PAGE_BREAK_CLASS}`,
];

const MAX_PAGES = 100_000;

export const convertDocx: Converter = async ({ bytes, options }) => {
  throwIfAborted(options.signal);
  const zip = await openZip(bytes);
  try {
    const { part } = await ooxmlMainPart(zip);
    const main = await zip.readText(part);
    const charts = await markCharts(zip, part, main);
    const patched = (await patchParagraphs(zip, charts.xml)) ?? (charts.xml !== main ? charts.xml : undefined);
    throwIfAborted(options.signal);
    const result = await mammoth.convertToHtml(
      { file: mammothFile(zip, part, patched === undefined ? undefined : Buffer.from(patched, "utf8")) } as unknown as { buffer: Buffer },
      {
        styleMap: STYLE_MAP,
        convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
        ignoreEmptyParagraphs: true,
      },
    );
    throwIfAborted(options.signal);
    const pages = htmlToMarkdownPages(result.value).map(charts.insert);
    // A break before the very first paragraph makes no empty first page (Word ignores it too).
    if (pages.length > 1 && !pages[0]) pages.shift();
    return pagesOutput(pages, options, Math.max(pages.length, await declaredPages(zip)));
  } catch (err) {
    throw renderingFailed(err, "DOCX", options.signal);
  } finally {
    zip.close();
  }
};

/** The object mammoth reads parts through (its `{file}` input), backed by our safe ZIP reader. */
function mammothFile(zip: ZipArchive, mainPart: string, patchedMain?: Buffer) {
  return {
    exists: (name: string) => zip.has(name),
    read: async (name: string, encoding?: string) => {
      const data = patchedMain && name.toLowerCase() === mainPart.toLowerCase() ? patchedMain : await zip.readEntry(name);
      if (encoding === "base64") return data.toString("base64");
      if (encoding) return new TextDecoder(encoding).decode(data);
      return data;
    },
    write: () => {
      throw new Error("read-only");
    },
    toArrayBuffer: () => {
      throw new Error("read-only");
    },
  };
}

const ON = (el: XmlElement | undefined) => !!el && !/^(0|false|off)$/i.test(el.attrs["w:val"] ?? "true");
const PAGE_BREAK_RUN = '<w:r><w:br w:type="page"/></w:r>';

/**
 * What mammoth leaves out of paragraphs, added as runs at their start before it reads the document: an explicit
 * page break where a paragraph (or its style) has `w:pageBreakBefore`, and the number Word shows before a
 * numbered heading (docx-numbering.ts). The paragraph properties are matched textually (`<w:pPr>…</w:pPr>`
 * cannot contain markup-like text).
 */
async function patchParagraphs(zip: ZipArchive, xml: string): Promise<string | undefined> {
  const paragraphStyles = await readParagraphStyles(zip);
  const styles = breakingStyles(paragraphStyles);
  const labelOf = await headingNumbering(zip, paragraphStyles);
  if (!xml.includes("pageBreakBefore") && styles.size === 0 && !labelOf) return undefined;
  let changed = false;
  const out = replacePPr(xml, (pPr) => {
    if (pPr.includes("<w:pPrChange")) return pPr;
    const direct = /<w:pageBreakBefore(?:\s+w:val="([^"]*)")?\s*\/>/.exec(pPr);
    const style = /<w:pStyle\s+w:val="([^"]*)"/.exec(pPr)?.[1];
    const breaks = direct ? !/^(0|false|off)$/i.test(direct[1] ?? "") : style !== undefined && styles.has(style);
    const label = labelOf?.(pPr);
    if (!breaks && !label) return pPr;
    changed = true;
    return pPr + (breaks ? PAGE_BREAK_RUN : "") + (label ? `<w:r><w:t xml:space="preserve">${escapeXml(label)} </w:t></w:r>` : "");
  });
  return changed ? out : undefined;
}

/**
 * Each `<w:pPr …>…</w:pPr>` (up to the first closing tag) replaced by `fn` of it. A scan with indexOf: the
 * equivalent pattern `<w:pPr…>(?:(?!</w:pPr>)[\s\S])*</w:pPr>` took a minute on 30,000 unclosed properties.
 */
export function replacePPr(xml: string, fn: (pPr: string) => string): string {
  const open = /<w:pPr(?:\s[^>]*)?>/g;
  const close = "</w:pPr>";
  let out = "";
  let pos = 0;
  for (let m = open.exec(xml); m; m = open.exec(xml)) {
    const end = xml.indexOf(close, m.index + m[0].length);
    if (end < 0) break; // no later properties can close either
    out += xml.slice(pos, m.index) + fn(xml.slice(m.index, end + close.length));
    pos = end + close.length;
    open.lastIndex = pos;
  }
  return out + xml.slice(pos);
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Paragraph style ids whose properties (or inherited ones) include a page break before. */
function breakingStyles(styles: ParagraphStyles): Set<string> {
  const result = new Set<string>();
  for (const { id } of styles.all) {
    const breaks = styles.inherited(id, (style) => {
      const flag = xmlChild(style.pPr, "w:pageBreakBefore");
      return flag ? ON(flag) : undefined;
    });
    if (breaks) result.add(id);
  }
  return result;
}

/** `<Pages>` of docProps/app.xml (the page count when the document was last saved by a word processor). */
async function declaredPages(zip: ZipArchive): Promise<number> {
  if (!zip.has("docProps/app.xml")) return 0;
  try {
    const pages = xmlChild(await zip.readXml("docProps/app.xml"), "Pages");
    const n = Number(pages?.children.join("").trim());
    return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_PAGES) : 0;
  } catch {
    return 0;
  }
}
