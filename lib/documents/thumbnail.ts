// First-page thumbnails (PNG, THUMBNAIL_WIDTH px wide) for the files list. PDFs are rendered with pdftoppm at
// 72 dpi, images are scaled directly, office documents go through LibreOffice to PDF first (seconds each),
// and text, Markdown and HTML/XHTML get a card of their first lines drawn from SVG with sharp (milliseconds:
// a web page does not start LibreOffice). makeThumbnail throws what went wrong (the thumbnail job retries);
// renderThumbnail, for callers to whom a thumbnail is a nicety, logs any failure and returns null.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { convertWithLibreOffice } from "@/lib/documents/convert/libreoffice";
import { htmlToMarkdown } from "@/lib/documents/html-to-markdown";
import { renderPdfPages } from "@/lib/documents/render";
import type { DocumentKind } from "@/lib/documents/types";
import { log } from "@/lib/log";

export const THUMBNAIL_WIDTH = 320;
/** A4 portrait proportions for the text card. */
const CARD_HEIGHT = Math.round(THUMBNAIL_WIDTH * Math.SQRT2);
/** The tallest thumbnail kept (a long screenshot is cropped to its top). */
const MAX_HEIGHT = THUMBNAIL_WIDTH * 3;

const OFFICE: ReadonlySet<DocumentKind> = new Set(["docx", "pptx", "odt", "odp", "doc", "ppt"]);
/** Bytes read for a text card (about 30 lines of 44 characters); HTML may open with a long <head>. */
const TEXT_HEAD_BYTES = 4096;
const HTML_HEAD_BYTES = 1 << 20;

export interface ThumbnailInput {
  /** The document on local disk (its name need not have an extension). */
  path: string;
  kind: DocumentKind;
  signal?: AbortSignal;
}

/** PNG bytes of the first page's thumbnail, or null when the format has none; throws when making it failed. */
export async function makeThumbnail(input: ThumbnailInput): Promise<Buffer | null> {
  const { kind } = input;
  if (kind === "pdf") return pdfThumbnail(input.path, input.signal);
  if (kind === "png" || kind === "jpeg") return scale(sharp(input.path, { failOn: "none" }).rotate());
  if (OFFICE.has(kind)) {
    const pdf = await convertWithLibreOffice(input.path, "pdf", { signal: input.signal, inputExtension: kind });
    return withTempFile(pdf, ".pdf", (file) => pdfThumbnail(file, input.signal));
  }
  if (kind === "txt") return textCard(await readHead(input.path, TEXT_HEAD_BYTES), { markdown: false });
  if (kind === "md") return textCard(await readHead(input.path, TEXT_HEAD_BYTES), { markdown: true });
  if (kind === "html" || kind === "xhtml") {
    // Converted by the same code as the parser (head, scripts and styles dropped), then drawn as Markdown.
    return textCard(htmlToMarkdown(await readHead(input.path, HTML_HEAD_BYTES)), { markdown: true });
  }
  return null;
}

/** makeThumbnail that never throws: a failure is logged and gives null. */
export async function renderThumbnail(input: ThumbnailInput): Promise<Buffer | null> {
  try {
    return await makeThumbnail(input);
  } catch (err) {
    if (input.signal?.aborted) return null;
    log.warn("thumbnail failed", { kind: input.kind, err });
    return null;
  }
}

async function pdfThumbnail(file: string, signal?: AbortSignal): Promise<Buffer | null> {
  for await (const page of renderPdfPages(file, [1], { dpi: 72, format: "png", maxSidePx: 2000, signal })) {
    return scale(sharp(page.image));
  }
  return null;
}

async function scale(image: Sharp): Promise<Buffer> {
  const { data, info } = await image
    .resize({ width: THUMBNAIL_WIDTH })
    .flatten({ background: "#ffffff" })
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  if (info.height <= MAX_HEIGHT) return data;
  return sharp(data).extract({ left: 0, top: 0, width: info.width, height: MAX_HEIGHT }).png({ compressionLevel: 9 }).toBuffer();
}

async function withTempFile<T>(bytes: Buffer, ext: string, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "thumb-"));
  try {
    const file = path.join(dir, `page${ext}`);
    await fs.writeFile(file, bytes);
    return await fn(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function readHead(file: string, bytes: number): Promise<string> {
  const handle = await fs.open(file, "r");
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    // A cut multi-byte character at the end decodes to U+FFFD; drop it.
    return buf
      .subarray(0, bytesRead)
      .toString("utf8")
      .replace(/\uFFFD+$/, "");
  } finally {
    await handle.close();
  }
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Wraps lines at `width` characters (hard-cutting words longer than a line). */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    let line = "";
    for (const word of raw.replace(/\t/g, "  ").split(/\s+/).filter(Boolean)) {
      for (let w = word; w.length; w = w.slice(width)) {
        const part = w.slice(0, width);
        if (line && line.length + 1 + part.length > width) {
          out.push(line);
          line = part;
        } else line = line ? `${line} ${part}` : part;
      }
    }
    out.push(line);
  }
  return out;
}

/** Markdown syntax a reader would not see on the page: links and images keep their text, emphasis marks go. */
function markdownLine(line: string): string | null {
  if (/^\s*(```|~~~)/.test(line) || /^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/.test(line)) return null;
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(?<![\\\w*])([*_])(?=\S)(.+?)(?<=\S)\1(?![\w*])/g, "$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/^\s*\|\s*|\s*\|\s*$/g, "")
    .replace(/\s*\|\s*/g, " | ")
    .replace(/\\([!-/:-@[-`{-~])/g, "$1");
}

async function textCard(text: string, opts: { markdown: boolean }): Promise<Buffer> {
  return sharp(Buffer.from(textCardSvg(text, opts)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A page-like card (SVG) with the first lines of a text; in Markdown, a heading line is drawn bold. */
export function textCardSvg(text: string, { markdown }: { markdown: boolean }): string {
  const margin = 18;
  const lineHeight = 14;
  const maxLines = Math.floor((CARD_HEIGHT - 2 * margin) / lineHeight);
  let body = text.replace(/[\u0000-\u0008\u000b-\u001f]/g, "");
  if (markdown)
    body = body
      .split(/\r\n?|\n/)
      .map(markdownLine)
      .filter((line) => line !== null)
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
  const lines = wrap(body, 44).slice(0, maxLines);
  const rows = lines
    .map((line, i) => {
      const heading = markdown && /^#{1,6}\s/.test(line);
      const content = escapeXml(heading ? line.replace(/^#+\s+/, "") : line);
      return `<text x="${margin}" y="${margin + (i + 1) * lineHeight - 3}"${heading ? ' font-weight="bold"' : ""}>${content}</text>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_WIDTH}" height="${CARD_HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff" stroke="#d0d4da" stroke-width="2"/>
<g font-family="DejaVu Sans, Arial, sans-serif" font-size="11" fill="#1f2933">${rows}</g></svg>`;
}
