// `webscrapper`: a website crawled from its start URLs (robots.txt, sitemap.xml, include/exclude patterns,
// depth and page limits, allowed hosts, politeness, conditional GET). HTML pages become documents through
// the HTML engine (one file per page, titled from the page); linked PDF, DOCX, … within the filters too.
// Every request, redirects included, goes through the SSRF policy of document URLs.
import { z } from "zod";
import { ZWebscrapperFilter, ZWebscrapperSettings } from "@/lib/contracts/datasources";
import { AppError } from "@/lib/errors";
import { removeQuietly } from "@/lib/storage/temp";
import type { Connector, FetchResult } from "../types";
import { Crawl, type CrawlContext, type WebscrapperFilter } from "./crawl";
import { utf8Html } from "./page-file";
import { isHtml, normalizeUrl } from "./urls";

type Settings = z.infer<typeof ZWebscrapperSettings>;

const unreachable = (url: string, why: string) => new AppError("datasource_connection_failed", `Start URL ${url}: ${why}.`);

export const webscrapperConnector: Connector<Settings, Record<string, never>, WebscrapperFilter> = {
  type: "webscrapper",
  label: "Website (crawler)",
  settingsSchema: ZWebscrapperSettings,
  secretsSchema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  filterSchema: ZWebscrapperFilter,
  describe: (s) => ({ source_name: s.start_urls[0], instance_url: new URL(s.start_urls[0]).origin }),

  async testConnection(ctx) {
    const crawl = new Crawl(ctx as CrawlContext);
    for (const raw of ctx.settings.start_urls) {
      const url = normalizeUrl(raw);
      if (!url) throw unreachable(raw, "not an http(s) URL");
      const outside = crawl.crawlRefusal(url);
      if (outside) throw unreachable(raw, outside);
      const robots = await crawl.robotsRefusal(url);
      if (robots) throw unreachable(raw, robots);
      const res = await crawl.get(url, undefined);
      if (res.kind === "ok") await removeQuietly(res.path);
      if (res.kind === "refused" || res.kind === "error") throw unreachable(raw, res.reason);
      if (res.kind === "status") throw unreachable(raw, `HTTP ${res.status}`);
    }
  },

  listPage: (ctx, cursor) => new Crawl(ctx as CrawlContext).listPage(cursor),

  /** Used when the content downloaded while listing is gone (the run resumed in another process). */
  async fetchItem(ctx, item): Promise<FetchResult> {
    const url = normalizeUrl(item.url ?? item.externalId);
    if (!url) throw new Error(`not a crawlable URL: ${item.externalId}`);
    const crawl = new Crawl(ctx as CrawlContext);
    const res = await crawl.get(url, undefined);
    switch (res.kind) {
      case "ok": {
        if (!res.path) throw new Error(`${url.href} is no longer a page or document (Content-Type ${res.contentType || "none"})`);
        const file = isHtml(res.contentType) ? (await utf8Html(res.path, res.contentType)).file : res.path;
        return { kind: "content", path: file, version: item.version };
      }
      case "not_modified":
        return { kind: "not_modified" };
      case "status":
        if (res.status === 404 || res.status === 410) return { kind: "gone" };
        throw new Error(`HTTP ${res.status}`);
      default:
        throw new Error(res.reason);
    }
  },
};
