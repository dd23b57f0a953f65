// The first steps of ingestion: what the stored bytes are (detected once: at upload, kept as the file's MIME
// type, or here for files that arrived otherwise; detection ignores the name's claims), and for
// legacy Office files (.doc, .ppt) their conversion with LibreOffice to docx/pptx, stored beside the original
// as files/<id>/converted.<ext> so that a retry or a re-parse starts from it.
import path from "node:path";
import { convertWithLibreOffice } from "@/lib/documents/convert/libreoffice";
import { detectType, typeOfMimeType } from "@/lib/documents/detect";
import type { DetectedType, DocumentKind } from "@/lib/documents/types";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { storage } from "@/lib/storage/storage";
import {
  cleanUpIfDeleted,
  currentFile,
  derivedKeys,
  type FailedOutcome,
  type FileRef,
  isStale,
  markFailed,
  type StaleOutcome,
  setStatus,
  watchFile,
} from "./file-state";

/** Where the engine reads the document from, and what it is. */
export interface DocumentSource {
  key: string;
  filename: string;
  kind: DocumentKind;
}

export interface DetectedSource {
  outcome: "ok";
  source: DocumentSource;
  /** MIME type of the original (a .doc stays application/msword after conversion). */
  mimeType: string;
  /** Set for formats that go through LibreOffice first. */
  convertTo?: "docx" | "pptx";
}

const CONVERT: Partial<Record<DocumentKind, "docx" | "pptx">> = { doc: "docx", ppt: "pptx" };

/**
 * The one rule of the status a new (or replaced) file starts in: formats that LibreOffice converts first
 * (doc, ppt) wait in pending_conversion. `kind` is the detected DocumentKind, or a file's extension while
 * its type is not known yet (doc and ppt files carry their kind's name).
 */
export function initialIngestionStatus(kind: string): "pending" | "pending_conversion" {
  return Object.hasOwn(CONVERT, kind.toLowerCase().replace(/^\./, "")) ? "pending_conversion" : "pending";
}

const MISSING_ORIGINAL = "The uploaded file is no longer in storage.";

/**
 * What the stored bytes are: the type detected at upload (the file's MIME type), else detected from the
 * bytes. An unsupported or empty file is a parsing failure; a missing original fails the file.
 */
export async function detectStep(ref: FileRef): Promise<DetectedSource | StaleOutcome | FailedOutcome> {
  const file = await currentFile(ref);
  if (isStale(file)) return cleanUpIfDeleted(file, ref.fileId);
  let type: DetectedType | null = typeOfMimeType(file.mimeType, file.filename);
  if (type && !(await storage().exists(file.storageKey))) return markFailed(ref, "fail", MISSING_ORIGINAL);
  if (!type) {
    try {
      const bytes = await storage().readBytes(file.storageKey);
      type = await detectType(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), file.filename);
    } catch (err) {
      if (err instanceof AppError) return markFailed(ref, "parsing_failed", err.detail);
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return markFailed(ref, "fail", MISSING_ORIGINAL);
      throw err;
    }
  }
  const { kind, mimeType } = type;
  // Uploads and startIngestion set it already; files whose name did not tell get it here.
  const status = initialIngestionStatus(kind);
  if (status !== "pending") await setStatus(ref, status, { onlyFrom: ["pending"] });
  return { outcome: "ok", source: { key: file.storageKey, filename: file.filename, kind }, mimeType, convertTo: CONVERT[kind] };
}

/** LibreOffice doc → docx / ppt → pptx; a conversion failure is a parsing failure (the engine could not read it). */
export async function convertStep(
  ref: FileRef,
  detected: { source: DocumentSource; convertTo: "docx" | "pptx" },
): Promise<{ outcome: "ok"; source: DocumentSource } | StaleOutcome | FailedOutcome> {
  const file = await currentFile(ref);
  if (isStale(file)) return cleanUpIfDeleted(file, ref.fileId);
  await setStatus(ref, "converting");
  const target = detected.convertTo;
  const key = derivedKeys.converted(ref.fileId, target);
  const watch = watchFile(ref);
  let bytes: Buffer;
  try {
    bytes = await storage().withLocalFile(detected.source.key, (input) =>
      convertWithLibreOffice(input, target, {
        signal: watch.signal,
        timeoutMs: Math.min(env().LIBREOFFICE_TIMEOUT_MS, env().INGEST_TIMEOUT_MS),
        inputExtension: detected.source.kind,
      }),
    );
  } catch (err) {
    const stale = watch.stale();
    if (stale) return cleanUpIfDeleted(stale, ref.fileId);
    if (err instanceof AppError) return markFailed(ref, "parsing_failed", `Conversion failed: ${err.detail}`);
    throw err;
  } finally {
    watch.stop();
  }
  // Replaced or deleted while LibreOffice ran: store nothing.
  const after = await currentFile(ref);
  if (isStale(after)) return cleanUpIfDeleted(after, ref.fileId);
  await storage().putBytes(key, bytes);
  const base = path.basename(detected.source.filename, path.extname(detected.source.filename)) || "document";
  return { outcome: "ok", source: { key, filename: `${base}.${target}`, kind: target } };
}
