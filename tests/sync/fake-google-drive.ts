// A local Google Drive (API v3) for the filedrive connector's tests: a real HTTP server on 127.0.0.1 speaking
// Drive's documented wire format, which the real @googleapis/drive client is pointed at (rootUrl). Its OAuth
// 2.0 token endpoint (fake-google-oauth.ts) verifies the JWT-bearer assertion's RS256 signature with the
// service account's public key and issues tokens expiring after `tokenLifetimeSec`. files.list answers
// `'<id>' in parents and trashed = false` page by page; files.get (metadata, alt=media), files.export,
// drives.get, changes.getStartPageToken and changes.list (latest change per file, removals, newStartPageToken)
// follow Drive's semantics; errors use Google's error JSON. The test changes the data between runs.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { FakeGoogleOAuth } from "./fake-google-oauth";
import { docxOf, pptxOf } from "./fake-office-files";
import { tinyPdf } from "./local-site";

export const FOLDER = "application/vnd.google-apps.folder";
export const GDOC = "application/vnd.google-apps.document";
export const GSHEET = "application/vnd.google-apps.spreadsheet";
export const GSLIDES = "application/vnd.google-apps.presentation";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const EXPORTS: Record<string, string[]> = {
  [GDOC]: [DOCX, "application/pdf", "text/plain"],
  [GSHEET]: ["application/pdf", XLSX, "text/csv"],
  [GSLIDES]: [PPTX, "application/pdf"],
};

export interface FakeFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  /** Bytes of a binary file; the text of a native one (what its exports contain). */
  content: Buffer;
  trashed: boolean;
  version: number;
  modifiedTime: string;
  driveId?: string;
}

export interface FakeRequestLog {
  method: string;
  /** Path and query. */
  path: string;
  status: number;
  /** The answer was sent gzipped. */
  gzip: boolean;
}

type Json = Record<string, unknown>;

function googleError(code: number, reason: string, message: string, status: string): Json {
  return { error: { code, message, errors: [{ message, domain: "global", reason }], status } };
}

export class FakeGoogleDrive {
  base = "";
  readonly files = new Map<string, FakeFile>();
  readonly drives = new Map<string, { name: string; members: Set<string> }>();
  /** Folder or file id → e-mails it is shared with (with everything below it). */
  readonly shares = new Map<string, Set<string>>();
  /** Ids visible to their sharees whose reads answer 403 (permissions taken away on the item itself). */
  readonly denied = new Set<string>();
  readonly log: FakeRequestLog[] = [];
  /** Service accounts, the token endpoint and the access tokens it issued. */
  readonly oauth = new FakeGoogleOAuth();
  /** Drive may return fewer items than pageSize before the end: pages here hold at most this many. */
  maxPageSize = 1000;
  /** Pause before answering a download or export (the kill -9 test lands its kill mid-page with it). */
  downloadDelayMs = 0;
  /** The next `remaining` Drive requests whose path matches answer 429 (or 403 rate limit) with this Retry-After. */
  throttle: { remaining: number; retryAfter: string; match?: RegExp; as403?: boolean } | null = null;
  /** The Drive API is not enabled in the key's project: every Drive call answers 403 accessNotConfigured. */
  apiDisabled = false;
  private changes: { seq: number; fileId: string; time: string }[] = [];
  private seq = 1;
  private nextId = 1;
  private server: http.Server | undefined;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        const slow = this.downloadDelayMs > 0 && /\/export\?|alt=media/.test(req.url ?? "");
        setTimeout(
          () => {
            try {
              this.handle(req, raw, res);
            } catch (err) {
              this.send(req, res, 500, googleError(500, "backendError", String(err), "INTERNAL"));
            }
          },
          slow ? this.downloadDelayMs : 0,
        );
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  get tokenUrl(): string {
    return `${this.base}/token`;
  }

  // --- data ---------------------------------------------------------------------------------------------

  /** A service account known to the token endpoint; returns its JSON key (token_uri pointing here). */
  addServiceAccount(email?: string): string {
    return this.oauth.addServiceAccount(this.tokenUrl, email);
  }

  get tokenLifetimeSec(): number {
    return this.oauth.lifetimeSec;
  }

  set tokenLifetimeSec(seconds: number) {
    this.oauth.lifetimeSec = seconds;
  }

  get tokensIssued(): number {
    return this.oauth.issued;
  }

  addSharedDrive(name: string, members: string[]): string {
    const id = `0AD${this.nextId++}`;
    this.drives.set(id, { name, members: new Set(members) });
    return id;
  }

  addFolder(name: string, parent: string | null, opts: { sharedWith?: string[]; driveId?: string } = {}): string {
    const id = this.add({ name, mimeType: FOLDER, parents: parent ? [parent] : [], content: Buffer.alloc(0), driveId: opts.driveId });
    if (opts.sharedWith) this.shares.set(id, new Set(opts.sharedWith));
    return id;
  }

  addFile(name: string, parent: string, mimeType: string, content: string | Buffer): string {
    const driveId = this.files.get(parent)?.driveId ?? (this.drives.has(parent) ? parent : undefined);
    return this.add({ name, mimeType, parents: [parent], content: Buffer.from(content), driveId });
  }

  /** Changes a file (content, name, place, trash) as an edit in Drive does: new version, new change. */
  update(id: string, patch: { content?: string | Buffer; name?: string; parents?: string[]; trashed?: boolean }): void {
    const f = this.files.get(id);
    if (!f) throw new Error(`no file ${id}`);
    if (patch.content !== undefined) f.content = Buffer.from(patch.content);
    if (patch.name !== undefined) f.name = patch.name;
    if (patch.parents !== undefined) f.parents = patch.parents;
    if (patch.trashed !== undefined) f.trashed = patch.trashed;
    f.version++;
    f.modifiedTime = this.now();
    this.recordChange(id);
  }

  /** Deletes a file for good (no trash). */
  remove(id: string): void {
    this.files.delete(id);
    this.recordChange(id);
  }

  /** Shares an item (and what is below it) with an account, or takes the share back: a change for each item. */
  setShared(id: string, email: string, shared: boolean): void {
    const sharees = this.shares.get(id) ?? new Set<string>();
    if (shared) sharees.add(email);
    else sharees.delete(email);
    this.shares.set(id, sharees);
    const below = (parent: string): string[] =>
      [...this.files.values()].filter((f) => f.parents.includes(parent)).flatMap((f) => [f.id, ...(f.mimeType === FOLDER ? below(f.id) : [])]);
    for (const changed of [id, ...below(id)]) this.recordChange(changed);
  }

  /** Every access token issued so far stops working (revoked, or expired early). */
  revokeTokens(): void {
    this.oauth.revoke();
  }

  count(filter: (l: FakeRequestLog) => boolean): number {
    return this.log.filter(filter).length;
  }

  private add(f: Omit<FakeFile, "id" | "trashed" | "version" | "modifiedTime">): string {
    const id = `f${String(this.nextId++).padStart(6, "0")}${randomBytes(3).toString("hex")}`;
    this.files.set(id, { ...f, id, trashed: false, version: 1, modifiedTime: this.now() });
    this.recordChange(id);
    return id;
  }

  private lastTime = 0;
  private now(): string {
    // Strictly increasing, as Drive's modifiedTime is for successive edits.
    this.lastTime = Math.max(Date.now(), this.lastTime + 1);
    return new Date(this.lastTime).toISOString();
  }

  private recordChange(fileId: string): void {
    this.changes.push({ seq: this.seq++, fileId, time: new Date().toISOString() });
  }

  private visible(f: FakeFile | undefined, email: string): boolean {
    const seen = new Set<string>();
    for (let cur = f; cur && !seen.has(cur.id); cur = this.files.get(cur.parents[0] ?? "")) {
      seen.add(cur.id);
      if (this.shares.get(cur.id)?.has(email)) return true;
    }
    return !!f?.driveId && !!this.drives.get(f.driveId)?.members.has(email);
  }

  private resource(f: FakeFile): Json {
    const native = f.mimeType.startsWith("application/vnd.google-apps.");
    const kind = f.mimeType === GDOC ? "document" : f.mimeType === GSHEET ? "spreadsheets" : f.mimeType === GSLIDES ? "presentation" : null;
    return {
      kind: "drive#file",
      id: f.id,
      name: f.name,
      mimeType: f.mimeType,
      parents: f.parents,
      trashed: f.trashed,
      version: String(f.version),
      modifiedTime: f.modifiedTime,
      webViewLink: kind ? `https://docs.google.com/${kind}/d/${f.id}/edit?usp=drivesdk` : `https://drive.google.com/file/d/${f.id}/view?usp=drivesdk`,
      ...(native ? {} : { md5Checksum: createHash("md5").update(f.content).digest("hex"), size: String(f.content.length) }),
      ...(f.driveId ? { driveId: f.driveId } : {}),
      capabilities: { canListChildren: f.mimeType === FOLDER, canDownload: true },
    };
  }

  // --- HTTP ---------------------------------------------------------------------------------------------

  private send(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: Json | Buffer, headers: Record<string, string> = {}) {
    const isJson = !Buffer.isBuffer(body);
    // Like Google, JSON answers are gzipped for clients that accept it (the Drive client asks for gzip).
    const gzip = isJson && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    this.log.push({ method: req.method ?? "GET", path: req.url ?? "", status, gzip });
    const bytes = isJson ? Buffer.from(JSON.stringify(body)) : body;
    res.writeHead(status, {
      "content-type": isJson ? "application/json; charset=UTF-8" : "application/octet-stream",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
      ...headers,
    });
    res.end(gzip ? gzipSync(bytes) : bytes);
  }

  private handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", this.base);
    if (url.pathname === "/token" && req.method === "POST") {
      const answer = this.oauth.grant(new URLSearchParams(raw), this.tokenUrl);
      return this.send(req, res, answer.status, answer.body);
    }
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const email = this.oauth.session(auth);
    if (!email) {
      const message =
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.";
      return this.send(req, res, 401, googleError(401, "authError", message, "UNAUTHENTICATED"), {
        "www-authenticate": 'Bearer realm="https://accounts.google.com/"',
      });
    }
    if (this.throttle && this.throttle.remaining > 0 && (!this.throttle.match || this.throttle.match.test(url.pathname + url.search))) {
      this.throttle.remaining--;
      // Drive throttles with 429, and also with 403 userRateLimitExceeded.
      const [status, reason] = this.throttle.as403 ? [403, "userRateLimitExceeded"] : [429, "rateLimitExceeded"];
      return this.send(req, res, status, googleError(status, reason, "Rate Limit Exceeded", "RESOURCE_EXHAUSTED"), {
        "retry-after": this.throttle.retryAfter,
      });
    }
    if (this.apiDisabled) {
      const message =
        "Google Drive API has not been used in project 1234567890 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/drive.googleapis.com/overview?project=1234567890 then retry.";
      return this.send(req, res, 403, googleError(403, "accessNotConfigured", message, "PERMISSION_DENIED"));
    }
    const q = url.searchParams;
    const notFound = (id: string) => this.send(req, res, 404, googleError(404, "notFound", `File not found: ${id}.`, "NOT_FOUND"));
    const denied = (id: string) =>
      this.send(
        req,
        res,
        403,
        googleError(403, "insufficientFilePermissions", `The user does not have sufficient permissions for file ${id}.`, "PERMISSION_DENIED"),
      );
    const readable = (id: string): FakeFile | "sent" => {
      const f = this.files.get(id);
      // Shared-drive items exist for a caller only when it says it supports shared drives.
      if (!f || !this.visible(f, email) || (f.driveId && q.get("supportsAllDrives") !== "true")) {
        notFound(id);
        return "sent";
      }
      if (this.denied.has(id)) {
        denied(id);
        return "sent";
      }
      return f;
    };
    let m: RegExpExecArray | null;
    const path = url.pathname;
    if (path === "/drive/v3/files") return this.list(req, res, q, email, notFound, denied);
    if ((m = /^\/drive\/v3\/files\/([^/]+)\/export$/.exec(path))) {
      const f = readable(m[1]!);
      if (f === "sent") return;
      const allowed = EXPORTS[f.mimeType];
      if (!allowed)
        return this.send(req, res, 403, googleError(403, "fileNotExportable", "Export only supports Docs Editors files.", "PERMISSION_DENIED"));
      const to = q.get("mimeType") ?? "";
      if (!allowed.includes(to))
        return this.send(req, res, 400, googleError(400, "badRequest", "The requested conversion is not supported.", "INVALID_ARGUMENT"));
      const text = f.content.toString("utf8");
      const body = to === DOCX ? docxOf(text) : to === PPTX ? pptxOf(text) : to === "application/pdf" ? tinyPdf(text) : Buffer.from(text);
      return this.send(req, res, 200, body, { "content-type": to });
    }
    if ((m = /^\/drive\/v3\/files\/([^/]+)$/.exec(path))) {
      const f = readable(m[1]!);
      if (f === "sent") return;
      if (q.get("alt") !== "media") return this.send(req, res, 200, this.resource(f));
      if (f.mimeType.startsWith("application/vnd.google-apps.")) {
        const message = "Only files with binary content can be downloaded. Use Export with Docs Editors files.";
        return this.send(req, res, 403, googleError(403, "fileNotDownloadable", message, "PERMISSION_DENIED"));
      }
      return this.send(req, res, 200, f.content, { "content-type": f.mimeType });
    }
    if (path === "/drive/v3/changes/startPageToken")
      return this.send(req, res, 200, { kind: "drive#startPageToken", startPageToken: String(this.seq) });
    if (path === "/drive/v3/changes") return this.listChanges(req, res, q, email);
    if ((m = /^\/drive\/v3\/drives\/([^/]+)$/.exec(path))) {
      const d = this.drives.get(m[1]!);
      if (!d?.members.has(email)) return this.send(req, res, 404, googleError(404, "notFound", `Shared drive not found: ${m[1]}`, "NOT_FOUND"));
      return this.send(req, res, 200, { kind: "drive#drive", id: m[1], name: d.name });
    }
    this.send(req, res, 404, googleError(404, "notFound", `Not found: ${path}`, "NOT_FOUND"));
  }

  private list(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    q: URLSearchParams,
    email: string,
    notFound: (id: string) => void,
    denied: (id: string) => void,
  ) {
    const bad = (message: string) => this.send(req, res, 400, googleError(400, "invalid", message, "INVALID_ARGUMENT"));
    const m = /^'([^']+)' in parents and trashed\s*=\s*false$/.exec(q.get("q") ?? "");
    if (!m) return bad("Invalid Value");
    const corpora = q.get("corpora") ?? "user";
    const driveId = q.get("driveId");
    if (corpora === "drive" && (!driveId || q.get("includeItemsFromAllDrives") !== "true"))
      return bad("driveId and includeItemsFromAllDrives are required");
    const parentId = m[1]!;
    const parent = this.files.get(parentId);
    const driveRoot = this.drives.get(parentId);
    if (driveRoot) {
      if (!driveRoot.members.has(email)) return notFound(parentId);
    } else if (!parent || !this.visible(parent, email)) return notFound(parentId);
    if (this.denied.has(parentId)) return denied(parentId);
    const allDrives = q.get("includeItemsFromAllDrives") === "true" && q.get("supportsAllDrives") === "true";
    const children = [...this.files.values()].filter(
      (f) => !f.trashed && f.parents.includes(parentId) && (!f.driveId || allDrives) && (corpora !== "drive" || f.driveId === driveId),
    );
    const size = Math.min(Math.max(Number(q.get("pageSize") ?? 100) || 100, 1), this.maxPageSize);
    const offset = q.get("pageToken") ? Number(Buffer.from(q.get("pageToken")!, "base64url").toString().replace(/^o:/, "")) : 0;
    if (!Number.isInteger(offset) || offset < 0) return bad("Invalid Value");
    const page = children.slice(offset, offset + size);
    const more = offset + size < children.length;
    this.send(req, res, 200, {
      kind: "drive#fileList",
      incompleteSearch: false,
      files: page.map((f) => this.resource(f)),
      ...(more ? { nextPageToken: Buffer.from(`o:${offset + size}`).toString("base64url") } : {}),
    });
  }

  private listChanges(req: http.IncomingMessage, res: http.ServerResponse, q: URLSearchParams, email: string) {
    const from = Number(q.get("pageToken"));
    if (!q.get("pageToken") || !Number.isInteger(from) || from < 1 || from > this.seq) {
      return this.send(req, res, 400, googleError(400, "invalid", "Invalid Value", "INVALID_ARGUMENT"));
    }
    const driveId = q.get("driveId");
    const includeRemoved = q.get("includeRemoved") !== "false";
    const allDrives = q.get("includeItemsFromAllDrives") === "true" && q.get("supportsAllDrives") === "true";
    // Drive keeps the latest change of each file: a file changed twice since the token is listed once.
    const latest = new Map<string, { seq: number; fileId: string; time: string }>();
    for (const c of this.changes) if (c.seq >= from) latest.set(c.fileId, c);
    const entries = [...latest.values()].sort((a, b) => a.seq - b.seq);
    const size = Math.min(Math.max(Number(q.get("pageSize") ?? 100) || 100, 1), this.maxPageSize);
    const out: Json[] = [];
    let i = 0;
    for (; i < entries.length && out.length < size; i++) {
      const c = entries[i]!;
      const f = this.files.get(c.fileId);
      if (f && driveId ? f.driveId !== driveId : f?.driveId && !allDrives) continue;
      if (f && this.visible(f, email))
        out.push({ kind: "drive#change", changeType: "file", fileId: c.fileId, time: c.time, removed: false, file: this.resource(f) });
      else if (includeRemoved) out.push({ kind: "drive#change", changeType: "file", fileId: c.fileId, time: c.time, removed: true });
    }
    const more = i < entries.length;
    this.send(req, res, 200, {
      kind: "drive#changeList",
      changes: out,
      ...(more ? { nextPageToken: String(entries[i]!.seq) } : { newStartPageToken: String(this.seq) }),
    });
  }
}
