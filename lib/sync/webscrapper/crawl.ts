// The crawl as a paged listing. The cursor holds the frontier (URL + depth) and every URL admitted so far;
// each page visits the next batch: robots.txt first, then a conditional GET (ETag / Last-Modified stored with
// the item by the previous run), so an unchanged page costs a 304 and its links come from its stored state.
// Pages and linked documents are listed with their content already downloaded (`prefetched`).
import fs from "node:fs";
import type { TWebscrapperSettings } from "@/lib/contracts/datasources";
import { AppError } from "@/lib/errors";
import { removeQuietly } from "@/lib/storage/temp";
import type { ConnectorContext, Json, ListedItem, ListPage, PreviousItem } from "../types";
import { readPage, readSitemap } from "./html";
import { crawlGet, type GetResult } from "./http";
import { docTypeOf, fileNameOf, utf8Html } from "./page-file";
import { fetchRobots, HostGate, type RobotsRules } from "./politeness";
import { documentType, isHtml, makeScope, normalizeUrl, outOfScope, type Scope, skippedByExtension } from "./urls";

export interface WebscrapperFilter {
  include_patterns?: string[];
  exclude_patterns?: string[];
  max_depth?: number;
  max_pages?: number;
  allowed_hosts?: string[];
  include_documents?: boolean;
}

export type CrawlContext = ConnectorContext<TWebscrapperSettings, Record<string, never>, WebscrapperFilter>;

interface CrawlCursor {
  frontier: { u: string; d: number }[];
  seen: string[];
}

/** What a listed page keeps for the next run. */
interface PageState {
  etag?: string | null;
  lastModified?: string | null;
  links?: string[];
}

const BATCH = 20;
const DEFAULT_DEPTH = 5;
const DEFAULT_MAX_PAGES = 1000;
const STORED_LINKS = 1000;
const ROBOTS_TTL_MS = 60_000;
export const DEFAULT_USER_AGENT = "DocIntelBot/1.0";

const robotsCache = new Map<string, { at: number; rules: Promise<RobotsRules> }>();

/** Tests change robots.txt between runs. */
export function forgetRobots(): void {
  robotsCache.clear();
}

export class Crawl {
  readonly userAgent: string;
  readonly scope: Scope;
  readonly maxDepth: number;
  readonly maxPages: number;
  readonly includeDocuments: boolean;
  private readonly gate: HostGate;
  private readonly crawlDelays = new Map<string, number>();

  constructor(readonly ctx: CrawlContext) {
    const s = ctx.settings;
    this.userAgent = s.user_agent ?? DEFAULT_USER_AGENT;
    this.scope = makeScope(
      s.start_urls.map((u) => new URL(u)),
      ctx.filter,
    );
    this.maxDepth = ctx.filter.max_depth ?? DEFAULT_DEPTH;
    this.maxPages = ctx.filter.max_pages ?? DEFAULT_MAX_PAGES;
    this.includeDocuments = ctx.filter.include_documents ?? true;
    const delay = s.politeness_delay_ms ?? 500;
    this.gate = new HostGate(s.concurrency_per_host ?? 2, (host) => Math.max(delay, this.crawlDelays.get(host) ?? 0));
  }

  robots(url: URL): Promise<RobotsRules> {
    const key = `${url.origin} ${this.userAgent}`;
    const hit = robotsCache.get(key);
    if (hit && Date.now() - hit.at < ROBOTS_TTL_MS) return hit.rules;
    const rules = fetchRobots(url.origin, this.userAgent, this.ctx.signal).then((r) => {
      this.crawlDelays.set(url.host, r.crawlDelayMs);
      // A robots.txt that could not be read is asked again next time, not remembered.
      if (!r.robot) robotsCache.delete(key);
      return r;
    });
    robotsCache.set(key, { at: Date.now(), rules });
    return rules;
  }

  /** Null when robots.txt lets us fetch the URL, else the reason. */
  async robotsRefusal(url: URL): Promise<string | null> {
    const rules = await this.robots(url);
    if (!rules.robot) return rules.refusal;
    return rules.robot.isAllowed(url.href, this.userAgent) === false ? "disallowed by robots.txt" : null;
  }

  /** Where crawling may not go (host, exclude patterns). Include patterns only decide what is imported. */
  crawlRefusal(url: URL): string | null {
    return outOfScope({ ...this.scope, include: [] }, url);
  }

  importable(url: URL): boolean {
    return outOfScope(this.scope, url) === null;
  }

  /** GET with conditional headers from what the workspace holds of each hop's URL; `held` collects those. */
  get(url: URL, previous: PreviousItem | undefined, held = new Map<string, PreviousItem>()): Promise<GetResult> {
    if (previous) held.set(url.href, previous);
    return crawlGet(url, {
      userAgent: this.userAgent,
      signal: this.ctx.signal,
      conditionalFor: async (u) => {
        if (u.href !== url.href && !held.has(u.href)) {
          const found = (await this.ctx.previous([u.href])).get(u.href);
          if (found) held.set(u.href, found);
        }
        const prev = held.get(u.href);
        const state = (prev?.hasFile ? prev.state : null) as PageState | null;
        return state ? { etag: state.etag, lastModified: state.lastModified } : null;
      },
      checkRedirect: async (next) => this.crawlRefusal(next) ?? (await this.robotsRefusal(next)),
      acquire: (u) => this.gate.acquire(u),
      wantBody: (ct, u) => isHtml(ct) || (this.includeDocuments && documentType(ct, u) !== null),
    });
  }

  /** Start URLs plus, when enabled, the URLs of the sites' sitemaps (robots.txt Sitemap: lines or /sitemap.xml). */
  async seed(): Promise<CrawlCursor> {
    const starts = this.ctx.settings.start_urls.map((u) => normalizeUrl(u)).filter((u): u is URL => u !== null);
    const cursor: CrawlCursor = { frontier: [], seen: [] };
    const seen = new Set<string>();
    for (const u of starts) {
      if (!seen.has(u.href)) {
        seen.add(u.href);
        cursor.frontier.push({ u: u.href, d: 0 });
      }
    }
    if (this.ctx.settings.use_sitemap !== false && this.maxDepth > 0) {
      for (const origin of new Set(starts.map((u) => u.origin))) {
        for (const loc of await this.sitemapUrls(new URL(origin))) {
          const url = normalizeUrl(loc);
          if (!url || seen.has(url.href) || seen.size >= this.maxPages || this.crawlRefusal(url) || skippedByExtension(url)) continue;
          seen.add(url.href);
          cursor.frontier.push({ u: url.href, d: 1 });
        }
      }
    }
    cursor.seen = [...seen];
    return cursor;
  }

  private async sitemapUrls(origin: URL): Promise<string[]> {
    const rules = await this.robots(origin);
    const queue = rules.sitemaps.length ? [...rules.sitemaps] : [new URL("/sitemap.xml", origin).href];
    const urls: string[] = [];
    for (let i = 0; i < queue.length && i < 20; i++) {
      const url = normalizeUrl(queue[i]);
      if (!url || this.crawlRefusal(url)) continue;
      const res = await crawlGet(url, {
        userAgent: this.userAgent,
        signal: this.ctx.signal,
        maxBytes: 50 * 1024 * 1024,
        acquire: (u) => this.gate.acquire(u),
      });
      if (res.kind !== "ok" || !res.path) continue;
      try {
        const { urls: locs, isIndex } = readSitemap(await fs.promises.readFile(res.path, "utf8"));
        if (isIndex) queue.push(...locs);
        else urls.push(...locs);
      } finally {
        await removeQuietly(res.path);
      }
    }
    return urls;
  }

  async listPage(raw: Json | null): Promise<ListPage> {
    const first = raw === null;
    const cursor = first ? await this.seed() : (raw as unknown as CrawlCursor);
    const seen = new Set(cursor.seen);
    const batch = cursor.frontier.splice(0, BATCH);
    const previous = await this.ctx.previous(batch.map((b) => b.u));
    const visited = await Promise.all(batch.map((b) => this.visit(new URL(b.u), b.d, previous.get(b.u), seen)));
    if (first && visited.length && visited.every((v) => v.unreachable)) {
      for (const v of visited) await removeQuietly(v.item?.prefetched);
      throw new AppError("datasource_connection_failed", `No start URL could be reached: ${visited.map((v) => v.item?.error).join("; ")}`);
    }
    const items: ListedItem[] = [];
    batch.forEach((b, i) => {
      const { item, links } = visited[i];
      if (item) items.push(item);
      if (b.d + 1 > this.maxDepth) return;
      for (const link of links) {
        const url = normalizeUrl(link);
        if (!url || seen.has(url.href) || seen.size >= this.maxPages || skippedByExtension(url) || this.crawlRefusal(url)) continue;
        seen.add(url.href);
        cursor.frontier.push({ u: url.href, d: b.d + 1 });
      }
    });
    const next = cursor.frontier.length ? ({ frontier: cursor.frontier, seen: [...seen] } as unknown as Json) : null;
    return { items, next, snapshot: true };
  }

  /** One URL: its listed item (if it is a document to import) and the links to follow from it. */
  private async visit(
    url: URL,
    depth: number,
    previous: PreviousItem | undefined,
    seen: Set<string>,
  ): Promise<{ item: ListedItem | null; links: string[]; unreachable?: boolean }> {
    const state = (previous?.state ?? null) as PageState | null;
    const keptLinks = state?.links ?? [];
    const base = { externalId: url.href, url: url.href };
    const robotsRefusal = await this.robotsRefusal(url);
    if (robotsRefusal === "disallowed by robots.txt") return { item: null, links: [] };
    if (robotsRefusal) return { item: { ...base, docType: "webpage", error: robotsRefusal }, links: keptLinks, unreachable: depth === 0 };
    const held = new Map<string, PreviousItem>();
    const res = await this.get(url, previous, held);
    switch (res.kind) {
      case "refused":
        return { item: { ...base, docType: "webpage", error: res.reason }, links: [] };
      case "error":
        // A page that cannot be read now keeps its known links, so its subtree is not taken for removed.
        return { item: { ...base, docType: "webpage", error: res.reason }, links: keptLinks, unreachable: depth === 0 };
      case "status":
        if ((res.status === 404 || res.status === 410) && previous?.hasFile)
          return { item: { ...base, docType: "webpage", deleted: true }, links: [] };
        return { item: { ...base, docType: "webpage", error: `HTTP ${res.status}` }, links: res.status >= 500 ? keptLinks : [] };
      case "not_modified": {
        const final = res.url;
        const prev = held.get(final.href);
        if (final.href !== url.href) {
          if (seen.has(final.href)) return { item: null, links: [] };
          seen.add(final.href);
        }
        const links = ((prev?.state ?? null) as PageState | null)?.links ?? [];
        return {
          item:
            prev && this.importable(final)
              ? { externalId: final.href, url: final.href, docType: docTypeOf(final), version: prev.version, state: prev.state }
              : null,
          links,
        };
      }
      case "ok":
        return this.fetched(url, res, seen);
    }
  }

  private async fetched(
    requested: URL,
    res: Extract<GetResult, { kind: "ok" }>,
    seen: Set<string>,
  ): Promise<{ item: ListedItem | null; links: string[] }> {
    if (!res.path) return { item: null, links: [] };
    const finalUrl = res.url;
    // Reached through a redirect to a URL listed on its own: that entry imports it.
    if (finalUrl.href !== requested.href) {
      if (seen.has(finalUrl.href)) {
        await removeQuietly(res.path);
        return { item: null, links: [] };
      }
      seen.add(finalUrl.href);
    }
    const version = res.etag ? `etag:${res.etag}` : res.lastModified ? `lm:${res.lastModified}` : `sha256:${res.sha256}`;
    const conditional = { etag: res.etag, lastModified: res.lastModified };
    const base = { externalId: finalUrl.href, url: finalUrl.href, version };
    if (!isHtml(res.contentType)) {
      const docType = documentType(res.contentType, finalUrl)!;
      if (!this.importable(finalUrl)) {
        await removeQuietly(res.path);
        return { item: null, links: [] };
      }
      return { item: { ...base, docType, filename: fileNameOf(finalUrl, docType), state: conditional as Json, prefetched: res.path }, links: [] };
    }
    const { html, file } = await utf8Html(res.path, res.contentType);
    const page = readPage(html);
    const baseUrl = (page.base && normalizeUrl(page.base, finalUrl)) || finalUrl;
    const links = page.nofollow
      ? []
      : page.links
          .map((l) => normalizeUrl(l, baseUrl)?.href)
          .filter((l): l is string => !!l)
          .slice(0, STORED_LINKS);
    if (page.noindex || !this.importable(finalUrl)) {
      await removeQuietly(file);
      return { item: null, links };
    }
    return {
      item: {
        ...base,
        docType: "webpage",
        title: page.title ?? finalUrl.pathname,
        filename: fileNameOf(finalUrl, "html"),
        state: { ...conditional, links } as Json,
        prefetched: file,
      },
      links,
    };
  }
}
