// The first steps of ingestion: what the stored bytes are (detection ignores the name's claims), and for
// legacy Office files (.doc, .ppt) their conversion with LibreOffice to docx/pptx, stored beside the original
// as files/<id>/converted.<ext> so that a retry or a re-parse starts from it.
import path from "node:path";
import { convertWithLibreOffice } from "@/lib/documents/convert/libreoffice";
import { detectType } from "@/lib/documents/detect";
import type { DocumentKind } from "@/lib/documents/types";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { storage } from "@/lib/storage/storage";
import {
  type FailedOutcome,
  type FileRef,
  type StaleOutcome,
  cleanUpIfDeleted,
  currentFile,
  derivedKeys,
  isStale,
  markFailed,
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

/** Formats that are converted before parsing, by file extension (for the status set at upload). */
export function needsConversion(extension: string): boolean {
  return extension.toLowerCase().replace(/^\./, "") in CONVERT;
}

/** Reads the stored bytes and detects their type. An unsupported or empty file is a parsing failure. */
export async function detectStep(ref: FileRef): Promise<DetectedSource | StaleOutcome | FailedOutcome> {
  const file = await currentFile(ref);
  if (isStale(file)) return cleanUpIfDeleted(file, ref.fileId);
  let kind: DocumentKind;
  let mimeType: string;
  try {
    const bytes = await storage().readBytes(file.storageKey);
    ({ kind, mimeType } = await detectType(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), file.filename));
  } catch (err) {
    if (err instanceof AppError) return markFailed(ref, "parsing_failed", err.detail);
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return markFailed(ref, "fail", "The uploaded file is no longer in storage.");
    throw err;
  }
  const convertTo = CONVERT[kind];
  // Uploads set pending_conversion already; files enqueued otherwise get it here.
  if (convertTo) await setStatus(ref, "pending_conversion", { onlyFrom: ["pending"] });
  return { outcome: "ok", source: { key: file.storageKey, filename: file.filename, kind }, mimeType, convertTo };
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

