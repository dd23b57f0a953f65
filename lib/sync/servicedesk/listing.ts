// The servicedesk listing: articles through the Help Center incremental export (time-based: each page's
// end_time is the next page's start_time; the last end_time is kept as the run cursor), then, when enabled,
// tickets through the cursor-based incremental ticket export (the last after_cursor is kept).
//
// A run is a delta since the last one (removals listed with `deleted`: archived, draft, outside the filter,
// reopened or deleted tickets). It is a full listing (a snapshot, so the engine also removes what Zendesk no
// longer lists at all, e.g. hard-deleted articles, and retries documents that failed) on the first run,
// after filter_criteria changed, and once a week.
//
// Article bodies come with the export, so an article is listed with its HTML file already written
// (`prefetched`); its attachments are listed when the article is new or changed and remembered in its state.
import type { z } from "zod";
import type { TServicedeskFilter, TServicedeskSecrets, TServicedeskSettings } from "@/lib/contracts/datasource-servicedesk";
import type { ConnectorContext, Json, ListedItem, ListPage } from "../types";
import { type ZendeskClient, ZendeskHttpError } from "./client";
import {
  type ArticleScope,
  articleHtml,
  articleId,
  articleRefusal,
  articleScope,
  articleTitle,
  articleVersion,
  attachmentDocType,
  attachmentId,
  attachmentVersion,
  fileNameFrom,
  htmlFile,
  SOLVED_STATUSES,
  ticketId,
  ticketTitle,
  ticketVersion,
} from "./documents";
import { ZArticleExport, ZAttachments, type ZendeskArticle, ZSections, ZTicketExport } from "./wire";

export type ServicedeskContext = ConnectorContext<TServicedeskSettings, TServicedeskSecrets, TServicedeskFilter>;

/** Kept between runs (the engine stores the last page's runCursor). */
export interface RunCursor {
  v: 1;
  /** The filter this cursor was built under: another filter needs a full listing. */
  filter: string;
  articles_start: number;
  tickets_cursor: string | null;
  /** When the last full listing started (ms). */
  full_at: number;
}

interface ListCursor {
  phase: "articles" | "tickets";
  full: boolean;
  start: number;
  sections: number[] | null;
  ticketCursor: string | null;
  run: RunCursor;
}

type Attachment = { x: string; v: string; n: string; t: string; u: string };

/**
 * What an article item keeps: its attachments (to list them in full listings and notice removed ones), or null
 * when they were not listed (attachments switched off), so that switching them on lists them.
 */
interface ArticleState {
  att: Attachment[] | null;
}

export const FULL_LISTING_EVERY_MS = 7 * 24 * 3600_000;
const ATTACHMENT_CONCURRENCY = 4;
const MAX_SECTION_PAGES = 200;

/**
 * The identity of what a listing covers (instance, account, filter; the same filter in another order is the same
 * filter): a run cursor built for another one is not continued but replaced by a full listing.
 */
export function listingKey(s: Pick<TServicedeskSettings, "instance_url" | "email">, f: TServicedeskFilter): string {
  const sorted = <T>(xs: T[] | undefined) => (xs?.length ? [...xs].map((x) => (typeof x === "string" ? x.toLowerCase() : x)).sort() : []);
  return JSON.stringify({
    i: new URL(s.instance_url).origin,
    e: s.email.toLowerCase(),
    l: sorted(f.locales),
    s: sorted(f.section_ids),
    c: sorted(f.category_ids),
    b: sorted(f.labels),
    a: f.include_attachments ?? true,
    t: f.include_solved_tickets ?? false,
  });
}

async function mapLimit<T, R>(xs: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < xs.length; i = next++) out[i] = await fn(xs[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, xs.length) }, worker));
  return out;
}

/** Sections the filter admits (section_ids plus the sections of category_ids), or null for all. */
export async function resolveSections(client: ZendeskClient, filter: TServicedeskFilter): Promise<number[] | null> {
  if (!filter.section_ids?.length && !filter.category_ids?.length) return null;
  const allowed = new Set(filter.section_ids ?? []);
  if (filter.category_ids?.length) {
    const categories = new Set(filter.category_ids);
    let url: string | URL = "/api/v2/help_center/sections?per_page=100";
    for (let i = 0; i < MAX_SECTION_PAGES && url; i++) {
      const page: z.infer<typeof ZSections> = await client.getJson(url, ZSections);
      for (const s of page.sections) if (s.category_id != null && categories.has(s.category_id)) allowed.add(s.id);
      url = page.next_page ? client.follow(page.next_page) : "";
    }
  }
  return [...allowed];
}

async function startCursor(ctx: ServicedeskContext, client: ZendeskClient): Promise<ListCursor> {
  const prev = ctx.runCursor as unknown as RunCursor | null;
  const key = listingKey(ctx.settings, ctx.filter);
  const now = Date.now();
  const full = prev?.v !== 1 || prev.filter !== key || now - prev.full_at > FULL_LISTING_EVERY_MS;
  const run: RunCursor = full ? { v: 1, filter: key, articles_start: 0, tickets_cursor: null, full_at: now } : { ...prev, filter: key };
  return {
    phase: "articles",
    full,
    start: run.articles_start,
    sections: await resolveSections(client, ctx.filter),
    ticketCursor: run.tickets_cursor,
    run,
  };
}

export async function listServicedeskPage(ctx: ServicedeskContext, client: ZendeskClient, raw: Json | null): Promise<ListPage> {
  const cursor = raw === null ? await startCursor(ctx, client) : (raw as unknown as ListCursor);
  return cursor.phase === "articles" ? articlesPage(ctx, client, cursor) : ticketsPage(client, cursor);
}

async function articlesPage(ctx: ServicedeskContext, client: ZendeskClient, cursor: ListCursor): Promise<ListPage> {
  const data = await client.getJson(`/api/v2/help_center/incremental/articles?start_time=${cursor.start}`, ZArticleExport);
  const scope = articleScope(ctx.filter, cursor.sections);
  const items = await articleItems(ctx, client, data.articles, scope, cursor.full);
  const end = data.end_time ?? cursor.start;
  let done = !data.next_page || data.articles.length === 0;
  if (!done && end <= cursor.start) {
    // The next page would start at the same time again: the end, unless a whole page of changes shares one
    // second (Zendesk's time-based export cannot page through that either).
    if (data.articles.length >= 1000) ctx.log.warn("servicedesk: a full export page within one second at", end, "; the listing stops there");
    done = true;
  }
  if (!done) return { items, next: { ...cursor, start: end } as unknown as Json, snapshot: cursor.full };
  const run: RunCursor = { ...cursor.run, articles_start: Math.max(end, cursor.start) };
  if (ctx.filter.include_solved_tickets) {
    return { items, next: { ...cursor, phase: "tickets", run } as unknown as Json, snapshot: cursor.full };
  }
  return { items, next: null, snapshot: cursor.full, runCursor: run as unknown as Json };
}

async function articleItems(
  ctx: ServicedeskContext,
  client: ZendeskClient,
  listed: ZendeskArticle[],
  scope: ArticleScope,
  full: boolean,
): Promise<ListedItem[]> {
  // A page can hold a translation twice (changed twice within the window): the latest wins.
  const articles = [...new Map(listed.map((a) => [articleId(a), a])).values()];
  const previous = await ctx.previous(articles.map(articleId));
  const withAttachments = ctx.filter.include_attachments ?? true;
  const perArticle = await mapLimit(articles, ATTACHMENT_CONCURRENCY, async (a): Promise<ListedItem[]> => {
    const externalId = articleId(a);
    const prev = previous.get(externalId);
    const prevState = (prev?.state ?? null) as ArticleState | null;
    const prevAtt = prevState?.att ?? [];
    const url = a.html_url ?? undefined;
    if (articleRefusal(a, scope)) {
      return [{ externalId, docType: "article", url, deleted: true }, ...prevAtt.map((p) => ({ externalId: p.x, docType: p.t, deleted: true }))];
    }
    const title = articleTitle(a);
    const version = articleVersion(a);
    const base: ListedItem = {
      externalId,
      docType: "article",
      title,
      filename: fileNameFrom(title, `article-${a.id}`, "html"),
      url,
      version,
      ref: { kind: "article", id: a.id, locale: a.locale },
    };
    const unchanged = prev?.hasFile && prev.version === version;
    // Unchanged with its attachments known (or not wanted): nothing to ask. A full listing names the attachments
    // too, or the sweep would remove them.
    if (unchanged && (withAttachments ? prevState?.att != null : prevState?.att === null)) {
      return [{ ...base, state: prev?.state ?? undefined }, ...(full ? prevAtt.map(attachmentItem) : [])];
    }
    const attachments = withAttachments ? await listAttachments(client, a, externalId).catch(vanished) : null;
    const state: ArticleState = { att: attachments };
    const gone = prevAtt.filter((p) => !attachments?.some((x) => x.x === p.x)).map((p) => ({ externalId: p.x, docType: p.t, deleted: true }));
    // An unchanged article whose attachments were switched on or off keeps its file (same version: not fetched).
    const prefetched = unchanged ? undefined : await htmlFile(articleHtml(a));
    return [{ ...base, state: state as unknown as Json, prefetched }, ...(attachments ?? []).map(attachmentItem), ...gone];
  });
  return perArticle.flat();
}

/** An article gone between the export and the attachments request has none (the next listing removes it). */
function vanished(err: unknown): Attachment[] {
  if (err instanceof ZendeskHttpError && err.status === 404) return [];
  throw err;
}

function attachmentItem(p: Attachment): ListedItem {
  return {
    externalId: p.x,
    docType: "attachment",
    title: p.n,
    filename: p.n,
    url: p.u,
    version: p.v,
    ref: { kind: "attachment", url: p.u, name: p.n },
  };
}

async function listAttachments(client: ZendeskClient, a: ZendeskArticle, articleExternalId: string): Promise<Attachment[]> {
  const out: Attachment[] = [];
  // The translation's own attachments (the localized endpoint): each translation is a document of its own.
  let url: string | URL = `/api/v2/help_center/${encodeURIComponent(a.locale)}/articles/${a.id}/attachments`;
  for (let i = 0; i < 20 && url; i++) {
    const page: z.infer<typeof ZAttachments> = await client.getJson(url, ZAttachments);
    for (const att of page.article_attachments) {
      const t = attachmentDocType(att);
      if (t) out.push({ x: attachmentId(articleExternalId, att), v: attachmentVersion(att), n: att.file_name, t, u: att.content_url });
    }
    url = page.next_page ? client.follow(page.next_page) : "";
  }
  return out;
}

async function ticketsPage(client: ZendeskClient, cursor: ListCursor): Promise<ListPage> {
  const path = cursor.ticketCursor
    ? `/api/v2/incremental/tickets/cursor.json?cursor=${encodeURIComponent(cursor.ticketCursor)}`
    : `/api/v2/incremental/tickets/cursor.json?start_time=0`;
  const data = await client.getJson(path, ZTicketExport);
  const items: ListedItem[] = data.tickets.map((t) => {
    const externalId = ticketId(t);
    const url = client.url(`/agent/tickets/${t.id}`).href;
    // Reopened, still open, or deleted since it was imported: no longer a solved ticket.
    if (!SOLVED_STATUSES.has(t.status)) return { externalId, docType: "ticket", url, deleted: true };
    const title = ticketTitle(t);
    return {
      externalId,
      docType: "ticket",
      title,
      filename: `ticket-${t.id}.html`,
      url,
      version: ticketVersion(t),
      ref: { kind: "ticket", id: t.id, subject: t.subject ?? null, status: t.status, created_at: t.created_at ?? null },
    };
  });
  const after = data.after_cursor ?? null;
  if (data.end_of_stream || !after) {
    const run: RunCursor = { ...cursor.run, tickets_cursor: after ?? cursor.ticketCursor };
    return { items, next: null, snapshot: cursor.full, runCursor: run as unknown as Json };
  }
  return { items, next: { ...cursor, ticketCursor: after } as unknown as Json, snapshot: cursor.full };
}
