// `sitehost`: SharePoint Online document libraries through Microsoft Graph, with an app registration's client
// credentials (msal-node) and the Graph client. Lists with delta queries (listing.ts), downloads through
// `/drives/{id}/items/{id}/content`; every endpoint is a setting (sovereign clouds, test doubles), every
// request is vetted like a document URL and honours Retry-After.
import {
  type TSitehostFilter,
  type TSitehostSecrets,
  type TSitehostSettings,
  ZSitehostFilter,
  ZSitehostSecrets,
  ZSitehostSettings,
} from "@/lib/contracts/datasource-sitehost";
import type { Connector, FetchResult } from "../types";
import { graphToken } from "./auth";
import { GraphFailure, SitehostGraph } from "./graph";
import { listSitehostPage, type SitehostContext } from "./listing";
import { graphError, parseSiteName, resolveSite } from "./site";

export const sitehostConnector: Connector<TSitehostSettings, TSitehostSecrets, TSitehostFilter> = {
  type: "sitehost",
  label: "SharePoint Online (Microsoft Graph)",
  settingsSchema: ZSitehostSettings,
  secretsSchema: ZSitehostSecrets,
  filterSchema: ZSitehostFilter,
  describe: (s) => {
    const site = s.site_name ?? s.site_id!;
    const host = s.site_name ? parseSiteName(s.site_name)?.host : s.site_id?.split(",")[0];
    const within = [s.library, s.folder_path].filter(Boolean).join(" ");
    return {
      source_name: within ? `${site} (${within})` : site,
      instance_url: host && /\./.test(host) ? `https://${host}` : null,
      tenant_id: s.tenant_id,
      site_name: site,
      client_id: s.client_id,
    };
  },

  /** Token, then site, libraries and folder (Not found / Permission), each failure naming its step. */
  async testConnection(ctx) {
    await graphToken(ctx.settings, ctx.secrets, true);
    await resolveSite(new SitehostGraph(ctx.settings, ctx.secrets, ctx.signal), ctx.settings);
  },

  listPage: (ctx, cursor) => listSitehostPage(ctx as SitehostContext, cursor),

  async fetchItem(ctx, item): Promise<FetchResult> {
    const ref = item.ref as { drive?: string; item?: string } | undefined;
    if (!ref?.drive || !ref.item) throw new Error(`no drive item reference for ${item.externalId}`);
    const graph = new SitehostGraph(ctx.settings, ctx.secrets, ctx.signal);
    try {
      const got = await graph.download(ref.drive, ref.item);
      return got.kind === "gone" ? got : { kind: "content", path: got.path, filename: item.filename, version: item.version };
    } catch (err) {
      throw err instanceof GraphFailure ? graphError(err, item.filename ?? item.externalId) : err;
    }
  },
};
