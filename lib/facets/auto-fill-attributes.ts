// Attributes filled automatically (issue 19): a content type with `auto_fill` (it or an ancestor) fills the
// attributes of the files classified under it from the document, once the file is ready. Ingestion queues
// the fill-attributes job after it finalized a version (never blocking it), and so does classifying a
// ready file. The job reads each such classification once per file version (an attribute_fills row), keeps
// values someone already set, and meters the pages read as `extraction` with the values it stores. A
// failure is recorded on that row (visible in the file's facets) and never fails the file.
import { fillAttributesJob } from "@/inngest/definitions/fill-attributes";
import { enqueueJob } from "@/inngest/jobs";
import { recordUsage } from "@/lib/billing/record-usage";
import { db } from "@/lib/db/client";
import type { ContentType, File } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { type AttributeType, toStored } from "./attribute-types";
import { ancestorPaths, type Client } from "./content-type-tree";
import { extractAttributeValues } from "./extract-attribute-values";

export interface FillRef {
  fileId: number;
  contentVersion: number;
}

/** Ingestion statuses at which a version's pages are final. */
const READY = ["embedded", "embedding_failed"];

export function fillJobId(ref: FillRef, nodes: readonly Pick<ContentType, "id">[]): string {
  return `fill-attributes:${ref.fileId}:${ref.contentVersion}:${nodes
    .map((n) => n.id)
    .sort((a, b) => a - b)
    .join("-")}`;
}

/** The file's classifications whose node (or an ancestor) fills automatically. */
async function autoFillNodes(file: Pick<File, "id" | "companyId">, client: Client = db()): Promise<ContentType[]> {
  const assigned = await client.fileContentType.findMany({ where: { fileId: file.id }, include: { contentType: true } });
  if (!assigned.length) return [];
  const paths = [...new Set(assigned.flatMap((a) => ancestorPaths(a.contentType.path)))];
  const flagged = await client.contentType.findMany({
    where: { companyId: file.companyId, path: { in: paths }, autoFill: true },
    select: { path: true },
  });
  const on = new Set(flagged.map((n) => n.path));
  return assigned.map((a) => a.contentType).filter((n) => ancestorPaths(n.path).some((p) => on.has(p)));
}

/** Classifications of this version still to fill (no recorded outcome yet). */
async function pendingNodes(file: File): Promise<ContentType[]> {
  const nodes = await autoFillNodes(file);
  if (!nodes.length) return [];
  const done = await db().attributeFill.findMany({
    where: { fileId: file.id, contentVersion: file.contentVersion, contentTypeId: { in: nodes.map((n) => n.id) } },
    select: { contentTypeId: true },
  });
  const seen = new Set(done.map((d) => d.contentTypeId));
  return nodes.filter((n) => !seen.has(n.id));
}

async function currentReadyFile(ref: FillRef): Promise<File | null> {
  const file = await db().file.findUnique({ where: { id: ref.fileId } });
  return file && file.contentVersion === ref.contentVersion && READY.includes(file.status) ? file : null;
}

/** Enqueues the fill job for this version when it is ready and has something to fill; answers whether it did. */
export async function queueAttributeFill(ref: FillRef): Promise<{ outcome: "ok"; queued: boolean }> {
  const file = await currentReadyFile(ref);
  const pending = file ? await pendingNodes(file) : [];
  if (!file || !pending.length) return { outcome: "ok", queued: false };
  // One job per version and set of classifications to fill: queueing twice adds nothing, and a later
  // classification of the same version gets its own run (which skips what earlier runs recorded).
  await enqueueJob(
    fillAttributesJob,
    { file_id: ref.fileId, content_version: ref.contentVersion },
    { companyId: file.companyId, jobId: fillJobId(ref, pending) },
  );
  return { outcome: "ok", queued: true };
}

/** Ingestion's last step: queues the fill, and never fails the ingestion (a problem is logged). */
export async function queueAttributeFillAfterIngestion(ref: FillRef): Promise<{ outcome: "ok"; queued: boolean }> {
  try {
    return await queueAttributeFill(ref);
  } catch (err) {
    log.warn("queueing the automatic attribute fill failed", { fileId: ref.fileId, contentVersion: ref.contentVersion, err });
    return { outcome: "ok", queued: false };
  }
}

export interface FillSummary {
  outcome: "ok" | "stale";
  filled: number;
  failed: number;
}

/** The job's step: fills every pending classification of the version, recording each outcome once. */
export async function fillFileAttributes(ref: FillRef): Promise<FillSummary> {
  const file = await currentReadyFile(ref);
  if (!file) return { outcome: "stale", filled: 0, failed: 0 };
  const summary: FillSummary = { outcome: "ok", filled: 0, failed: 0 };
  for (const node of await pendingNodes(file)) {
    try {
      const extracted = await extractAttributeValues(file, node, { isAsync: true });
      if (await storeFill(file, node, extracted.values, extracted.attributes, extracted.pagesProcessed)) summary.filled++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await recordFillFailure(file, node, err.code, err.message);
      summary.failed++;
    }
  }
  return summary;
}

type Extracted = Awaited<ReturnType<typeof extractAttributeValues>>;

/** Values for attributes still unset, the fill row and the usage event, in one transaction; false when already recorded. */
async function storeFill(
  file: File,
  node: ContentType,
  values: Extracted["values"],
  attributes: Extracted["attributes"],
  pages: number,
): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const current = await tx.file.findUnique({ where: { id: file.id }, select: { contentVersion: true } });
    if (current?.contentVersion !== file.contentVersion) return false;
    const existing = await tx.attributeFill.findUnique({
      where: { fileId_contentTypeId_contentVersion: { fileId: file.id, contentTypeId: node.id, contentVersion: file.contentVersion } },
    });
    if (existing) return false;
    const set = await tx.fileAttributeValue.findMany({ where: { fileId: file.id, attributeId: { in: attributes.map((a) => a.id) } } });
    const taken = new Set(set.map((v) => v.attributeId));
    const filled: string[] = [];
    for (const a of attributes) {
      if (!(a.name in values) || taken.has(a.id)) continue;
      const stored = toStored(a.attributeType as AttributeType, a.choices, values[a.name]);
      if (typeof stored === "string") continue;
      await tx.fileAttributeValue.create({ data: { fileId: file.id, attributeId: a.id, ...stored } });
      filled.push(a.name);
    }
    await tx.attributeFill.create({
      data: {
        companyId: file.companyId,
        fileId: file.id,
        contentTypeId: node.id,
        contentVersion: file.contentVersion,
        status: "completed",
        filled,
        pagesProcessed: pages,
      },
    });
    await recordUsage(
      {
        feature: "extraction",
        quantity: pages,
        companyId: file.companyId,
        userId: file.createdById,
        metadata: {
          file_id: file.id,
          content_version: file.contentVersion,
          content_type_path: node.path,
          purpose: "attribute_auto_fill",
          filled: filled.length,
        },
      },
      tx,
    );
    return true;
  });
}

async function recordFillFailure(
  file: Pick<File, "id" | "companyId" | "contentVersion">,
  node: Pick<ContentType, "id">,
  code: string,
  detail: string,
) {
  const key = { fileId_contentTypeId_contentVersion: { fileId: file.id, contentTypeId: node.id, contentVersion: file.contentVersion } };
  await db().attributeFill.upsert({
    where: key,
    create: {
      companyId: file.companyId,
      fileId: file.id,
      contentTypeId: node.id,
      contentVersion: file.contentVersion,
      status: "failed",
      errorCode: code,
      errorDetail: detail,
    },
    update: {},
  });
}

/** After the last retry: what the job could not fill is recorded as failed, so the file says so. */
export async function markFillFailed(ref: FillRef, detail: string): Promise<void> {
  const file = await currentReadyFile(ref);
  if (!file) return;
  for (const node of await pendingNodes(file)) await recordFillFailure(file, node, "extraction_failed", detail);
}
