// Files → the spec's File item. Tags, creator and workspace are loaded in bulk for a page of files.
import type { TFile } from "@/lib/contracts/files";
import { db } from "@/lib/db/client";
import type { File } from "@/lib/db/generated/client";
import { currentThumbnailState, FAILED_STATUSES, type IngestionStatus } from "@/lib/ingestion/file-state";
import { userRef } from "@/lib/workspaces/serialize-workspace";

export interface SerializeOptions {
  detail?: boolean;
}

/** Ingestion ended: a version that has no thumbnail job by now never gets one (it is queued once parsed). */
const INGESTION_ENDED: ReadonlySet<string> = new Set<IngestionStatus>(["embedded", ...FAILED_STATUSES]);

/** READY once the thumbnail job stored it, UNAVAILABLE when it failed for good or will never run, else PENDING. */
export function thumbnailOf(f: File): TFile["thumbnail"] {
  const state = currentThumbnailState(f);
  if (state === "ready" && f.thumbnailKey) return { status: "READY", url: `/api/v3/files/${f.id}/thumbnail` };
  if (state === "unavailable" || (state === null && INGESTION_ENDED.has(f.status))) return { status: "UNAVAILABLE", url: null };
  return { status: "PENDING", url: null };
}

export async function serializeFiles(files: File[], opts: SerializeOptions = {}): Promise<TFile[]> {
  if (!files.length) return [];
  const ids = files.map((f) => f.id);
  const [tags, workspaces, users, chunkCounts, firstPages, classifications] = await Promise.all([
    db().fileTag.findMany({ where: { fileId: { in: ids } }, include: { tag: true }, orderBy: { createdAt: "asc" } }),
    db().workspace.findMany({ where: { id: { in: [...new Set(files.map((f) => f.workspaceId))] } } }),
    db().user.findMany({ where: { id: { in: [...new Set(files.map((f) => f.createdById).filter((x): x is number => x !== null))] } } }),
    opts.detail ? db().chunk.groupBy({ by: ["fileId"], where: { fileId: { in: ids } }, _count: { _all: true } }) : Promise.resolve([]),
    opts.detail ? db().filePage.findMany({ where: { fileId: { in: ids }, page: 1 } }) : Promise.resolve([]),
    db().fileContentType.findMany({
      where: { fileId: { in: ids } },
      select: { fileId: true, contentType: { select: { path: true, label: true } } },
      orderBy: { contentType: { path: "asc" } },
    }),
  ]);
  const ws = new Map(workspaces.map((w) => [w.id, w]));
  const us = new Map(users.map((u) => [u.id, u]));
  return files.map((f) => {
    const w = ws.get(f.workspaceId)!;
    const creator = f.createdById ? us.get(f.createdById) : undefined;
    const summaries = (f.summaries as { language: string; summary: string }[]) ?? [];
    const item: TFile = {
      id: f.id,
      filename: f.filename,
      title: f.title,
      extension: f.extension,
      workspace: { id: w.id, name: w.name, workspace_type: w.workspaceType, is_public: w.isPublic },
      summaries,
      status: f.status as TFile["status"],
      status_vision: f.statusVision as TFile["status_vision"],
      status_detail: f.statusDetail,
      created_at: f.createdAt.toISOString(),
      updated_at: f.updatedAt.toISOString(),
      total_pages: f.totalPages,
      size: f.size,
      tags: tags.filter((t) => t.fileId === f.id).map((t) => ({ id: t.tag.id, name: t.tag.name, auto_assigned: t.autoAssigned })),
      created_by: creator ? userRef(creator) : null,
      external_metadata: (f.externalMetadata as TFile["external_metadata"]) ?? null,
      content_types: classifications.filter((c) => c.fileId === f.id).map((c) => ({ path: c.contentType.path, label: c.contentType.label })),
      thumbnail: thumbnailOf(f),
    };
    if (opts.detail) {
      const page1 = firstPages.find((p) => p.fileId === f.id);
      item.content_preview = page1 ? page1.markdown.slice(0, 1000) : "";
      item.chunk_count = chunkCounts.find((c) => c.fileId === f.id)?._count._all ?? 0;
      item.mime_type = f.mimeType;
      item.summary = summaries[0]?.summary ?? null;
    }
    return item;
  });
}
