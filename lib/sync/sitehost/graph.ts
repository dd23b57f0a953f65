// Microsoft Graph for one sitehost datasource, through @microsoft/microsoft-graph-client: the client's own
// AuthenticationHandler (bearer token from MSAL, only for the configured Graph host), a link that asks for a
// fresh token once when Graph answers 401, and the vetted transport. Graph errors (`{"error":{"code",
// "message"}}`) come back as GraphFailure with the HTTP status, for the connector to map to the spec's codes.
import { AuthenticationHandler, Client, type Context, GraphError, type Middleware } from "@microsoft/microsoft-graph-client";
import type { TSitehostSecrets, TSitehostSettings } from "@/lib/contracts/datasource-sitehost";
import { AppError } from "@/lib/errors";
import { graphBaseOf, graphToken } from "./auth";
import { readBody, saveBody, VettedGraphTransport, vettedRequest } from "./transport";

export class GraphFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "GraphFailure";
  }
}

export interface DriveItem {
  id: string;
  name?: string;
  eTag?: string;
  cTag?: string;
  webUrl?: string;
  size?: number;
  lastModifiedDateTime?: string;
  parentReference?: { id?: string; driveId?: string };
  file?: { mimeType?: string };
  folder?: { childCount?: number };
  root?: object;
  deleted?: { state?: string };
  "@microsoft.graph.downloadUrl"?: string;
}

export interface DeltaPage {
  value: DriveItem[];
  "@odata.nextLink"?: string;
  "@odata.deltaLink"?: string;
}

export interface Site {
  id: string;
  name?: string;
  displayName?: string;
  webUrl?: string;
}

export interface Drive {
  id: string;
  name?: string;
  webUrl?: string;
  driveType?: string;
}

function dropAuthorization(context: Context): void {
  const headers = context.options?.headers as Headers | [string, string][] | Record<string, string> | undefined;
  if (!headers || !context.options) return;
  if (headers instanceof Headers) headers.delete("authorization");
  else if (Array.isArray(headers)) context.options.headers = headers.filter(([k]) => k.toLowerCase() !== "authorization");
  else for (const k of Object.keys(headers)) if (k.toLowerCase() === "authorization") delete headers[k];
}

/** Asks MSAL for a fresh token and replays the request once when Graph refuses the current one. */
class RefreshOnUnauthorized implements Middleware {
  private next?: Middleware;
  constructor(private readonly graph: SitehostGraph) {}
  setNext(next: Middleware) {
    this.next = next;
  }
  async execute(context: Context): Promise<void> {
    try {
      await this.next!.execute(context);
      if (context.response?.status === 401) {
        this.graph.freshToken = true;
        // AuthenticationHandler appends its header: the refused token must go first.
        dropAuthorization(context);
        await this.next!.execute(context);
      }
    } catch (err) {
      // The client wraps errors of the chain into a GraphError with only their message: keep the original.
      this.graph.chainError = err;
      throw err;
    }
  }
}

export class SitehostGraph {
  readonly base: string;
  readonly client: Client;
  freshToken = false;
  chainError: unknown = null;

  constructor(
    private readonly settings: TSitehostSettings,
    private readonly secrets: TSitehostSecrets,
    private readonly signal?: AbortSignal,
  ) {
    this.base = graphBaseOf(settings);
    const auth = new AuthenticationHandler({ getAccessToken: () => this.token() });
    const refresh = new RefreshOnUnauthorized(this);
    const transport = new VettedGraphTransport(signal);
    refresh.setNext(auth);
    auth.setNext(transport);
    this.client = Client.initWithMiddleware({
      baseUrl: this.base,
      defaultVersion: "v1.0",
      middleware: refresh,
      customHosts: new Set([new URL(this.base).hostname]),
    });
  }

  async token(): Promise<string> {
    const fresh = this.freshToken;
    this.freshToken = false;
    return graphToken(this.settings, this.secrets, fresh);
  }

  /** A Graph path (`/sites/…`) or a link Graph returned (nextLink, deltaLink), which must stay on the Graph host. */
  async get<T>(pathOrLink: string): Promise<T> {
    if (/^https?:/i.test(pathOrLink) && new URL(pathOrLink).origin !== this.base) {
      throw new GraphFailure(0, "foreignLink", `Graph returned a link to another host (${new URL(pathOrLink).host}); refused.`);
    }
    this.chainError = null;
    try {
      return (await this.client.api(pathOrLink).get()) as T;
    } catch (err) {
      throw this.failure(err);
    }
  }

  private failure(err: unknown): Error {
    const inner = this.chainError;
    if (inner instanceof AppError) return inner;
    if (err instanceof GraphError && err.statusCode > 0) {
      return new GraphFailure(err.statusCode, err.code ?? "unknown", err.message || `HTTP ${err.statusCode}`);
    }
    const cause = inner instanceof Error ? inner : err instanceof Error ? err : new Error(String(err));
    return new GraphFailure(0, "network", `Graph could not be reached: ${cause.message}`);
  }

  /**
   * The content of a file: `/drives/{d}/items/{i}/content` answers 302 to a pre-authenticated download URL,
   * fetched without the bearer token (it may live on another host). A 404 means the file is gone.
   */
  async download(driveId: string, itemId: string): Promise<{ kind: "content"; path: string } | { kind: "gone" }> {
    const url = `${this.base}/v1.0/drives/${encodeURIComponent(driveId)}/items/${encodeURIComponent(itemId)}/content`;
    let answer = await vettedRequest(url, { headers: { authorization: `Bearer ${await this.token()}` }, signal: this.signal });
    if (answer.status === 401) {
      answer.res.resume();
      this.freshToken = true;
      answer = await vettedRequest(url, { headers: { authorization: `Bearer ${await this.token()}` }, signal: this.signal });
    }
    for (let hop = 0; hop < 5 && answer.status >= 300 && answer.status < 400; hop++) {
      answer.res.resume();
      const location = answer.headers.location;
      if (!location) throw new Error(`Graph answered ${answer.status} without a Location for ${itemId}`);
      answer = await vettedRequest(new URL(location, url).href, { signal: this.signal });
    }
    if (answer.status === 404 || answer.status === 410) {
      answer.res.resume();
      return { kind: "gone" };
    }
    if (answer.status !== 200) {
      const text = (await readBody(answer.res, 64 * 1024).catch(() => Buffer.alloc(0))).toString("utf8");
      let message = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { error?: { code?: string; message?: string } };
        if (parsed.error) message = `${parsed.error.code}: ${parsed.error.message}`;
      } catch {}
      throw new Error(`download failed with HTTP ${answer.status}${message ? ` (${message})` : ""}`);
    }
    return { kind: "content", path: (await saveBody(answer.res)).path };
  }
}
