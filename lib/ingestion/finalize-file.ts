// The last step, one transaction: auto-assigned tags, status embedded, ingested_at, and the `ingestion`
// usage event (quantity = pages) — metered with its result, and only once per version (a retry after a
// commit finds the file embedded and writes nothing).

import { recordUsage } from "@/lib/billing/record-usage";
import { db } from "@/lib/db/client";
import { joinPages } from "@/lib/documents/parse-document";
import { matchAutoTags } from "./auto-tags";
import { cleanUpIfDeleted, type FileRef, isStale, lockCurrentFile, type StaleOutcome } from "./file-state";

export async function finalizeStep(ref: FileRef): Promise<{ outcome: "ok"; pages: number; tagIds: number[] } | StaleOutcome> {
  const result = await db().$transaction(
    async (tx) => {
      const file = await lockCurrentFile(tx, ref);
      if (isStale(file)) return file;
      if (file.status === "embedded") return { outcome: "ok" as const, pages: file.totalPages, tagIds: [] };
      const pages = await tx.filePage.findMany({ where: { fileId: file.id }, orderBy: { page: "asc" }, select: { markdown: true } });
      const tags = await tx.tag.findMany({
        where: { companyId: file.companyId, autoAssign: true },
        select: { id: true, name: true, description: true },
      });
      const tagIds = matchAutoTags(joinPages(pages), tags).map((t) => t.id);
      // A new version may no longer match what the previous one did; manual assignments stay.
      await tx.fileTag.deleteMany({ where: { fileId: file.id, autoAssigned: true, tagId: { notIn: tagIds } } });
      if (tagIds.length) {
        await tx.fileTag.createMany({
          data: tagIds.map((tagId) => ({ fileId: file.id, tagId, autoAssigned: true })),
          skipDuplicates: true,
        });
      }
      await tx.file.update({
        where: { id: file.id },
        data: { status: "embedded", statusDetail: null, ingestedAt: new Date() },
      });
      await recordUsage(
        {
          feature: "ingestion",
          quantity: file.totalPages,
          companyId: file.companyId,
          userId: file.createdById,
          metadata: { file_id: file.id, content_version: file.contentVersion },
        },
        tx,
      );
      return { outcome: "ok" as const, pages: file.totalPages, tagIds };
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
  return isStale(result) ? cleanUpIfDeleted(result, ref.fileId) : result;
}
