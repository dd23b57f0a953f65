// The sitehost listing: Graph delta queries on each library (`/drives/{id}/root/delta`), one Graph page per
// engine page. The first run is a delta from scratch, which Graph answers with every item of the drive: that
// listing is a snapshot (what the workspace holds and the listing lacks is swept). Its final
// `@odata.deltaLink`s are the run cursor; later runs follow them and get only what changed, deletions as items
// with a `deleted` facet. A changed setting or filter, a library added or gone, or a delta link Graph no longer
// honours (410) starts a full enumeration again.
import { createHash } from "node:crypto";
import type { TSitehostFilter, TSitehostSettings } from "@/lib/contracts/datasource-sitehost";
import type { ConnectorContext, Json, ListedItem, ListPage } from "../types";
import { compileFilter, extensionOf, type FolderMap, inScope } from "./filter";
import { type DeltaPage, type DriveItem, GraphFailure, SitehostGraph } from "./graph";
import { graphError, resolveSite } from "./site";

interface DriveCursor {
  id: string;
  name: string;
  scope: string;
  atRoot: boolean;
  /** The next Graph request (a nextLink), or the deltaLink of the last run; null: start from scratch. */
  link: string | null;
  /** Folders seen, for scopes below the root or without subfolders (empty otherwise). */
  folders: FolderMap;
}

interface PageCursor {
  v: 1;
  fp: string;
  site: string;
  full: boolean;
  drives: DriveCursor[];
  i: number;
  /** A delta link expired after delta pages were applied, or a folder moved across the scope: the next run
   *  enumerates everything again. */
  resync?: boolean;
}

interface RunCursor {
  v: 1;
  fp: string;
  site: string;
  drives: DriveCursor[];
}

export type SitehostContext = ConnectorContext<TSitehostSettings, { client_secret: string }, TSitehostFilter>;

/** What a run cursor depends on: when it changes, the next run enumerates everything again. */
const fingerprint = (s: TSitehostSettings, f: TSitehostFilter) =>
  createHash("sha256")
    .update(JSON.stringify([s.tenant_id, s.site_id, s.site_name, s.library, s.folder_path, s.graph_base_url ?? null, f, 1]))
    .digest("hex")
    .slice(0, 32);

export const externalIdOf = (driveId: string, itemId: string) => `${driveId}:${itemId}`;

async function startCursor(ctx: SitehostContext, graph: SitehostGraph): Promise<PageCursor> {
  const fp = fingerprint(ctx.settings, ctx.filter);
  const { site, drives } = await resolveSite(graph, ctx.settings);
  const prev = ctx.runCursor as RunCursor | null;
  const known = prev?.v === 1 && prev.fp === fp && prev.site === site.id ? new Map(prev.drives.map((d) => [d.id, d])) : null;
  const incremental =
    known !== null && known.size === drives.length && drives.every((d) => known.get(d.id)?.link && known.get(d.id)?.scope === d.scope);
  return {
    v: 1,
    fp,
    site: site.id,
    full: !incremental,
    i: 0,
    drives: drives.map((d) => ({
      id: d.id,
      name: d.name,
      scope: d.scope,
      atRoot: d.atRoot,
      link: incremental ? known!.get(d.id)!.link : null,
      folders: incremental ? known!.get(d.id)!.folders : {},
    })),
  };
}

/** Learns the folders above `id` that the listing has not shown yet (Graph does not order parents first). */
async function ensureAncestry(graph: SitehostGraph, drive: DriveCursor, id: string | null): Promise<void> {
  for (let hops = 0; id && id !== drive.scope && !drive.folders[id] && hops < 64; hops++) {
    let item: DriveItem;
    try {
      item = await graph.get<DriveItem>(
        `/drives/${encodeURIComponent(drive.id)}/items/${encodeURIComponent(id)}?$select=id,name,parentReference,root,folder`,
      );
    } catch (err) {
      if (err instanceof GraphFailure && err.status === 404) return;
      throw graphError(err, `a folder of the library ${drive.name}`);
    }
    drive.folders[id] = [item.root ? null : (item.parentReference?.id ?? null), item.name ?? ""];
    id = item.root ? null : (item.parentReference?.id ?? null);
  }
}

/**
 * Records a folder seen in a delta page. A known folder that moved into or out of the scope took its files
 * along, and Graph reports none of them: the next run enumerates everything again (and sweeps).
 */
async function learnFolder(
  graph: SitehostGraph,
  drive: DriveCursor,
  item: DriveItem,
  parent: string | null,
  subfolders: boolean,
  cursor: PageCursor,
) {
  const known = drive.folders[item.id] !== undefined;
  const wasIn = known && inScope(item.id, drive.scope, drive.folders, subfolders);
  drive.folders[item.id] = [parent, item.name ?? ""];
  if (cursor.full || !known) return;
  await ensureAncestry(graph, drive, parent);
  if (wasIn !== inScope(item.id, drive.scope, drive.folders, subfolders)) cursor.resync = true;
}

export async function listSitehostPage(ctx: SitehostContext, raw: Json | null): Promise<ListPage> {
  const graph = new SitehostGraph(ctx.settings, ctx.secrets, ctx.signal);
  const cursor = raw === null ? await startCursor(ctx, graph) : (structuredClone(raw) as unknown as PageCursor);
  const drive = cursor.drives[cursor.i];
  if (!drive) throw new Error(`the sitehost cursor points past its ${cursor.drives.length} libraries`);
  const filter = compileFilter(ctx.filter);
  const trackFolders = !(drive.atRoot && filter.subfolders);
  const request = drive.link ?? `/drives/${encodeURIComponent(drive.id)}/root/delta`;
  let page: DeltaPage;
  try {
    page = await graph.get<DeltaPage>(request);
  } catch (err) {
    if (err instanceof GraphFailure && err.status === 410 && !cursor.full) {
      // The delta link expired (resyncRequired): enumerate everything again. A snapshot only when no delta
      // page of this run was applied yet; otherwise the next run starts from scratch and sweeps.
      ctx.log.warn("sitehost delta link expired; enumerating the libraries again", { drive: drive.name });
      const restart: PageCursor = {
        ...cursor,
        full: true,
        i: 0,
        resync: cursor.i > 0 || raw !== null,
        drives: cursor.drives.map((d) => ({ ...d, link: null, folders: {} })),
      };
      return { items: [], next: restart as unknown as Json, snapshot: !restart.resync };
    }
    throw graphError(err, `the changes of the library ${drive.name}`);
  }

  const items: ListedItem[] = [];
  const leftScope: string[] = [];
  for (const item of page.value) {
    const parent = item.parentReference?.id ?? null;
    if (item.root) {
      if (trackFolders) drive.folders[item.id] = [null, item.name ?? "root"];
      continue;
    }
    if (item.deleted) {
      delete drive.folders[item.id];
      if (!cursor.full) items.push({ externalId: externalIdOf(drive.id, item.id), deleted: true, docType: "file" });
      continue;
    }
    if (item.folder) {
      if (trackFolders) await learnFolder(graph, drive, item, parent, filter.subfolders, cursor);
      continue;
    }
    if (!item.file || !item.name) continue;
    if (trackFolders) await ensureAncestry(graph, drive, parent);
    const scoped = !trackFolders || inScope(parent, drive.scope, drive.folders, filter.subfolders);
    const refusal = scoped
      ? filter.refusal({ name: item.name, parentId: parent, mimeType: item.file.mimeType, lastModified: item.lastModifiedDateTime })
      : "outside the folder";
    if (refusal) {
      // Moved out of scope or changed to fail the filter: removed if the workspace holds it.
      if (!cursor.full) leftScope.push(externalIdOf(drive.id, item.id));
      continue;
    }
    items.push({
      externalId: externalIdOf(drive.id, item.id),
      version: item.cTag ?? item.eTag,
      docType: extensionOf(item.name) || "file",
      filename: item.name,
      url: item.webUrl,
      ref: { drive: drive.id, item: item.id },
    });
  }
  if (leftScope.length) {
    const held = await ctx.previous(leftScope);
    for (const id of leftScope) if (held.has(id)) items.push({ externalId: id, deleted: true, docType: "file" });
  }

  const nextLink = page["@odata.nextLink"];
  const deltaLink = page["@odata.deltaLink"];
  if (nextLink) drive.link = nextLink;
  else if (deltaLink) {
    drive.link = deltaLink;
    cursor.i++;
  } else throw new Error(`Graph answered a delta page of ${drive.name} with neither @odata.nextLink nor @odata.deltaLink`);
  if (!trackFolders) drive.folders = {};
  const done = cursor.i >= cursor.drives.length;
  // After a resync that could not sweep, a cursor that matches nothing: the next run starts from scratch.
  const runCursor: RunCursor = cursor.resync
    ? { v: 1, fp: "resync", site: cursor.site, drives: [] }
    : { v: 1, fp: cursor.fp, site: cursor.site, drives: cursor.drives };
  return {
    items,
    snapshot: cursor.full && !cursor.resync,
    next: done ? null : (cursor as unknown as Json),
    ...(done ? { runCursor: runCursor as unknown as Json } : {}),
  };
}
