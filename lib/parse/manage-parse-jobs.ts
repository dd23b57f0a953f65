// POST /parse and GET /parse/{id}: create a parse job (run inline when synchronous, queued when
// asynchronous) and read it back: its creator and company admins only (lib/auth/creator-access.ts).

import { parseDocumentJob } from "@/inngest/definitions/parse-document";
import { enqueueJob } from "@/inngest/jobs";
import { randomToken } from "@/lib/auth/api-key-secret";
import { createdByCallerWhere } from "@/lib/auth/creator-access";
import type { Principal } from "@/lib/auth/principal";
import { usageFrom } from "@/lib/billing/record-usage";
import { db } from "@/lib/db/client";
import type { DocumentBody } from "@/lib/documents/document-input";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { storage } from "@/lib/storage/storage";
import { readParseRequest } from "./parse-intake";
import { runParse, type StoredParseOptions } from "./run-parse";
import { serializeParseJob } from "./serialize-parse-job";

const ID_PATTERN = /^parse_[0-9A-Za-z]{24}$/;

/** `signal`: the caller went away (a synchronous parse stops). */
export async function createParseJob(p: Principal, body: DocumentBody, signal?: AbortSignal) {
  const intake = await readParseRequest(body);
  const id = `parse_${randomToken(24)}`;
  const stored: StoredParseOptions = {
    ocr: intake.options.ocr,
    ocr_languages: intake.ocrLanguages,
    ...(intake.options.page_range !== undefined ? { page_range: intake.options.page_range } : {}),
    ...(intake.options.links ? { links: true } : {}),
  };
  const base = {
    id,
    // The job's owner, also the usage event's.
    ...usageFrom(p),
    isAsync: intake.options.async,
    filename: intake.filename,
    fileSizeBytes: intake.size,
    sourceUrl: intake.sourceUrl,
    options: { ...stored },
    expiresAt: new Date(Date.now() + env().PARSE_RETENTION_HOURS * 3600_000),
  };
  try {
    if (!intake.options.async) {
      await db().parseJob.create({ data: { ...base, status: "processing", startedAt: new Date() } });
      // A failure is recorded on the job (GET shows it) and answered with its error code now.
      await runParse(id, intake.path, { signal }).catch((err: unknown) => {
        if (err instanceof AppError) throw new AppError(err.code, err.detail, { ...err.options, id });
        throw err;
      });
      const job = await db().parseJob.findUniqueOrThrow({ where: { id } });
      return { status: 200, job: serializeParseJob(job) };
    }
    const storageKey = `parse/${id}`;
    await storage().putFile(storageKey, intake.path);
    try {
      await db().parseJob.create({ data: { ...base, status: "pending", storageKey } });
      await enqueueJob(parseDocumentJob, { parse_job_id: id }, { companyId: p.companyId, jobId: `parse-document:${id}` });
    } catch (err) {
      // Nothing half-written: no job row without bytes, no bytes without a job.
      await db().parseJob.deleteMany({ where: { id } });
      await storage().delete(storageKey);
      throw err;
    }
    const job = await db().parseJob.findUniqueOrThrow({ where: { id } });
    return { status: 202, job: serializeParseJob(job) };
  } finally {
    await intake.cleanup();
  }
}

/** Another member's job, or one a workspace-scoped key did not create, is 404 like an unknown id. */
export async function getParseJob(p: Principal, id: string) {
  if (!ID_PATTERN.test(id)) throw notFound("Parse job");
  const job = await db().parseJob.findFirst({ where: { id, companyId: p.companyId, ...createdByCallerWhere(p) } });
  if (!job) throw notFound("Parse job");
  return serializeParseJob(job);
}
