// A local stand-in for the Microsoft identity platform and Microsoft Graph, for tests of the `sitehost`
// connector: one HTTPS server on 127.0.0.1 (msal-node only accepts https authorities; a self-signed
// certificate made once per machine by `openssl`, never committed, is trusted by `trustFakeGraph`) speaking
// the documented wire formats:
// - identity: `GET /{tenant}/v2.0/.well-known/openid-configuration` (what msal-node reads for an authority in
//   knownAuthorities) and `POST /{tenant}/oauth2/v2.0/token` (client credentials, AADSTS errors);
// - Graph v1.0: `/sites/{hostname}:/{path}`, `/sites/{id}`, `/sites?search=`, `/sites/{id}/drives`,
//   `/drives/{id}/root`, `/drives/{id}/root:/{path}`, `/drives/{id}/items/{id}`, `/drives/{id}/root/delta`
//   (pages with @odata.nextLink, a final @odata.deltaLink, changes and `deleted` facets since a token; 410
//   resyncRequired for expired tokens), `/drives/{id}/items/{id}/content` (302 to a download URL), errors as
//   `{"error":{"code","message"}}`, 429 with Retry-After on demand, tokens that expire server-side.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { type FakeDrive, type FakeItem, type FakeSite, GraphTree } from "./fake-graph-tree";

export type { FakeDrive, FakeItem, FakeSite } from "./fake-graph-tree";

/**
 * The fake's certificate and key for 127.0.0.1/localhost, made once per machine in the temp directory (the
 * test processes and the kill -9 worker all read the same pair). Made in a directory of its own and renamed
 * into place, so test files starting together never see half a pair.
 */
export function fakeGraphCertificate(): { cert: string; key: string } {
  const dir = path.join(os.tmpdir(), "docintel-fake-graph-tls");
  const files = { cert: path.join(dir, "cert.pem"), key: path.join(dir, "key.pem") };
  if (!fs.existsSync(files.cert)) {
    const scratch = fs.mkdtempSync(`${dir}-`);
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "3650",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
        "-keyout",
        path.join(scratch, "key.pem"),
        "-out",
        path.join(scratch, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    try {
      fs.renameSync(scratch, dir);
    } catch {
      fs.rmSync(scratch, { recursive: true, force: true }); // another process put its pair in place first
    }
  }
  return { cert: fs.readFileSync(files.cert, "utf8"), key: fs.readFileSync(files.key, "utf8") };
}

/** Makes node's https (which the connector's vetted transport uses) trust the fake's certificate. */
export function trustFakeGraph(): void {
  const { cert } = fakeGraphCertificate();
  const ca = https.globalAgent.options.ca;
  if (Array.isArray(ca) && ca.includes(cert)) return;
  https.globalAgent.options.ca = [...tls.rootCertificates, cert];
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

export async function startFakeGraph(opts: { tenant?: string; clientId?: string; secret?: string } = {}): Promise<FakeGraph> {
  const tree = new GraphTree();
  const drives = tree.drives;
  let throttleLeft = 0;
  let throttleSeconds = 1;
  const tokens = new Map<string, number>();

  const fake: FakeGraph = {
    base: "",
    tenant: opts.tenant ?? "11111111-2222-3333-4444-555555555555",
    clientId: opts.clientId ?? "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
    secret: opts.secret ?? "s3cret~value",
    sites: tree.sites,
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
    addSite: (hostname, sitePath, displayName) => tree.addSite(hostname, sitePath, displayName),
    addDrive: (site, name) => tree.addDrive(site, name),
    addFolder: (drive, parentId, name) => tree.addFolder(drive, parentId, name),
    addFile: (drive, parentId, name, text, mimeType) => tree.addFile(drive, parentId, name, text, mimeType),
    updateFile: (drive, id, text) => tree.updateFile(drive, id, text),
    move: (drive, id, to) => tree.move(drive, id, to),
    remove: (drive, id) => tree.remove(drive, id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
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
        json: {
          value: fake.sites.filter((s) => s.displayName.toLowerCase().includes(q) || s.path.toLowerCase().includes(q)).map((x) => tree.siteJson(x)),
        },
      };
    }
    if ((m = /^\/sites\/([^/]+)\/drives$/.exec(p))) {
      const site = fake.sites.find((s) => s.id === decodeURIComponent(m![1]!));
      if (!site) return graphError(404, "itemNotFound", "Requested site could not be found");
      return {
        status: 200,
        json: {
          value: site.drives.map((d) => ({
            id: d.id,
            name: d.name,
            driveType: "documentLibrary",
            webUrl: `${`https://${site.hostname}/${site.path}`}/${encodeURIComponent(d.name)}`,
          })),
        },
      };
    }
    if ((m = /^\/sites\/([^/:]+)(?::\/(.*))?$/.exec(p))) {
      const key = decodeURIComponent(m[1]!);
      const sitePath = m[2] === undefined ? null : decodeURIComponent(m[2]).replace(/\/$/, "").toLowerCase();
      const site = key.includes(",")
        ? fake.sites.find((s) => s.id === key)
        : fake.sites.find((s) => s.hostname === key.toLowerCase() && s.path.toLowerCase() === (sitePath ?? ""));
      return site ? { status: 200, json: tree.siteJson(site) } : graphError(404, "itemNotFound", "Requested site could not be found");
    }
    if ((m = /^\/drives\/([^/]+)\/(.*)$/.exec(p))) {
      const drive = drives.get(decodeURIComponent(m[1]!));
      if (!drive) return graphError(404, "itemNotFound", "The resource could not be found.");
      const rest = m[2]!;
      if (rest === "root/delta") {
        const page = tree.delta(fake.base, drive, query, fake.pageSize, fake.minDeltaToken);
        return page
          ? { status: 200, json: page }
          : graphError(410, "resyncRequired", "Resync required. Replace any local items with the server's version.");
      }
      if (rest === "root") return { status: 200, json: tree.itemJson(fake.base, drive, drive.items.get(drive.rootId)!) };
      if ((m = /^root:\/(.*?):?$/.exec(rest))) {
        const item = tree.findByPath(drive, decodeURIComponent(m[1]!));
        return item
          ? { status: 200, json: tree.itemJson(fake.base, drive, item) }
          : graphError(404, "itemNotFound", "The resource could not be found.");
      }
      if ((m = /^items\/([^/]+)(\/content)?$/.exec(rest))) {
        const item = drive.items.get(decodeURIComponent(m[1]!));
        if (!item || item.deleted) return graphError(404, "itemNotFound", "The resource could not be found.");
        if (!m[2]) return { status: 200, json: tree.itemJson(fake.base, drive, item) };
        return { status: 302, headers: { location: `${fake.base}/download/${drive.id}/${item.id}?v=${item.contentVersion}` } };
      }
    }
    return graphError(400, "invalidRequest", `Unsupported request ${p}`);
  }

  async function identity(method: string, p: string, body: string): Promise<Answer | null> {
    let m: RegExpExecArray | null;
    if (method === "GET" && (m = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(p))) {
      fake.stats.openid++;
      const tenant = decodeURIComponent(m[1]!);
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
      if (decodeURIComponent(m[1]!) !== fake.tenant) return aadError(400, "invalid_request", 90002, "Tenant not found.");
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

  const server = https.createServer(fakeGraphCertificate(), (req, res) => {
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
          const item = m ? drives.get(m[1]!)?.items.get(m[2]!) : undefined;
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
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
