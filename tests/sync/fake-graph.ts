// A local stand-in for the Microsoft identity platform and Microsoft Graph, for tests of the `sitehost`
// connector: one HTTPS server on 127.0.0.1 (msal-node only accepts https authorities; the self-signed
// certificate in fixtures/ is trusted by `trustFakeGraph`) speaking the documented wire formats:
// - identity: `GET /{tenant}/v2.0/.well-known/openid-configuration` (what msal-node reads for an authority in
//   knownAuthorities) and `POST /{tenant}/oauth2/v2.0/token` (client credentials, AADSTS errors);
// - Graph v1.0: `/sites/{hostname}:/{path}`, `/sites/{id}`, `/sites?search=`, `/sites/{id}/drives`,
//   `/drives/{id}/root`, `/drives/{id}/root:/{path}`, `/drives/{id}/items/{id}`, `/drives/{id}/root/delta`
//   (pages with @odata.nextLink, a final @odata.deltaLink, changes and `deleted` facets since a token; 410
//   resyncRequired for expired tokens), `/drives/{id}/items/{id}/content` (302 to a download URL), errors as
//   `{"error":{"code","message"}}`, 429 with Retry-After on demand, tokens that expire server-side.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import tls from "node:tls";
import { fileURLToPath } from "node:url";

const fixtures = fileURLToPath(new URL("./fixtures/", import.meta.url));
export const FAKE_GRAPH_CERT = path.join(fixtures, "fake-graph-cert.pem");

/** Makes node's https (which the connector's vetted transport uses) trust the fake's certificate. */
export function trustFakeGraph(): void {
  const cert = fs.readFileSync(FAKE_GRAPH_CERT, "utf8");
  const ca = https.globalAgent.options.ca;
  if (Array.isArray(ca) && ca.includes(cert)) return;
  https.globalAgent.options.ca = [...tls.rootCertificates, cert];
}

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

export interface FakeGraph {
  /** `https://127.0.0.1:<port>`: authority host and Graph base URL at once. */
  base: string;
  tenant: string;
  clientId: string;
  secret: string;
  sites: FakeSite[];
  pageSize: number;
  /** Server-side lifetime of an issued token; older ones answer 401 InvalidAuthenticationToken. */
  tokenTtlMs: number;
  /** Graph answers 403 accessDenied (the app has no application permission). */
  denyGraph: boolean;
  /** Delta tokens below this answer 410 resyncRequired. */
  minDeltaToken: number;
  stats: { openid: number; tokens: number; graph: number; throttled: number; unauthorized: number; downloads: number };
  requests: string[];
  /** Called before each download is answered (tests slow runs down or count here). */
  onDownload?: (item: FakeItem) => void | Promise<void>;
  /** The next `n` Graph calls answer 429 with Retry-After `seconds`. */
  throttle(n: number, seconds: number): void;
  /** Every token issued so far expires now (Graph answers 401 InvalidAuthenticationToken to them). */
  expireTokens(): void;
  addSite(hostname: string, sitePath: string, displayName: string): FakeSite;
  addDrive(site: FakeSite, name: string): FakeDrive;
  addFolder(drive: FakeDrive, parentId: string | null, name: string): FakeItem;
  addFile(drive: FakeDrive, parentId: string | null, name: string, text: string, mimeType?: string): FakeItem;
  updateFile(drive: FakeDrive, id: string, text: string): void;
  move(drive: FakeDrive, id: string, to: { parentId?: string; name?: string }): void;
  /** Deletes an item (a folder with everything below it: each is reported deleted). */
  remove(drive: FakeDrive, id: string): void;
  close(): Promise<void>;
}

/** A delta window: changes after seq `a` (keyset paging: stable while items change) up to seq `u`. */
interface Skip {
  a: number;
  u: number;
  full: boolean;
}

const MIME: Record<string, string> = { txt: "text/plain", md: "text/markdown", html: "text/html", pdf: "application/pdf", csv: "text/csv" };

export async function startFakeGraph(opts: { tenant?: string; clientId?: string; secret?: string } = {}): Promise<FakeGraph> {
  let seq = 0;
  let throttleLeft = 0;
  let throttleSeconds = 1;
  const tokens = new Map<string, number>();
  const drives = new Map<string, FakeDrive>();
  const shortId = () => `01${randomUUID().replace(/-/g, "").slice(0, 24).toUpperCase()}`;

  const fake: FakeGraph = {
    base: "",
    tenant: opts.tenant ?? "11111111-2222-3333-4444-555555555555",
    clientId: opts.clientId ?? "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
    secret: opts.secret ?? "s3cret~value",
    sites: [],
    pageSize: 200,
    tokenTtlMs: 60 * 60_000,
    denyGraph: false,
    minDeltaToken: 0,
    stats: { openid: 0, tokens: 0, graph: 0, throttled: 0, unauthorized: 0, downloads: 0 },
    requests: [],
    throttle(n, seconds) {
      throttleLeft = n;
      throttleSeconds = seconds;
    },
    expireTokens() {
      for (const t of tokens.keys()) tokens.set(t, Number.NEGATIVE_INFINITY);
    },
    addSite(hostname, sitePath, displayName) {
      const site: FakeSite = {
        id: `${hostname},${randomUUID()},${randomUUID()}`,
        hostname,
        path: sitePath.replace(/^\/+/, ""),
        displayName,
        drives: [],
      };
      fake.sites.push(site);
      return site;
    },
    addDrive(site, name) {
      const drive: FakeDrive = { id: `b!${randomUUID().replace(/-/g, "")}`, name, rootId: shortId(), items: new Map() };
      drive.items.set(drive.rootId, { ...blank(drive.rootId, "root", null, true) });
      site.drives.push(drive);
      drives.set(drive.id, drive);
      return drive;
    },
    addFolder(drive, parentId, name) {
      const item = blank(shortId(), name, parentId ?? drive.rootId, true);
      drive.items.set(item.id, item);
      return item;
    },
    addFile(drive, parentId, name, text, mimeType) {
      const ext = name.split(".").pop()!.toLowerCase();
      const item = {
        ...blank(shortId(), name, parentId ?? drive.rootId, false),
        content: Buffer.from(text),
        mimeType: mimeType ?? MIME[ext] ?? "application/octet-stream",
      };
      drive.items.set(item.id, item);
      return item;
    },
    updateFile(drive, id, text) {
      const item = drive.items.get(id)!;
      item.content = Buffer.from(text);
      item.contentVersion++;
      touch(item);
    },
    move(drive, id, to) {
      const item = drive.items.get(id)!;
      if (to.parentId) item.parentId = to.parentId;
      if (to.name) item.name = to.name;
      touch(item);
    },
    remove(drive, id) {
      const item = drive.items.get(id)!;
      for (const child of drive.items.values()) if (child.parentId === id && !child.deleted) fake.remove(drive, child.id);
      item.deleted = true;
      touch(item);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function blank(id: string, name: string, parentId: string | null, folder: boolean): FakeItem {
    return {
      id,
      name,
      parentId,
      folder,
      content: Buffer.alloc(0),
      mimeType: "",
      contentVersion: 1,
      version: 1,
      modified: new Date().toISOString(),
      seq: ++seq,
      deleted: false,
    };
  }
  function touch(item: FakeItem) {
    item.version++;
    item.modified = new Date().toISOString();
    item.seq = ++seq;
  }

  const siteOf = (drive: FakeDrive) => fake.sites.find((s) => s.drives.includes(drive))!;
  const siteUrl = (s: FakeSite) => `https://${s.hostname}/${s.path}`.replace(/\/$/, "");
  const siteJson = (s: FakeSite) => ({ id: s.id, name: s.path.split("/").pop() || s.hostname, displayName: s.displayName, webUrl: siteUrl(s) });
  const itemPath = (drive: FakeDrive, item: FakeItem): string => {
    const parts: string[] = [];
    for (let cur: FakeItem | undefined = item; cur && cur.id !== drive.rootId; cur = cur.parentId ? drive.items.get(cur.parentId) : undefined)
      parts.unshift(cur.name);
    return parts.join("/");
  };
  function itemJson(drive: FakeDrive, item: FakeItem) {
    const parentReference = { driveId: drive.id, driveType: "documentLibrary", ...(item.parentId ? { id: item.parentId } : {}) };
    if (item.deleted) return { id: item.id, parentReference, deleted: { state: "deleted" } };
    const common = {
      id: item.id,
      name: item.name,
      eTag: `"{${item.id}},${item.version}"`,
      cTag: `"c:{${item.id}},${item.contentVersion}"`,
      webUrl: `${siteUrl(siteOf(drive))}/${encodeURIComponent(drive.name)}/${itemPath(drive, item).split("/").map(encodeURIComponent).join("/")}`,
      lastModifiedDateTime: item.modified,
      size: item.content.length,
      parentReference,
    };
    if (item.id === drive.rootId) return { ...common, name: "root", root: {}, folder: { childCount: 0 } };
    if (item.folder)
      return { ...common, folder: { childCount: [...drive.items.values()].filter((c) => c.parentId === item.id && !c.deleted).length } };
    return {
      ...common,
      file: { mimeType: item.mimeType },
      "@microsoft.graph.downloadUrl": `${fake.base}/download/${drive.id}/${item.id}?v=${item.contentVersion}`,
    };
  }

  function delta(drive: FakeDrive, query: URLSearchParams) {
    const skipToken = query.get("$skiptoken");
    let window: Skip;
    if (skipToken) window = JSON.parse(Buffer.from(skipToken, "base64url").toString()) as Skip;
    else if (query.has("token")) {
      const from = Number(query.get("token"));
      if (!Number.isFinite(from) || from < fake.minDeltaToken) return null;
      window = { a: from, u: seq, full: false };
    } else window = { a: 0, u: seq, full: true };
    const selected = [...drive.items.values()]
      .filter((i) => i.seq > window.a && i.seq <= window.u && !(window.full && i.deleted))
      .sort((a, b) => a.seq - b.seq);
    const page = selected.slice(0, fake.pageSize);
    const link = `${fake.base}/v1.0/drives/${drive.id}/root/delta`;
    const more = selected.length > fake.pageSize;
    return {
      "@odata.context": `${fake.base}/v1.0/$metadata#Collection(driveItem)`,
      value: page.map((i) => itemJson(drive, i)),
      ...(more
        ? {
            "@odata.nextLink": `${link}?$skiptoken=${Buffer.from(JSON.stringify({ ...window, a: page[page.length - 1].seq })).toString("base64url")}`,
          }
        : { "@odata.deltaLink": `${link}?token=${window.u}` }),
    };
  }

  const findByPath = (drive: FakeDrive, p: string): FakeItem | undefined => {
    let cur = drive.items.get(drive.rootId);
    for (const name of p.split("/").filter(Boolean)) {
      cur = [...drive.items.values()].find((i) => !i.deleted && i.parentId === cur!.id && i.name.toLowerCase() === name.toLowerCase());
      if (!cur) return undefined;
    }
    return cur;
  };

  type Answer = { status: number; json?: unknown; headers?: Record<string, string>; body?: Buffer };
  const graphError = (status: number, code: string, message: string, headers?: Record<string, string>): Answer => ({
    status,
    headers,
    json: { error: { code, message, innerError: { date: new Date().toISOString(), "request-id": randomUUID(), "client-request-id": randomUUID() } } },
  });
  const aadError = (status: number, error: string, code: number, text: string): Answer => ({
    status,
    json: {
      error,
      error_description: `AADSTS${code}: ${text}\r\nTrace ID: ${randomUUID()}`,
      error_codes: [code],
      timestamp: new Date().toISOString(),
    },
  });

  async function graph(p: string, query: URLSearchParams, auth: string | undefined): Promise<Answer> {
    fake.stats.graph++;
    const token = auth?.replace(/^Bearer /, "");
    const issued = token ? tokens.get(token) : undefined;
    if (issued === undefined) {
      fake.stats.unauthorized++;
      return graphError(401, "InvalidAuthenticationToken", "Access token validation failure. Invalid audience.");
    }
    if (Date.now() - issued > fake.tokenTtlMs) {
      fake.stats.unauthorized++;
      return graphError(401, "InvalidAuthenticationToken", "Lifetime validation failed, the token is expired.");
    }
    if (throttleLeft > 0) {
      throttleLeft--;
      fake.stats.throttled++;
      return graphError(429, "activityLimitReached", "The request has been throttled", { "retry-after": String(throttleSeconds) });
    }
    if (fake.denyGraph) return graphError(403, "accessDenied", "Either scp or roles claim need to be present in the token.");
    let m: RegExpExecArray | null;
    if (p === "/sites" && query.has("search")) {
      const q = (query.get("search") ?? "").toLowerCase();
      return {
        status: 200,
        json: { value: fake.sites.filter((s) => s.displayName.toLowerCase().includes(q) || s.path.toLowerCase().includes(q)).map(siteJson) },
      };
    }
    if ((m = /^\/sites\/([^/]+)\/drives$/.exec(p))) {
      const site = fake.sites.find((s) => s.id === decodeURIComponent(m![1]));
      if (!site) return graphError(404, "itemNotFound", "Requested site could not be found");
      return {
        status: 200,
        json: {
          value: site.drives.map((d) => ({
            id: d.id,
            name: d.name,
            driveType: "documentLibrary",
            webUrl: `${siteUrl(site)}/${encodeURIComponent(d.name)}`,
          })),
        },
      };
    }
    if ((m = /^\/sites\/([^/:]+)(?::\/(.*))?$/.exec(p))) {
      const key = decodeURIComponent(m[1]);
      const sitePath = m[2] === undefined ? null : decodeURIComponent(m[2]).replace(/\/$/, "").toLowerCase();
      const site = key.includes(",")
        ? fake.sites.find((s) => s.id === key)
        : fake.sites.find((s) => s.hostname === key.toLowerCase() && s.path.toLowerCase() === (sitePath ?? ""));
      return site ? { status: 200, json: siteJson(site) } : graphError(404, "itemNotFound", "Requested site could not be found");
    }
    if ((m = /^\/drives\/([^/]+)\/(.*)$/.exec(p))) {
      const drive = drives.get(decodeURIComponent(m[1]));
      if (!drive) return graphError(404, "itemNotFound", "The resource could not be found.");
      const rest = m[2];
      if (rest === "root/delta") {
        const page = delta(drive, query);
        return page
          ? { status: 200, json: page }
          : graphError(410, "resyncRequired", "Resync required. Replace any local items with the server's version.");
      }
      if (rest === "root") return { status: 200, json: itemJson(drive, drive.items.get(drive.rootId)!) };
      if ((m = /^root:\/(.*?):?$/.exec(rest))) {
        const item = findByPath(drive, decodeURIComponent(m[1]));
        return item ? { status: 200, json: itemJson(drive, item) } : graphError(404, "itemNotFound", "The resource could not be found.");
      }
      if ((m = /^items\/([^/]+)(\/content)?$/.exec(rest))) {
        const item = drive.items.get(decodeURIComponent(m[1]));
        if (!item || item.deleted) return graphError(404, "itemNotFound", "The resource could not be found.");
        if (!m[2]) return { status: 200, json: itemJson(drive, item) };
        return { status: 302, headers: { location: `${fake.base}/download/${drive.id}/${item.id}?v=${item.contentVersion}` } };
      }
    }
    return graphError(400, "invalidRequest", `Unsupported request ${p}`);
  }

  async function identity(method: string, p: string, body: string): Promise<Answer | null> {
    let m: RegExpExecArray | null;
    if (method === "GET" && (m = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(p))) {
      fake.stats.openid++;
      const tenant = decodeURIComponent(m[1]);
      if (tenant !== fake.tenant) return aadError(400, "invalid_tenant", 90002, `Tenant '${tenant}' not found.`);
      const t = `${fake.base}/${tenant}`;
      return {
        status: 200,
        json: {
          issuer: `${t}/v2.0`,
          authorization_endpoint: `${t}/oauth2/v2.0/authorize`,
          token_endpoint: `${t}/oauth2/v2.0/token`,
          end_session_endpoint: `${t}/oauth2/v2.0/logout`,
          jwks_uri: `${fake.base}/${tenant}/discovery/v2.0/keys`,
          response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
          token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"],
          tenant_region_scope: "EU",
        },
      };
    }
    if (method === "POST" && (m = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(p))) {
      const form = new URLSearchParams(body);
      if (decodeURIComponent(m[1]) !== fake.tenant) return aadError(400, "invalid_request", 90002, "Tenant not found.");
      if (form.get("grant_type") !== "client_credentials")
        return aadError(400, "unsupported_grant_type", 70003, "The app requested an unsupported grant type.");
      if (form.get("client_id") !== fake.clientId)
        return aadError(400, "unauthorized_client", 700016, `Application with identifier '${form.get("client_id")}' was not found in the directory.`);
      if (form.get("client_secret") !== fake.secret)
        return aadError(
          401,
          "invalid_client",
          7000215,
          "Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.",
        );
      if (form.get("scope") !== `${fake.base}/.default`)
        return aadError(400, "invalid_scope", 70011, `The provided value for the input parameter 'scope' is not valid: ${form.get("scope")}`);
      fake.stats.tokens++;
      const token = `fake.${randomUUID()}`;
      tokens.set(token, Date.now());
      return { status: 200, json: { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: token } };
    }
    return null;
  }

  const server = https.createServer(
    { key: fs.readFileSync(path.join(fixtures, "fake-graph-key.pem")), cert: fs.readFileSync(FAKE_GRAPH_CERT) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const url = new URL(req.url ?? "/", fake.base);
        const method = req.method ?? "GET";
        fake.requests.push(`${method} ${url.pathname}${url.search}`);
        let answer: Answer | null;
        try {
          if (url.pathname.startsWith("/v1.0/")) answer = await graph(url.pathname.slice(5), url.searchParams, req.headers.authorization);
          else if ((answer = await identity(method, url.pathname, Buffer.concat(chunks).toString()))) {
            // answered
          } else {
            const m = /^\/download\/([^/]+)\/([^/]+)$/.exec(url.pathname);
            const item = m ? drives.get(m[1])?.items.get(m[2]) : undefined;
            if (item && !item.deleted) {
              fake.stats.downloads++;
              await fake.onDownload?.(item);
              answer = { status: 200, body: item.content, headers: { "content-type": item.mimeType } };
            } else answer = { status: 404, body: Buffer.from("not found") };
          }
        } catch (err) {
          answer = graphError(500, "generalException", String(err));
        }
        const headers = { ...(answer.json !== undefined ? { "content-type": "application/json" } : {}), ...answer.headers };
        res.writeHead(answer.status, headers);
        res.end(answer.json !== undefined ? JSON.stringify(answer.json) : answer.body);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
