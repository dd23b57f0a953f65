// PDF converter: text layer through unpdf (pdf.js) plus layout analysis (pdf-layout.ts); pages without a
// usable text layer (or every page with ocr "force") go to OCR. Bad input never hangs: every pdf.js call
// runs under a time budget and the abort signal, and the document is destroyed in all cases.
import "./pdf-polyfills";
import { type getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { paintsInk } from "@/lib/documents/blank-page";
import { unreadableDocument } from "@/lib/documents/failures";
import { dropRunningLines } from "@/lib/documents/ocr/running-lines";
import { checkPageRange } from "@/lib/documents/page-range";
import type { Converter, ConverterInput, ParsedPage, ParseOutput } from "@/lib/documents/types";
import { AppError } from "@/lib/errors";
import { withinOneEdit } from "@/lib/text-distance";
import {
  assessTextLayer,
  computeLayoutStats,
  type OpCodes,
  type PdfFontInfo,
  type PdfLink,
  type PdfPageText,
  type PdfTextItem,
  type PreparedPage,
  prepareLayoutPage,
  renderLayoutPage,
  rulesFromOperatorList,
  wantsRules,
  withRules,
} from "./pdf-layout";
import { type OcrPdfPages, ocrPdfPages } from "./pdf-ocr";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

export interface PdfConverterSettings {
  /** OCR of whole pages; defaults to rendering with poppler and tesseract (pdf-ocr.ts). */
  ocrPages?: OcrPdfPages;
  /** Budget for opening the document. */
  openTimeoutMs?: number;
  /** Budget for reading one page's text layer. */
  pageTimeoutMs?: number;
  /** Fewer non-whitespace characters than this and the text layer counts as missing. */
  minTextChars?: number;
}

/** Pages with fewer characters than this are checked for a page-sized image (a scan with a stamp). */
const IMAGE_CHECK_CHARS = 400;
/**
 * A text layer with this many words is readable: it is kept even over a page-sized image (a slide's
 * background, a letterhead), since OCR output never beats a readable text layer.
 */
const READABLE_WORDS = 25;

export function createPdfConverter(settings: PdfConverterSettings = {}): Converter {
  const ocrPages = settings.ocrPages ?? ocrPdfPages;
  const openTimeoutMs = settings.openTimeoutMs ?? 30_000;
  const pageTimeoutMs = settings.pageTimeoutMs ?? 15_000;
  const minTextChars = settings.minTextChars ?? 20;

  return async function convertPdf(input: ConverterInput): Promise<ParseOutput> {
    const { options } = input;
    const signal = options.signal;
    signal?.throwIfAborted();
    const task = await openDocument(input.bytes).catch((e) => {
      throw toAppError(e);
    });
    const pdf = await withBudget(task.promise, openTimeoutMs, signal, "Opening the PDF").catch(async (e) => {
      await task.destroy().catch(() => undefined);
      throw signal?.aborted ? (signal.reason ?? e) : toAppError(e);
    });
    let pageCount = 0;
    let selected: number[] = [];
    const prepared: PreparedPage[] = [];
    const needOcr: number[] = [];
    /** Text layers of pages OCR'd for the image under them: kept when the OCR reads nothing more (ocrReadsMore). */
    const underlays = new Map<number, PreparedPage>();
    let done = 0;
    try {
      pageCount = pdf.numPages;
      if (pageCount < 1) throw unreadableDocument("The PDF has no pages.");
      if (options.pages?.length) checkPageRange({ pages: options.pages, spec: formatRange(options.pages) }, pageCount);
      selected = options.pages?.length ? options.pages : Array.from({ length: pageCount }, (_, i) => i + 1);
      if (options.ocr === "force") needOcr.push(...selected);
      else {
        const fonts: Record<string, PdfFontInfo> = {};
        for (const n of selected) {
          signal?.throwIfAborted();
          const read = await withBudget(
            readPage(pdf, n, fonts, { auto: options.ocr === "auto", links: options.links === true, minChars: minTextChars }),
            pageTimeoutMs,
            signal,
            `Reading page ${n}`,
          );
          if (read.usable || options.ocr === "off") {
            prepared.push(read.prepared);
            options.onProgress?.(++done, selected.length);
          } else {
            needOcr.push(n);
            if (read.overImage) underlays.set(n, read.prepared);
          }
        }
      }
    } catch (e) {
      throw signal?.aborted ? (signal.reason ?? e) : toAppError(e);
    } finally {
      await task.destroy().catch(() => undefined);
    }

    const results = new Map<number, ParsedPage>();
    const stats = computeLayoutStats(prepared);
    for (const p of prepared) results.set(p.page, { page: p.page, markdown: renderLayoutPage(p, stats), ocr: false });
    if (needOcr.length) {
      await ocrPages(
        { path: input.path, bytes: input.bytes, pages: needOcr, languages: options.ocrLanguages, signal },
        (page, markdown, ocr = true, figureText = "") => {
          const underlay = underlays.get(page);
          const layer = underlay && renderLayoutPage(underlay, stats);
          if (layer !== undefined && !ocrReadsMore(markdown, layer, figureText)) results.set(page, { page, markdown: layer, ocr: false });
          else results.set(page, { page, markdown, ocr });
          options.onProgress?.(++done, selected.length);
        },
      );
    }
    const pages = selected.map((n) => {
      const page = results.get(n);
      if (!page) throw new AppError("file_rendering_failed", `Page ${n} of the PDF could not be rendered for OCR.`);
      return page;
    });
    return { pages: dropRunningLines(pages), pageCount };
  };
}

export const convertPdf: Converter = createPdfConverter();

const WORD = /[\p{L}\p{N}]{2,}/gu;

/**
 * Whether the OCR of a page that has a few words of text layer over a page-sized image reads more than that layer:
 * three or more words, and a fifth of the layer's count, that the layer does not hold and that are no misreading of
 * one of its words (one letter off), outside the tables the OCR laid out. A scan under a stamp or a running header
 * reads its own words; a slide's background picture or a photo adds nothing, and a chart (a figure page with its
 * caption in the text layer) adds only its labels and tick values, which the OCR lays out as a table of fragments
 * or, around the gridlines of a chart, reads as the page's figure text (`figureText`, not counted); then the
 * readable layer is kept (issue 14's class 4: OCR output never replaces a readable text layer).
 */
export function ocrReadsMore(ocr: string, layer: string, figureText = ""): boolean {
  const own = new Set(Array.from(layer.toLowerCase().matchAll(WORD), (m) => m[0]));
  const figure = new Set(Array.from(figureText.toLowerCase().matchAll(WORD), (m) => m[0]));
  const ownWords = [...own];
  const added = new Set<string>();
  const outsideTables = ocr
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("|"))
    .join("\n");
  for (const [w] of outsideTables.toLowerCase().matchAll(WORD)) {
    if (!own.has(w) && !figure.has(w) && !ownWords.some((o) => withinOneEdit(w, o))) added.add(w);
    if (added.size >= 3 && added.size >= 0.2 * own.size) return true;
  }
  return false;
}

/** A pdf.js loading task (not just its promise, so a document that never opens can still be destroyed). */
async function openDocument(bytes: Uint8Array) {
  const { getDocument } = await getResolvedPDFJS();
  // pdf.js may take ownership of the buffer: give it a copy, the caller keeps its bytes.
  return getDocument({
    data: bytes.slice(),
    useSystemFonts: true,
    disableFontFace: true,
    verbosity: 0,
    maxImageSize: 50_000_000,
    stopAtErrors: false,
  });
}

interface PageRead {
  prepared: PreparedPage;
  usable: boolean;
  /** Sent to OCR only for the page-sized image under its few words: the text layer stays the fallback. */
  overImage: boolean;
}

interface ReadPageOptions {
  /** OCR mode auto: the page may go to OCR when its text layer is not usable. */
  auto: boolean;
  /** Read the page's link annotations (ParseOptions.links). */
  links: boolean;
  minChars: number;
}

async function readPage(
  pdf: PdfDocument,
  n: number,
  fonts: Record<string, PdfFontInfo>,
  { auto, links: withLinks, minChars }: ReadPageOptions,
): Promise<PageRead> {
  const page = await pdf.getPage(n);
  try {
    const content = await page.getTextContent();
    const [x0, y0, x1, y1] = page.view;
    const items = content.items.filter((it): it is PdfTextItem & typeof it => "str" in it && "transform" in it);
    const text: PdfPageText = { page: n, width: x1 - x0, height: y1 - y0, x0, y0, items };
    if (withLinks && items.length) {
      const links = await linkAnnotations(page);
      if (links.length) text.links = links;
    }
    const quality = assessTextLayer(text, minChars);
    let usable = quality.usable;
    let overImage = false;
    const unknownFonts = Object.keys(content.styles).filter((f) => !(f in fonts));
    const checkImages = auto && usable && quality.chars < IMAGE_CHECK_CHARS && quality.words < READABLE_WORDS;
    const readable = usable || !auto;
    // The operator list resolves font names (bold), shows images and ruling lines (table borders); it is
    // read only when it can matter.
    let ops: OperatorList | undefined;
    if (readable && (unknownFonts.length || checkImages)) {
      ops = await page.getOperatorList();
      for (const f of unknownFonts) {
        fonts[f] = fontInfo(page, f);
        // pdf.js flags fixed-pitch fonts (from the font descriptor) with this family: code, preformatted text.
        if (content.styles[f]?.fontFamily === "monospace") fonts[f].mono = true;
      }
      if (checkImages && (await imageCoverage(ops, page.view)) > 0.5) {
        usable = false;
        overImage = true;
      }
    }
    // No text and nothing painted: a blank page, kept as an empty page instead of going to OCR (blank-page.ts).
    if (auto && !usable && quality.chars === 0) {
      ops ??= await page.getOperatorList();
      if (!paintsInk(ops, (await getResolvedPDFJS()).OPS as unknown as Record<string, number>)) usable = true;
    }
    let prepared = prepareLayoutPage(text, fonts);
    if (readable && wantsRules(prepared)) {
      ops ??= await page.getOperatorList();
      const { OPS } = await getResolvedPDFJS();
      prepared = withRules(prepared, text, rulesFromOperatorList(ops, OPS as unknown as OpCodes));
    }
    return { prepared, usable, overImage };
  } finally {
    page.cleanup();
  }
}

/** Link annotations read per page: a hostile page's hundred thousand links must not make the layout quadratic. */
const MAX_LINKS = 1000;

/** The page's link annotations that point at an address (links.ts makes Markdown links of them). */
async function linkAnnotations(page: PdfPage): Promise<PdfLink[]> {
  const annotations = (await page.getAnnotations().catch(() => [])) as { subtype?: string; rect?: number[]; url?: string; unsafeUrl?: string }[];
  const out: PdfLink[] = [];
  for (const a of annotations) {
    const url = a.url ?? a.unsafeUrl;
    if (a.subtype !== "Link" || !url || !a.rect || a.rect.length !== 4) continue;
    const [ax, ay, bx, by] = a.rect;
    out.push({ x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by), url });
    if (out.length >= MAX_LINKS) break;
  }
  return out;
}

function fontInfo(page: PdfPage, id: string): PdfFontInfo {
  try {
    if (!page.commonObjs.has(id)) return {};
    const font = page.commonObjs.get(id) as { name?: string; bold?: boolean; italic?: boolean } | null;
    if (!font?.name) return {};
    return { name: String(font.name), italic: /italic|oblique/i.test(String(font.name)) };
  } catch {
    return {};
  }
}

type OperatorList = Awaited<ReturnType<PdfPage["getOperatorList"]>>;

/** Share of the page covered by painted images (bounding boxes, capped at 1). */
async function imageCoverage(ops: OperatorList, view: number[]): Promise<number> {
  const { OPS } = await getResolvedPDFJS();
  const paints = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
  const pageArea = Math.max((view[2] - view[0]) * (view[3] - view[1]), 1);
  let ctm = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  let area = 0;
  const multiply = (m: number[]) => {
    const [a, b, c, d, e, f] = ctm;
    ctm = [a * m[0] + c * m[1], b * m[0] + d * m[1], a * m[2] + c * m[3], b * m[2] + d * m[3], a * m[4] + c * m[5] + e, b * m[4] + d * m[5] + f];
  };
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform && args?.length === 6) multiply(args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const m = args?.[0];
      if (Array.isArray(m) && m.length === 6) multiply(m as number[]);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (paints.has(fn)) area += Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]);
  }
  return Math.min(area / pageArea, 1);
}

/** "1-3,5" for messages. */
function formatRange(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    parts.push(j > i ? `${pages[i]}-${pages[j]}` : `${pages[i]}`);
    i = j + 1;
  }
  return parts.join(",");
}

function isAbort(e: unknown): boolean {
  return e instanceof Error && (e.name === "AbortError" || e.name === "TimeoutError");
}

function toAppError(e: unknown): unknown {
  if (e instanceof AppError || isAbort(e)) return e;
  const err = e as { name?: string; message?: string } | null;
  const message = err?.message ?? String(e);
  if (err?.name === "PasswordException") {
    return unreadableDocument("The PDF is encrypted with a password; it cannot be read without it.");
  }
  // The content's fault (400); anything else pdf.js throws stays an engine failure (500).
  if (err?.name === "InvalidPDFException" || err?.name === "FormatError") {
    return unreadableDocument(`The file is not a readable PDF (damaged or truncated): ${message}`);
  }
  return new AppError("file_rendering_failed", `The PDF could not be read: ${message}`);
}

/** Races a pdf.js promise against a time budget and the abort signal. */
function withBudget<T>(work: Promise<T>, ms: number, signal: AbortSignal | undefined, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new AppError("file_rendering_failed", `${what} took longer than ${Math.round(ms / 1000)} s; the PDF is damaged or too complex.`));
    }, ms);
    const onAbort = () => reject(signal?.reason ?? new DOMException("The operation was aborted.", "AbortError"));
    if (signal?.aborted) onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    });
  });
}
