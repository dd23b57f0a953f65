// The document libraries of the fake Graph (fake-graph.ts): sites, drives and their items with a change
// sequence number, the driveItem JSON Graph answers with, and delta windows: a full enumeration, or the changes
// since a delta token (deleted items carry the `deleted` facet), in pages with keyset paging so that a page
// sequence stays consistent while items change.
import { randomUUID } from "node:crypto";

export interface FakeItem {
  id: string;
  name: string;
  parentId: string | null;
  folder: boolean;
  content: Buffer;
  mimeType: string;
  /** Bumped by content changes (cTag) and by any change (eTag). */
  contentVersion: number;
  version: number;
  modified: string;
  seq: number;
  deleted: boolean;
}

export interface FakeDrive {
  id: string;
  name: string;
  rootId: string;
  items: Map<string, FakeItem>;
}

export interface FakeSite {
  id: string;
  hostname: string;
  path: string;
  displayName: string;
  drives: FakeDrive[];
}

/** A delta window: changes after seq `a` (keyset paging: stable while items change) up to seq `u`. */
interface Skip {
  a: number;
  u: number;
  full: boolean;
}

const MIME: Record<string, string> = { txt: "text/plain", md: "text/markdown", html: "text/html", pdf: "application/pdf", csv: "text/csv" };

export class GraphTree {
  seq = 0;
  readonly sites: FakeSite[] = [];
  readonly drives = new Map<string, FakeDrive>();

  private shortId = () => `01${randomUUID().replace(/-/g, "").slice(0, 24).toUpperCase()}`;

  addSite(hostname: string, sitePath: string, displayName: string): FakeSite {
    const site: FakeSite = {
      id: `${hostname},${randomUUID()},${randomUUID()}`,
      hostname,
      path: sitePath.replace(/^\/+/, ""),
      displayName,
      drives: [],
    };
    this.sites.push(site);
    return site;
  }

  addDrive(site: FakeSite, name: string): FakeDrive {
    const drive: FakeDrive = { id: `b!${randomUUID().replace(/-/g, "")}`, name, rootId: this.shortId(), items: new Map() };
    drive.items.set(drive.rootId, this.blank(drive.rootId, "root", null, true));
    site.drives.push(drive);
    this.drives.set(drive.id, drive);
    return drive;
  }

  addFolder(drive: FakeDrive, parentId: string | null, name: string): FakeItem {
    const item = this.blank(this.shortId(), name, parentId ?? drive.rootId, true);
    drive.items.set(item.id, item);
    return item;
  }

  addFile(drive: FakeDrive, parentId: string | null, name: string, text: string, mimeType?: string): FakeItem {
    const ext = name.split(".").pop()!.toLowerCase();
    const item = {
      ...this.blank(this.shortId(), name, parentId ?? drive.rootId, false),
      content: Buffer.from(text),
      mimeType: mimeType ?? MIME[ext] ?? "application/octet-stream",
    };
    drive.items.set(item.id, item);
    return item;
  }

  updateFile(drive: FakeDrive, id: string, text: string): void {
    const item = drive.items.get(id)!;
    item.content = Buffer.from(text);
    item.contentVersion++;
    this.touch(item);
  }

  move(drive: FakeDrive, id: string, to: { parentId?: string; name?: string }): void {
    const item = drive.items.get(id)!;
    if (to.parentId) item.parentId = to.parentId;
    if (to.name) item.name = to.name;
    this.touch(item);
  }

  remove(drive: FakeDrive, id: string): void {
    const item = drive.items.get(id)!;
    for (const child of drive.items.values()) if (child.parentId === id && !child.deleted) this.remove(drive, child.id);
    item.deleted = true;
    this.touch(item);
  }

  private blank(id: string, name: string, parentId: string | null, folder: boolean): FakeItem {
    const modified = new Date().toISOString();
    return {
      id,
      name,
      parentId,
      folder,
      content: Buffer.alloc(0),
      mimeType: "",
      contentVersion: 1,
      version: 1,
      modified,
      seq: ++this.seq,
      deleted: false,
    };
  }

  private touch(item: FakeItem): void {
    item.version++;
    item.modified = new Date().toISOString();
    item.seq = ++this.seq;
  }

  siteJson(s: FakeSite) {
    return { id: s.id, name: s.path.split("/").pop() || s.hostname, displayName: s.displayName, webUrl: siteUrl(s) };
  }

  private itemPath(drive: FakeDrive, item: FakeItem): string {
    const parts: string[] = [];
    for (let cur: FakeItem | undefined = item; cur && cur.id !== drive.rootId; cur = cur.parentId ? drive.items.get(cur.parentId) : undefined) {
      parts.unshift(cur.name);
    }
    return parts.join("/");
  }

  /** A driveItem as Graph shows it; `base` is the server's origin (download URLs). */
  itemJson(base: string, drive: FakeDrive, item: FakeItem) {
    const parentReference = { driveId: drive.id, driveType: "documentLibrary", ...(item.parentId ? { id: item.parentId } : {}) };
    if (item.deleted) return { id: item.id, parentReference, deleted: { state: "deleted" } };
    const site = this.sites.find((x) => x.drives.includes(drive))!;
    const common = {
      id: item.id,
      name: item.name,
      eTag: `"{${item.id}},${item.version}"`,
      cTag: `"c:{${item.id}},${item.contentVersion}"`,
      webUrl: `${siteUrl(site)}/${encodeURIComponent(drive.name)}/${this.itemPath(drive, item).split("/").map(encodeURIComponent).join("/")}`,
      lastModifiedDateTime: item.modified,
      size: item.content.length,
      parentReference,
    };
    if (item.id === drive.rootId) return { ...common, name: "root", root: {}, folder: { childCount: 0 } };
    if (item.folder) {
      return { ...common, folder: { childCount: [...drive.items.values()].filter((c) => c.parentId === item.id && !c.deleted).length } };
    }
    return {
      ...common,
      file: { mimeType: item.mimeType },
      "@microsoft.graph.downloadUrl": `${base}/download/${drive.id}/${item.id}?v=${item.contentVersion}`,
    };
  }

  /** A delta page (`/drives/{id}/root/delta`), or null for a token older than `minToken` (410 resyncRequired). */
  delta(base: string, drive: FakeDrive, query: URLSearchParams, pageSize: number, minToken: number) {
    const skipToken = query.get("$skiptoken");
    let window: Skip;
    if (skipToken) window = JSON.parse(Buffer.from(skipToken, "base64url").toString()) as Skip;
    else if (query.has("token")) {
      const from = Number(query.get("token"));
      if (!Number.isFinite(from) || from < minToken) return null;
      window = { a: from, u: this.seq, full: false };
    } else window = { a: 0, u: this.seq, full: true };
    const selected = [...drive.items.values()]
      .filter((i) => i.seq > window.a && i.seq <= window.u && !(window.full && i.deleted))
      .sort((a, b) => a.seq - b.seq);
    const page = selected.slice(0, pageSize);
    const link = `${base}/v1.0/drives/${drive.id}/root/delta`;
    const next = Buffer.from(JSON.stringify({ ...window, a: page[page.length - 1]?.seq ?? window.a })).toString("base64url");
    return {
      "@odata.context": `${base}/v1.0/$metadata#Collection(driveItem)`,
      value: page.map((i) => this.itemJson(base, drive, i)),
      ...(selected.length > pageSize ? { "@odata.nextLink": `${link}?$skiptoken=${next}` } : { "@odata.deltaLink": `${link}?token=${window.u}` }),
    };
  }

  findByPath(drive: FakeDrive, p: string): FakeItem | undefined {
    let cur = drive.items.get(drive.rootId);
    for (const name of p.split("/").filter(Boolean)) {
      cur = [...drive.items.values()].find((i) => !i.deleted && i.parentId === cur!.id && i.name.toLowerCase() === name.toLowerCase());
      if (!cur) return undefined;
    }
    return cur;
  }
}

const siteUrl = (s: FakeSite) => `https://${s.hostname}/${s.path}`.replace(/\/$/, "");
