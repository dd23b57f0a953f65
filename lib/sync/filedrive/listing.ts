// The listing of a Drive datasource. A first run (and any run after the scope changed) walks the folder tree
// page by page (files.list on `'<folder>' in parents`) as a snapshot, having taken a change token first, so
// nothing changed during the walk is lost. Later runs read the Changes API from that token (a delta): a
// change is inside the tree when one of the file's parents is a folder of the tree (their ids travel in the
// run cursor); a file moved out, trashed, removed or filtered out is listed as deleted; a folder moved in is
// walked. A folder that leaves the tree takes files with it that the Changes API does not list one by one:
// found on the first changes page, the run turns into a walk (a snapshot, whose sweep deletes them); later,
// the next run walks.
import { createHash } from "node:crypto";
import type { drive_v3 } from "@googleapis/drive";
import type { TFiledriveFilter, TFiledriveSettings } from "@/lib/contracts/datasource-filedrive";
import type { Json, ListedItem, ListPage } from "../types";
import { callDrive, DriveApiError, type DriveClient, driveScope } from "./client";
import { apiFailure, rootFailure } from "./errors";
import { type CompiledFilter, compileFilter, FOLDER_MIME, fileNameOf, formatOf, SHORTCUT_MIME, versionOf } from "./formats";

const FILE_FIELDS = "id,name,mimeType,parents,trashed,md5Checksum,version,modifiedTime,webViewLink,size";
const PAGE_SIZE = 1000;
/** Drive calls one listPage makes at most while it finds nothing to list (empty folders). */
const CALLS_PER_PAGE = 20;

/** Kept between runs: the change token to read from, the tree's folders, and the scope they belong to. */
export interface FiledriveRunCursor {
  token: string;
  folders: string[];
  scope: string;
  /** A folder left the tree: the next run walks instead of reading changes. */
  rescan?: boolean;
}

interface ListCursor extends FiledriveRunCursor {
  mode: "walk" | "delta";
  /** Folders still to list; the first is being listed from `page`. */
  queue: string[];
  page: string | null;
  /** Delta: the changes have been read up to `token` (now the next run's start). */
  changesDone?: boolean;
  /** Pages handed to the engine so far (before the first, a delta may still turn into a walk). */
  returned: number;
}

export const rootsOf = (s: TFiledriveSettings): string[] => (s.folder_ids?.length ? [...new Set(s.folder_ids)] : [s.shared_drive_id!]);

/** What the run cursor's folders and tokens are valid for: another scope starts with a walk. */
export function scopeOf(s: TFiledriveSettings, f: TFiledriveFilter): string {
  const key = [rootsOf(s).sort(), s.shared_drive_id ?? null, s.impersonate_user ?? null, s.api_base_url ?? null, f];
  return createHash("sha256").update(JSON.stringify(key)).digest("hex").slice(0, 32);
}

export class DriveListing {
  private readonly filter: CompiledFilter;
  private readonly roots: Set<string>;
  private readonly subfolders: boolean;

  constructor(
    private readonly client: DriveClient,
    private readonly rawFilter: TFiledriveFilter,
  ) {
    this.filter = compileFilter(rawFilter);
    this.roots = new Set(rootsOf(client.settings));
    this.subfolders = rawFilter.include_subfolders ?? true;
  }

  async startToken(): Promise<string> {
    const s = this.client.settings;
    try {
      const res = await callDrive<drive_v3.Schema$StartPageToken>(this.client, (o) =>
        this.client.api.changes.getStartPageToken({ supportsAllDrives: true, ...(s.shared_drive_id ? { driveId: s.shared_drive_id } : {}) }, o),
      );
      if (!res.startPageToken) throw new Error("changes.getStartPageToken returned no token");
      return res.startPageToken;
    } catch (err) {
      throw s.shared_drive_id ? rootFailure(err, `shared drive ${s.shared_drive_id}`, this.client.auth.key.clientEmail) : apiFailure(err);
    }
  }

  private async walkCursor(scope: string): Promise<ListCursor> {
    const roots = [...this.roots];
    return { mode: "walk", token: await this.startToken(), folders: roots, scope, queue: roots, page: null, returned: 0 };
  }

  async listPage(runCursor: Json | null, raw: Json | null): Promise<ListPage> {
    let cursor = raw as ListCursor | null;
    if (!cursor) {
      const scope = scopeOf(this.client.settings, this.rawFilter);
      const last = runCursor as FiledriveRunCursor | null;
      cursor =
        last?.token && last.scope === scope && !last.rescan
          ? { mode: "delta", token: last.token, folders: last.folders, scope, queue: [], page: null, returned: 0 }
          : await this.walkCursor(scope);
    }
    const folders = new Set(cursor.folders);
    let items: ListedItem[] = [];
    for (let calls = 0; calls < CALLS_PER_PAGE && !items.length; calls++) {
      if (cursor.queue.length) {
        items = await this.listFolder(cursor, folders);
      } else if (cursor.mode === "delta" && !cursor.changesDone) {
        const delta = await this.readChanges(cursor, folders);
        if (delta === "walk") {
          cursor = await this.walkCursor(cursor.scope);
          folders.clear();
          for (const r of cursor.folders) folders.add(r);
          continue;
        }
        items = delta;
      } else break;
    }
    cursor.folders = [...folders];
    const done = !cursor.queue.length && (cursor.mode === "walk" || cursor.changesDone === true);
    const snapshot = cursor.mode === "walk";
    if (done) {
      const next: FiledriveRunCursor = { token: cursor.token, folders: cursor.folders, scope: cursor.scope };
      if (cursor.rescan) next.rescan = true;
      return { items, next: null, snapshot, runCursor: next as unknown as Json };
    }
    cursor.returned++;
    return { items, next: cursor as unknown as Json, snapshot };
  }

  /** One files.list page of the folder at the head of the queue. */
  private async listFolder(cursor: ListCursor, folders: Set<string>): Promise<ListedItem[]> {
    const folder = cursor.queue[0]!;
    let res: drive_v3.Schema$FileList;
    try {
      res = await callDrive<drive_v3.Schema$FileList>(this.client, (o) =>
        this.client.api.files.list(
          {
            ...driveScope(this.client.settings),
            q: `'${folder}' in parents and trashed = false`,
            pageSize: PAGE_SIZE,
            pageToken: cursor.page ?? undefined,
            fields: `nextPageToken,files(${FILE_FIELDS})`,
          },
          o,
        ),
      );
    } catch (err) {
      if (this.roots.has(folder)) throw rootFailure(err, `folder ${folder}`, this.client.auth.key.clientEmail);
      // A subfolder deleted since it was seen: its files are no longer in the tree.
      if (err instanceof DriveApiError && err.status === 404) {
        cursor.queue.shift();
        cursor.page = null;
        folders.delete(folder);
        return [];
      }
      throw apiFailure(err);
    }
    const items: ListedItem[] = [];
    for (const file of res.files ?? []) {
      if (!file.id) continue;
      if (file.mimeType === FOLDER_MIME) {
        if (this.subfolders && !folders.has(file.id)) {
          folders.add(file.id);
          cursor.queue.push(file.id);
        }
        continue;
      }
      const item = this.itemOf(file);
      // In a snapshot, a file left out is one the workspace must not hold: not listing it is enough.
      if (item && !item.deleted) items.push(item);
    }
    if (res.nextPageToken) cursor.page = res.nextPageToken;
    else {
      cursor.queue.shift();
      cursor.page = null;
    }
    return items;
  }

  /** One changes.list page; "walk" when the run must become a walk (a folder left the tree, or a stale token). */
  private async readChanges(cursor: ListCursor, folders: Set<string>): Promise<ListedItem[] | "walk"> {
    const s = this.client.settings;
    let res: drive_v3.Schema$ChangeList;
    try {
      res = await callDrive<drive_v3.Schema$ChangeList>(this.client, (o) =>
        this.client.api.changes.list(
          {
            pageToken: cursor.token,
            pageSize: PAGE_SIZE,
            includeRemoved: true,
            supportsAllDrives: true,
            includeItemsFromAllDrives: true,
            ...(s.shared_drive_id ? { driveId: s.shared_drive_id } : {}),
            fields: `nextPageToken,newStartPageToken,changes(changeType,removed,fileId,file(${FILE_FIELDS}))`,
          },
          o,
        ),
      );
    } catch (err) {
      // A token Drive no longer knows: nothing has been listed from it yet, so a walk can take over.
      if (err instanceof DriveApiError && [400, 404, 410].includes(err.status) && cursor.returned === 0) return "walk";
      throw apiFailure(err);
    }
    const changes = (res.changes ?? []).filter((c) => c.changeType !== "drive" && c.fileId);
    // Folders first, so that a file and its new folder in one page are judged with the folder in the tree.
    let folderLeft = false;
    for (const c of changes) {
      const id = c.fileId!;
      const isFolder = c.file?.mimeType === FOLDER_MIME || (!c.file && folders.has(id));
      if (!isFolder) continue;
      const gone = c.removed || c.file?.trashed;
      const inTree = this.roots.has(id) || (c.file?.parents ?? []).some((p) => folders.has(p) && p !== id);
      if (gone || !inTree) {
        if (folders.has(id)) {
          folderLeft = true;
          folders.delete(id);
        }
      } else if (!folders.has(id) && this.subfolders) {
        folders.add(id);
        cursor.queue.push(id);
      }
    }
    if (folderLeft && cursor.returned === 0) return "walk";
    if (folderLeft) cursor.rescan = true;
    const items: ListedItem[] = [];
    for (const c of changes) {
      const id = c.fileId!;
      const f = c.file;
      if (f?.mimeType === FOLDER_MIME || (!f && folders.has(id))) continue;
      if (f?.mimeType === SHORTCUT_MIME) continue;
      const inTree = !!f && !c.removed && !f.trashed && (f.parents ?? []).some((p) => folders.has(p));
      // Outside the tree (moved out, trashed, removed, or never ours): the engine ignores ids it does not hold.
      items.push((inTree ? this.itemOf(f) : null) ?? { externalId: id, deleted: true, docType: "file" });
    }
    if (res.nextPageToken) cursor.token = res.nextPageToken;
    else if (res.newStartPageToken) {
      cursor.token = res.newStartPageToken;
      cursor.changesDone = true;
    } else throw apiFailure(new Error("changes.list returned neither nextPageToken nor newStartPageToken"));
    return items;
  }

  /** A listed file; a deleted marker when filtered out or of a type the engine cannot read. */
  private itemOf(file: drive_v3.Schema$File): ListedItem | null {
    const format = formatOf(file.mimeType);
    const refusal = format ? this.filter.refusal(file) : `type ${file.mimeType} is not read by the document engine`;
    if (!format || refusal) {
      this.client.log.debug("filedrive: left out", file.id, refusal);
      return { externalId: file.id!, deleted: true, docType: "file" };
    }
    return {
      externalId: file.id!,
      version: versionOf(file, format),
      docType: format.docType,
      filename: fileNameOf(file, format),
      ...(format.exportMime ? { title: file.name ?? undefined } : {}),
      url: file.webViewLink ?? undefined,
      ref: format.exportMime ? { export: format.exportMime } : {},
    };
  }
}
