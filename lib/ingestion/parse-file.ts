// The parse step: the document engine on the stored bytes (their type already known), then the pages, page count, MIME type, language
// and summaries written in one transaction (status parsed). Engine errors are the file's parsing_failed
// with the engine's reason; an OCR pool at capacity is retried later; anything else is retried by the job.
import { db } from "@/lib/db/client";
import { typeOfKind } from "@/lib/documents/detect";
import { parseDocument } from "@/lib/documents/parse-document";
import { summarizeDocument, type TextSearchConfig } from "@/lib/documents/summarize";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { storage } from "@/lib/storage/storage";
import {
  cleanUpIfDeleted,
  currentFile,
  type FailedOutcome,
  type FileRef,
  isStale,
  lockCurrentFile,
  markFailed,
  type StaleOutcome,
  setStatus,
  watchFile,
} from "./file-state";
import type { DocumentSource } from "./prepare-source";

export interface ParsedOutcome {
  outcome: "ok";
  totalPages: number;
  /** Text-search configuration of the document's language, for its chunks. */
  textSearchConfig: TextSearchConfig;
}

export async function parseStep(ref: FileRef, source: DocumentSource, mimeType: string): Promise<ParsedOutcome | StaleOutcome | FailedOutcome> {
  const file = await currentFile(ref);
  if (isStale(file)) return cleanUpIfDeleted(file, ref.fileId);
  await setStatus(ref, "parsing");
  const watch = watchFile(ref);
  let parsed: Awaited<ReturnType<typeof parseDocument>>;
  try {
    parsed = await storage().withLocalFile(source.key, (path) =>
      parseDocument({
        path,
        filename: source.filename,
        // Detected by the detect step (or at upload): the engine does not detect it again.
        type: typeOfKind(source.kind, source.filename),
        ocr: "auto",
        ocrLanguages: env().OCR_DEFAULT_LANGUAGES.split(/[+,]/),
        // A longer file fails (parsing_failed, with the reason) before any page is read: a PDF from its trailer.
        maxPages: env().INGEST_MAX_PAGES,
        pageLimitScope: "ingestion",
        timeoutMs: env().INGEST_TIMEOUT_MS,
        signal: watch.signal,
      }),
    );
  } catch (err) {
    const stale = watch.stale();
    if (stale) return cleanUpIfDeleted(stale, ref.fileId);
    // Back-pressure, not a verdict on the file: the job tries again later (inngest/define-job.ts throwIfBusy).
    if (err instanceof AppError && err.code === "ocr_concurrent_limit") throw err;
    if (err instanceof AppError) return markFailed(ref, "parsing_failed", err.detail);
    throw err;
  } finally {
    watch.stop();
  }

  const { language, summaries } = summarizeDocument(parsed.pages);
  const written = await db().$transaction(
    async (tx) => {
      const locked = await lockCurrentFile(tx, ref);
      if (isStale(locked)) return locked;
      await tx.filePage.deleteMany({ where: { fileId: ref.fileId } });
      await tx.filePage.createMany({
        data: parsed.pages.map((p) => ({ fileId: ref.fileId, page: p.page, markdown: p.markdown, ocr: p.ocr })),
      });
      await tx.file.update({
        where: { id: ref.fileId },
        data: {
          status: "parsed",
          statusDetail: null,
          totalPages: parsed.pageCount,
          mimeType,
          language: language.code,
          summaries,
        },
      });
      return undefined;
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
  if (written) return cleanUpIfDeleted(written, ref.fileId);
  return { outcome: "ok", totalPages: parsed.pageCount, textSearchConfig: language.textSearchConfig };
}
