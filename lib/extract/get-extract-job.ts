// GET /extract/{job_id}?page=N: the job envelope with one fixed-size page of its rows. A job is visible to
// its creator and company admins (lib/auth/creator-access.ts), one extracted from an ingested file only
// while the caller can read that file; unknown, malformed, foreign and hidden ids are all 404.
import { createdByCallerWhere } from "@/lib/auth/creator-access";
import type { Principal } from "@/lib/auth/principal";
import { EXTRACT_PAGE_SIZE, type TExtractJob } from "@/lib/contracts/extract";
import { db } from "@/lib/db/client";
import type { ExtractJob } from "@/lib/db/generated/client";
import { AppError, notFound } from "@/lib/errors";
import { findReadableFile } from "@/lib/files/file-access";
import { serializeExtractJob } from "./serialize-extract-job";

const ID_PATTERN = /^ext_[0-9A-Za-z]{24}$/;

function parsePage(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const s = raw.trim();
  if (!/^\d{1,9}$/.test(s) || Number(s) < 1) throw new AppError("invalid_page", `The page must be a positive integer, got "${raw}".`);
  return Number(s);
}

async function pageOf(job: ExtractJob, page: number): Promise<TExtractJob> {
  const totalItems = job.status === "completed" ? job.resultCount : 0;
  const lastPage = Math.max(1, Math.ceil(totalItems / EXTRACT_PAGE_SIZE));
  if (page > lastPage) {
    throw new AppError("page_out_of_range", `Page ${page} is beyond the last page of results (${lastPage}).`, { id: job.id });
  }
  const rows = totalItems
    ? await db().extractResult.findMany({
        where: { jobId: job.id, position: { gte: (page - 1) * EXTRACT_PAGE_SIZE, lt: page * EXTRACT_PAGE_SIZE } },
        orderBy: { position: "asc" },
        select: { data: true },
      })
    : [];
  return serializeExtractJob(
    job,
    page,
    rows.map((r) => r.data as Record<string, unknown>),
  );
}

/** A job by id without a tenancy check (its creator just made it). */
export async function readExtractJob(id: string, page: number): Promise<TExtractJob> {
  return pageOf(await db().extractJob.findUniqueOrThrow({ where: { id } }), page);
}

/**
 * Whether the caller may still read the job's source file: its rows are the file's content. A file moved out
 * of the caller's reach hides the job from that caller; a deleted file (nobody can read it) from everyone.
 */
async function canReadSource(p: Principal, job: ExtractJob): Promise<boolean> {
  if (job.sourceFileId === null) return true;
  try {
    await findReadableFile(p, job.sourceFileId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return false;
    throw err;
  }
}

export async function getExtractJob(p: Principal, id: string, rawPage: string | undefined): Promise<TExtractJob> {
  if (!ID_PATTERN.test(id)) throw notFound("Extract job");
  const job = await db().extractJob.findFirst({ where: { id, companyId: p.companyId, ...createdByCallerWhere(p) } });
  if (!job || !(await canReadSource(p, job))) throw notFound("Extract job");
  return pageOf(job, parsePage(rawPage));
}
