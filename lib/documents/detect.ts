// File type detection from the bytes: magic numbers, then the contents of containers (OOXML content types,
// ODF mimetype entry, OLE2/CFB directory names), then text sniffing. The client's MIME type is ignored and
// the file name's extension only breaks ties (HTML fragment vs Markdown, .html files with an XHTML xmlns).
import { fileTypeFromBuffer } from "file-type";
import type { DetectedType, DocumentKind } from "@/lib/documents/types";
import { parseXml, xmlChildren } from "@/lib/documents/xml";
import { openZip, type ZipArchive } from "@/lib/documents/zip";
import { AppError } from "@/lib/errors";

export const SUPPORTED_FORMATS = "PDF, PNG, JPEG, DOCX, DOC, PPTX, PPT, ODT, ODP, HTML, XHTML, TXT, MD";

const MIME: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  odp: "application/vnd.oasis.opendocument.presentation",
  doc: "application/msword",
  ppt: "application/vnd.ms-powerpoint",
  html: "text/html",
  xhtml: "application/xhtml+xml",
  txt: "text/plain",
  md: "text/markdown",
};

/** Extensions a file of each kind may carry; the first is canonical. */
const EXTENSIONS: Partial<Record<DocumentKind, string[]>> = {
  jpeg: ["jpg", "jpeg", "jpe"],
  html: ["html", "htm"],
  xhtml: ["xhtml", "xht"],
  md: ["md", "markdown"],
  txt: ["txt", "text"],
};

const OOXML_MAIN: Record<string, DocumentKind> = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml": "docx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml": "pptx",
};
const ODF_MIME: Record<string, DocumentKind> = { [MIME.odt]: "odt", [MIME.odp]: "odp" };

function unsupported(what?: string): AppError {
  return new AppError(
    "unsupported_file_format",
    `${what ? `Unsupported file format: ${what}.` : "Unsupported file format."} Supported formats: ${SUPPORTED_FORMATS}.`,
  );
}

function extensionOf(filename?: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(filename ?? "");
  return m ? m[1].toLowerCase() : "";
}

function detected(kind: DocumentKind, ext: string): DetectedType {
  const allowed = EXTENSIONS[kind] ?? [kind];
  return { kind, mimeType: MIME[kind], extension: allowed.includes(ext) ? ext : allowed[0] };
}

const KIND_OF_MIME = new Map(Object.entries(MIME).map(([kind, mime]) => [mime, kind as DocumentKind]));

/** The type of a document whose kind was detected before, as detectType reports it for this name. */
export function typeOfKind(kind: DocumentKind, filename?: string): DetectedType {
  return detected(kind, extensionOf(filename));
}

/**
 * The type detected before and kept as its MIME type (files.mime_type), so the bytes need not be read again;
 * null for a MIME type that detectType never reports.
 */
export function typeOfMimeType(mimeType: string | null | undefined, filename?: string): DetectedType | null {
  const kind = mimeType ? KIND_OF_MIME.get(mimeType) : undefined;
  return kind ? typeOfKind(kind, filename) : null;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export async function detectType(bytes: Uint8Array, filename?: string): Promise<DetectedType> {
  const ext = extensionOf(filename);
  if (bytes.length === 0) throw unsupported("the file is empty");
  if (startsWith(bytes, PNG)) return detected("png", ext);
  if (startsWith(bytes, JPEG)) return detected("jpeg", ext);
  const pdfAt = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).indexOf("%PDF-");
  if (pdfAt === 0) return detected("pdf", ext);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return detectZip(bytes, ext);
  if (startsWith(bytes, CFB)) return detectCfb(bytes, ext);
  const text = decodeText(bytes);
  // "%PDF-" after some junk is still a PDF (as readers accept it), unless the whole file is plain text.
  if (pdfAt > 0 && (text === null || /%%EOF\s*$/.test(text.slice(-2048)))) return detected("pdf", ext);
  if (text !== null) return detectText(text, ext);
  const guess = await fileTypeFromBuffer(bytes.subarray(0, 65536)).catch(() => undefined);
  throw unsupported(guess ? `${guess.ext} (${guess.mime})` : "binary data of an unknown type");
}

// --- ZIP containers ------------------------------------------------------------------------------------

async function detectZip(bytes: Uint8Array, ext: string): Promise<DetectedType> {
  const zip = await openZip(bytes);
  try {
    if (zip.has("mimetype")) {
      const mime = (await zip.readText("mimetype")).trim();
      const kind = ODF_MIME[mime];
      if (!kind) throw unsupported(`an OpenDocument file of type ${mime.slice(0, 100) || "(empty)"}`);
      if (!zip.has("content.xml")) throw unsupported("an OpenDocument file without content.xml");
      return detected(kind, ext);
    }
    if (zip.has("[Content_Types].xml")) {
      const { part, contentType } = await ooxmlMainPart(zip);
      const kind = OOXML_MAIN[contentType];
      if (!kind) {
        const what = /spreadsheetml|ms-excel/.test(contentType) ? "an Excel workbook" : `an Office file of type ${contentType || "(unknown)"}`;
        throw unsupported(what.slice(0, 200));
      }
      if (!zip.has(part)) throw unsupported(`the Office file has no main part ${part}`);
      return detected(kind, ext);
    }
    throw unsupported("a ZIP archive that is not an Office or OpenDocument file");
  } finally {
    zip.close();
  }
}

/** The main part of an OOXML package: the officeDocument relationship of _rels/.rels, and its content type. */
export async function ooxmlMainPart(zip: ZipArchive): Promise<{ part: string; contentType: string }> {
  const readXml = async (name: string) => {
    try {
      return parseXml(await zip.readText(name));
    } catch (err) {
      if (err instanceof AppError && err.code === "unsupported_file_format") throw err;
      throw unsupported(`the Office file's ${name} is damaged`);
    }
  };
  let part = "";
  if (zip.has("_rels/.rels")) {
    const rels = await readXml("_rels/.rels");
    const rel = xmlChildren(rels, "Relationship").find((r) => /\/officeDocument$/.test(r.attrs.Type ?? ""));
    part = (rel?.attrs.Target ?? "").replace(/^\//, "");
  }
  const types = await readXml("[Content_Types].xml");
  const overrides = xmlChildren(types, "Override");
  if (!part) {
    // No relationship: fall back to the well-known locations.
    part = ["word/document.xml", "ppt/presentation.xml", "xl/workbook.xml"].find((p) => zip.has(p)) ?? "";
  }
  const override = overrides.find((o) => (o.attrs.PartName ?? "").replace(/^\//, "").toLowerCase() === part.toLowerCase());
  return { part, contentType: override?.attrs.ContentType ?? "" };
}

// --- OLE2 / Compound File Binary ---------------------------------------------------------------------------

async function detectCfb(bytes: Uint8Array, ext: string): Promise<DetectedType> {
  const names = cfbRootNames(bytes);
  if (names.includes("WordDocument")) return detected("doc", ext);
  if (names.includes("PowerPoint Document")) return detected("ppt", ext);
  if (names.includes("Workbook") || names.includes("Book")) throw unsupported("an Excel workbook (xls)");
  throw unsupported(names.length ? "an OLE2 compound file that is not a Word or PowerPoint document" : "a damaged OLE2 compound file");
}

const END = 0xfffffffa; // sector numbers from here on are markers (end of chain, free, FAT, DIFAT)

/** Names of the streams and storages directly under the root of a CFB file ([] when unreadable). */
export function cfbRootNames(b: Uint8Array): string[] {
  if (b.length < 512) return [];
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const shift = dv.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return [];
  const ss = 1 << shift;
  const maxSectors = Math.floor(b.length / ss);
  const at = (n: number) => (n + 1) * ss;
  const fat: number[] = [];
  for (let k = 0; k < 109; k++) {
    const v = dv.getUint32(0x4c + 4 * k, true);
    if (v < END) fat.push(v);
  }
  const seen = new Set<number>();
  for (let d = dv.getUint32(0x44, true); d < END && !seen.has(d) && at(d) + ss <= b.length; d = dv.getUint32(at(d) + ss - 4, true)) {
    seen.add(d);
    for (let k = 0; k < ss / 4 - 1; k++) {
      const v = dv.getUint32(at(d) + 4 * k, true);
      if (v < END) fat.push(v);
    }
  }
  const next = (n: number) => {
    const per = ss / 4;
    const fs = fat[Math.floor(n / per)];
    const off = fs === undefined ? -1 : at(fs) + (n % per) * 4;
    return off < 0 || off + 4 > b.length ? END : dv.getUint32(off, true);
  };
  // Directory entries: 128 bytes each, along the directory sector chain.
  const entries: { name: string; left: number; right: number; child: number }[] = [];
  const visited = new Set<number>();
  for (let s = dv.getUint32(0x30, true); s < END && !visited.has(s) && visited.size <= maxSectors; s = next(s)) {
    visited.add(s);
    if (at(s) + ss > b.length) break;
    for (let o = at(s); o < at(s) + ss; o += 128) {
      const len = Math.min(dv.getUint16(o + 0x40, true), 64);
      const name = Buffer.from(b.buffer, b.byteOffset + o, Math.max(0, len - 2)).toString("utf16le");
      entries.push({ name, left: dv.getUint32(o + 0x44, true), right: dv.getUint32(o + 0x48, true), child: dv.getUint32(o + 0x4c, true) });
    }
  }
  if (!entries.length) return [];
  // The root's children form a red-black tree through left/right sibling ids.
  const names: string[] = [];
  const stack = [entries[0].child];
  const done = new Set<number>();
  while (stack.length) {
    const id = stack.pop()!;
    if (id >= entries.length || done.has(id)) continue;
    done.add(id);
    names.push(entries[id].name);
    stack.push(entries[id].left, entries[id].right);
  }
  return names;
}

// --- Text, HTML, XHTML ---------------------------------------------------------------------------------------

/** The file as UTF-8 text (BOM removed), or null when it is not valid UTF-8 text. */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  if (text.includes("\u0000")) return null;
  // A few stray control characters are tolerated; binary data has many.
  const sample = text.slice(0, 65536);
  const controls = sample.match(/[\u0001-\u0008\u000e-\u001a\u001c-\u001f\u007f]/g)?.length ?? 0;
  return controls > sample.length / 100 ? null : text;
}

const HTML_START =
  /^<(!doctype\s+html|html|head|body|meta|title|link|div|p|h[1-6]|table|ul|ol|section|article|header|main|nav|span|a|pre|blockquote|script|style|img|form|br)[\s>/]/i;
const XHTML_NS = /xmlns\s*=\s*["']http:\/\/www\.w3\.org\/1999\/xhtml["']/i;

function detectText(text: string, ext: string): DetectedType {
  const head = text.slice(0, 8192).replace(/^(\s|<!--[\s\S]*?-->)+/, "");
  const isTextName = ["txt", "text", "md", "markdown"].includes(ext);
  const plain = () => detected(ext === "md" || ext === "markdown" ? "md" : "txt", ext);
  if (/^<\?xml[\s?]/i.test(head)) {
    const rest = head.replace(/^<\?xml[\s\S]*?\?>/, "").replace(/^(\s|<!--[\s\S]*?-->)+/, "");
    if (/^<!doctype\s+html/i.test(rest) || (/^<(\w+:)?html[\s>]/i.test(rest) && XHTML_NS.test(rest))) return detected("xhtml", ext);
    if (isTextName) return plain();
    throw unsupported("an XML document that is not XHTML");
  }
  const fullDocument = /^<(!doctype\s+html|html)[\s>]/i.test(head);
  if (fullDocument || (HTML_START.test(head) && !isTextName) || (["html", "htm", "xhtml", "xht"].includes(ext) && /<[a-z][^>]*>/i.test(head))) {
    const xhtml = XHTML_NS.test(head) || /^<!doctype\s+html\s+public\s+"-\/\/w3c\/\/dtd xhtml/i.test(head);
    return detected(xhtml && ext !== "html" && ext !== "htm" ? "xhtml" : "html", ext);
  }
  return plain();
}
