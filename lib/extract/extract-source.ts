// Where an extraction's pages come from: an uploaded or fetched document (checked on intake, converted
// by the document engine) or an ingested file (its stored pages, no second conversion). Also the limits
// both share: supported types, page ranges and the sync/async page caps.
import fs from "node:fs";
import type { ExtractionPage } from "@/lib/ai/extraction/types";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import type { File } from "@/lib/db/generated/client";
import { detectType } from "@/lib/documents/detect";
import { checkPageRange, type PageRange } from "@/lib/documents/page-range";
import { parseDocument } from "@/lib/documents/parse-document";
import { pdfPageCount } from "@/lib/documents/render";
import type { DetectedType, DocumentKind } from "@/lib/documents/types";
import { env } from "@/lib/env";
import { AppError, fieldError } from "@/lib/errors";
import { findReadableFile } from "@/lib/files/file-access";
import { storage } from "@/lib/storage/storage";

/** The spec's list for extract: .pdf .png .jpg .jpeg .pptx .ppt .odp .docx .odt .doc .html. */
const EXTRACT_KINDS: readonly DocumentKind[] = ["pdf", "png", "jpeg", "pptx", "ppt", "odp", "docx", "odt", "doc", "html"];
const EXTRACT_EXTENSIONS = ["pdf", "png", "jpg", "jpeg", "pptx", "ppt", "odp", "docx", "odt", "doc", "html", "htm"];
const FORMATS = ".pdf, .png, .jpg, .jpeg, .pptx, .ppt, .odp, .docx, .odt, .doc, .html";

/** Ingestion statuses at which a file's pages are stored and current. */
const PAGES_AVAILABLE = ["parsed", "embedding", "embedded", "embedding_failed"];

export interface LoadedPages {
  pages: ExtractionPage[];
  /** Pages of the whole document, whatever the page range. */
  pageCount: number;
  mimeType: string | null;
}

function unsupported(what: string): AppError {
  return new AppError("unsupported_file_format", `Extraction does not support ${what}. Supported: ${FORMATS}.`);
}

export function maxPages(isAsync: boolean): number {
  return isAsync ? env().EXTRACT_ASYNC_MAX_PAGES : env().EXTRACT_SYNC_MAX_PAGES;
}

/** Range bounds (400 invalid_page_range) and the mode's page cap (400 max_pages_exceeded). */
export function checkPages(pageCount: number, range: PageRange | undefined, isAsync: boolean): void {
  if (range) checkPageRange(range, pageCount);
  const selected = range ? range.pages.length : pageCount;
  const limit = maxPages(isAsync);
  if (selected > limit) {
    throw new AppError(
      "max_pages_exceeded",
      `The document has ${selected} pages to extract from; the ${isAsync ? "asynchronous" : "synchronous"} limit is ${limit}.${isAsync ? "" : " Select pages with page_range or use async mode."}`,
    );
  }
}

/** Type (400 unsupported_file_format) and, for PDFs, pages from the trailer: refused before any work. */
export async function inspectDocument(path: string, filename: string, range: PageRange | undefined, isAsync: boolean): Promise<DetectedType> {
  const type = await detectType(new Uint8Array(await fs.promises.readFile(path)), filename);
  if (!EXTRACT_KINDS.includes(type.kind)) throw unsupported(`${type.kind.toUpperCase()} files`);
  if (type.kind === "pdf") {
    // An unreadable trailer is left to the converter, which reports it properly.
    const count = await pdfPageCount(path).catch(() => null);
    if (count !== null) checkPages(count, range, isAsync);
  }
  return type;
}

export async function convertDocument(
  path: string,
  filename: string,
  opts: {
    range?: PageRange;
    isAsync: boolean;
    timeoutMs: number;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => void;
    /** The type detected at intake (inspectDocument), so the engine does not detect it again. */
    type?: DetectedType;
  },
): Promise<LoadedPages> {
  const parsed = await parseDocument({
    path,
    filename,
    type: opts.type,
    pageRange: opts.range,
    maxPages: maxPages(opts.isAsync),
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    onProgress: opts.onProgress,
  });
  if (!EXTRACT_KINDS.includes(parsed.type.kind)) throw unsupported(`${parsed.type.kind.toUpperCase()} files`);
  return { pages: parsed.pages.map((p) => ({ page: p.page, markdown: p.markdown })), pageCount: parsed.pageCount, mimeType: parsed.type.mimeType };
}

function parseFileId(raw: unknown): number {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2147483647) throw fieldError("file_id", "Must be a positive integer (the id of an ingested file).");
  return n;
}

function fileNotAvailable(file: File, why: string): AppError {
  return new AppError("document_file_not_found", `The stored document of file ${file.id} is not available: ${why}.`, { id: file.id });
}

async function checkAvailable(file: File): Promise<void> {
  if (!PAGES_AVAILABLE.includes(file.status)) {
    throw fileNotAvailable(
      file,
      file.status.endsWith("fail") || file.status.endsWith("failed") ? "its ingestion failed" : "it is still being ingested",
    );
  }
  if (!(await storage().exists(file.storageKey))) throw fileNotAvailable(file, "its bytes were removed");
}

/** An ingested file the caller may read (else 404 not_found) whose pages are available (else 404 document_file_not_found). */
export async function resolveSourceFile(p: Principal, rawId: unknown): Promise<File> {
  const { file } = await findReadableFile(p, parseFileId(rawId));
  if (!EXTRACT_EXTENSIONS.includes(file.extension.toLowerCase())) throw unsupported(`.${file.extension} files`);
  await checkAvailable(file);
  return file;
}

/** The stored pages of the file version a job was created for (the file may have changed since). */
export async function loadFilePages(fileId: number, version: number, range: PageRange | undefined, isAsync: boolean): Promise<LoadedPages> {
  const file = await db().file.findUnique({ where: { id: fileId } });
  if (!file || file.contentVersion !== version) {
    throw new AppError("document_file_not_found", `File ${fileId} was deleted or replaced before extraction.`, { id: fileId });
  }
  await checkAvailable(file);
  checkPages(file.totalPages, range, isAsync);
  const rows = await db().filePage.findMany({
    where: { fileId, ...(range ? { page: { in: range.pages } } : {}) },
    orderBy: { page: "asc" },
    select: { page: true, markdown: true },
  });
  if (rows.length === 0 && file.totalPages > 0) throw fileNotAvailable(file, "its pages are missing");
  return { pages: rows, pageCount: file.totalPages, mimeType: file.mimeType };
}
