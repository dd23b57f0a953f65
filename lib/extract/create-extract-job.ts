// POST /extract: create an extract job, run it inline when synchronous (200 with the first page of rows)
// or queue it when asynchronous (202). A synchronous failure is recorded on the job and answered with its
// error code and the job id.

import { extractDocumentJob } from "@/inngest/definitions/extract-document";
import { enqueueJob } from "@/inngest/jobs";
import { randomToken } from "@/lib/auth/api-key-secret";
import type { Principal } from "@/lib/auth/principal";
import { usageFrom } from "@/lib/billing/record-usage";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { DocumentBody } from "@/lib/documents/document-input";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { storage } from "@/lib/storage/storage";
import { type ExtractIntake, readExtractRequest } from "./extract-intake";
import { readExtractJob } from "./get-extract-job";
import { asExtractError, extractRows, loadPages, markExtractFailed, type StoredExtractOptions, storeResult } from "./run-extract";

function describeSource(intake: ExtractIntake) {
  const s = intake.source;
  if (s.kind === "file") {
    return {
      filename: s.file.filename,
      fileSizeBytes: s.file.size,
      mimeType: s.file.mimeType,
      pageCount: s.file.totalPages,
      sourceFileId: s.file.id,
      sourceFileVersion: s.file.contentVersion,
    };
  }
  return { filename: s.doc.filename, fileSizeBytes: s.doc.size, mimeType: s.type.mimeType, sourceUrl: s.doc.sourceUrl };
}

async function runInline(id: string, intake: ExtractIntake, callerSignal: AbortSignal | undefined): Promise<void> {
  const timeoutMs = env().EXTRACT_SYNC_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  try {
    const job = await db().extractJob.findUniqueOrThrow({ where: { id } });
    const loaded = await loadPages(job, intake.source.kind === "document" ? intake.source.doc.path : null, { timeoutMs, signal });
    const raw = await extractRows(job, loaded.pages, signal);
    await storeResult(id, raw);
  } catch (err) {
    const appErr = asExtractError(err, id);
    await markExtractFailed(id, appErr.code, appErr.detail);
    throw new AppError(appErr.code, appErr.detail, { ...appErr.options, id });
  }
}

/** `signal`: the caller went away (a synchronous extraction stops). */
export async function createExtractJob(p: Principal, body: DocumentBody, signal?: AbortSignal) {
  const intake = await readExtractRequest(p, body);
  try {
    const id = `ext_${randomToken(24)}`;
    const options: StoredExtractOptions = {
      granularity: intake.options.granularity,
      ...(intake.options.page_range !== undefined ? { page_range: intake.options.page_range } : {}),
    };
    const base = {
      id,
      // The job's owner, also the usage event's.
      ...usageFrom(p),
      isAsync: intake.options.async,
      schema: intake.schema as Prisma.InputJsonObject,
      options: { ...options },
      expiresAt: new Date(Date.now() + env().EXTRACT_RETENTION_HOURS * 3600_000),
      ...describeSource(intake),
    };
    if (!intake.options.async) {
      await db().extractJob.create({ data: { ...base, status: "processing", startedAt: new Date() } });
      await runInline(id, intake, signal);
      return { status: 200, job: await readExtractJob(id, 1) };
    }
    const storageKey = intake.source.kind === "document" ? `extract/${id}/original` : null;
    if (storageKey && intake.source.kind === "document") await storage().putFile(storageKey, intake.source.doc.path);
    try {
      await db().extractJob.create({ data: { ...base, status: "pending", storageKey } });
      await enqueueJob(extractDocumentJob, { extract_job_id: id }, { companyId: p.companyId, jobId: `extract-document:${id}` });
    } catch (err) {
      // Nothing half-written: no job row without bytes, no bytes without a job.
      await db().extractJob.deleteMany({ where: { id } });
      if (storageKey) await storage().deletePrefix(`extract/${id}`);
      throw err;
    }
    return { status: 202, job: await readExtractJob(id, 1) };
  } finally {
    await intake.cleanup();
  }
}
