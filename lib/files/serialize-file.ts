// Files → the spec's File item. Tags, creator and workspace are loaded in bulk for a page of files.
import type { TFile } from "@/lib/contracts/files";
import { db } from "@/lib/db/client";
import type { File, Prisma } from "@/lib/db/generated/client";
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

/**
 * The relations a File item shows, loaded with the rows in one statement (relation joins): a page of files is
 * one round trip to the database, whatever its size.
 */
function relationsOf(detail: boolean) {
  return {
    workspace: { select: { id: true, name: true, workspaceType: true, isPublic: true } },
    createdBy: { select: { id: true, firstName: true, lastName: true, username: true } },
    tags: { select: { autoAssigned: true, tag: { select: { id: true, name: true } } }, orderBy: { createdAt: "asc" as const } },
    contentTypes: {
      select: { contentType: { select: { path: true, label: true } } },
      orderBy: { contentType: { path: "asc" as const } },
    },
    ...(detail ? { pages: { where: { page: 1 }, select: { markdown: true } }, _count: { select: { chunks: true } } } : {}),
  } satisfies Prisma.FileInclude;
}

type FileWithRelations = Prisma.FileGetPayload<{ include: ReturnType<typeof relationsOf> }> & {
  pages?: { markdown: string }[];
  _count?: { chunks: number };
};

/** The files of `ids` with what their items show, in the order of `ids` (ids not found are left out). */
export async function loadSerializedFiles(ids: number[], opts: SerializeOptions = {}): Promise<TFile[]> {
  if (!ids.length) return [];
  const rows = (await db().file.findMany({ where: { id: { in: ids } }, include: relationsOf(!!opts.detail) })) as FileWithRelations[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toItem(row, !!opts.detail)] : [];
  });
}

/** Items of file rows the caller holds (the rows' own fields are used as given). */
export async function serializeFiles(files: File[], opts: SerializeOptions = {}): Promise<TFile[]> {
  if (!files.length) return [];
  const related = await db().file.findMany({
    where: { id: { in: files.map((f) => f.id) } },
    select: { id: true, ...relationsOf(!!opts.detail) },
  });
  const byId = new Map(related.map((r) => [r.id, r]));
  return files.map((f) => toItem({ ...(byId.get(f.id) as FileWithRelations), ...f }, !!opts.detail));
}

function toItem(f: FileWithRelations, detail: boolean): TFile {
  const w = f.workspace;
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
    tags: f.tags.map((t) => ({ id: t.tag.id, name: t.tag.name, auto_assigned: t.autoAssigned })),
    created_by: f.createdBy ? userRef(f.createdBy) : null,
    external_metadata: (f.externalMetadata as TFile["external_metadata"]) ?? null,
    content_types: f.contentTypes.map((c) => ({ path: c.contentType.path, label: c.contentType.label })),
    thumbnail: thumbnailOf(f),
  };
  if (detail) {
    item.content_preview = f.pages?.[0]?.markdown.slice(0, 1000) ?? "";
    item.chunk_count = f._count?.chunks ?? 0;
    item.mime_type = f.mimeType;
    item.summary = summaries[0]?.summary ?? null;
  }
  return item;
}
