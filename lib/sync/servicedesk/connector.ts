// `servicedesk`: a Zendesk Help Center (articles, their attachments) and, when enabled, solved tickets with
// their public comments. Articles and tickets become HTML files read by the HTML engine (doc_type `article`,
// `ticket`; attachments `attachment`). Listing: lib/sync/servicedesk/listing.ts; HTTP: client.ts.
//
// Connection problems are the spec's datasource_connection_failed, with the step that failed in the detail
// ("reach host", "authenticate", "permission"): a 403 says that it is a permission problem and what role the
// export needs.
import { z } from "zod";
import {
  type TServicedeskFilter,
  type TServicedeskSecrets,
  type TServicedeskSettings,
  ZServicedeskFilter,
  ZServicedeskSecrets,
  ZServicedeskSettings,
} from "@/lib/contracts/datasource-servicedesk";
import { AppError } from "@/lib/errors";
import type { Connector, FetchResult, ListedItem } from "../types";
import { ZendeskClient, ZendeskHttpError, ZendeskUnreachableError } from "./client";
import { articleHtml, articleRefusal, articleScope, articleTitle, articleVersion, htmlFile, ticketHtml } from "./documents";
import { listServicedeskPage, type ServicedeskContext } from "./listing";
import { ZArticleOne, ZComments, ZMe, ZTicketExport } from "./wire";

/** Largest attachment imported. */
const MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024;
const MAX_COMMENT_PAGES = 50;

export function zendeskClient(ctx: Pick<ServicedeskContext, "settings" | "secrets" | "signal">): ZendeskClient {
  return new ZendeskClient({
    instanceUrl: ctx.settings.instance_url,
    email: ctx.settings.email,
    apiToken: ctx.secrets.api_token,
    signal: ctx.signal,
  });
}

const failed = (step: string, detail: string) => new AppError("datasource_connection_failed", `Zendesk, step "${step}": ${detail}`);

/** The spec's error for a request that failed while testing or listing (`what` names the resource). */
export function connectionError(err: unknown, host: string, what: string): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZendeskUnreachableError) {
    return failed("reach host", err.refused ? `the instance URL cannot be used: ${err.message}` : `${host} cannot be reached: ${err.message}`);
  }
  if (!(err instanceof ZendeskHttpError)) return null;
  if (err.status === 401) {
    return failed(
      "authenticate",
      `Zendesk refused the agent e-mail and API token (${err.message}). Check the e-mail, the token, and that token access is enabled in the Admin Center.`,
    );
  }
  if (err.status === 403) {
    return failed(
      "permission",
      `permission problem: the account may not read ${what} (${err.message}). ${
        what.includes("ticket")
          ? "The incremental ticket export needs a Zendesk admin."
          : "An agent or admin with Help Center (Guide) access is needed."
      }`,
    );
  }
  if (err.status === 404) {
    return failed(
      "reach host",
      `${host} answered 404 for ${what} (${err.message}): is instance_url https://<subdomain>.zendesk.com, with Help Center on?`,
    );
  }
  return null;
}

const toConnectionError = (err: unknown, host: string, what: string) => connectionError(err, host, what) ?? err;

/** While testing, every failure is the spec's code: `step` names what was being checked. */
const testFailure = (err: unknown, host: string, what: string, step: string) =>
  connectionError(err, host, what) ?? failed(step, `${host}: ${err instanceof Error ? err.message : String(err)}`);

async function testConnection(ctx: ServicedeskContext): Promise<void> {
  const client = zendeskClient(ctx);
  const host = client.origin.host;
  let me: z.infer<typeof ZMe>;
  try {
    me = await client.getJson("/api/v2/users/me.json", ZMe);
  } catch (err) {
    throw testFailure(err, host, "the Zendesk API", "reach host");
  }
  if (me.user.id === null) throw failed("authenticate", "Zendesk answered as an anonymous user: the e-mail and API token were not accepted.");
  if (me.user.role === "end-user")
    throw failed("permission", `permission problem: ${ctx.settings.email} is an end user; an agent or admin account is needed.`);
  // A start time a minute ago lists (almost) nothing: this only checks that the export may be read.
  const recent = Math.floor(Date.now() / 1000) - 60;
  try {
    await client.getJson(`/api/v2/help_center/incremental/articles?start_time=${recent}`, z.object({ articles: z.array(z.unknown()) }));
  } catch (err) {
    throw testFailure(err, host, "the Help Center articles", "help center");
  }
  if (ctx.filter.include_solved_tickets) {
    try {
      await client.getJson(`/api/v2/incremental/tickets/cursor.json?start_time=${recent - 60}`, ZTicketExport);
    } catch (err) {
      throw testFailure(err, host, "the tickets (incremental ticket export)", "tickets");
    }
  }
}

async function fetchArticle(client: ZendeskClient, ref: { id: number; locale: string }): Promise<FetchResult> {
  let data: z.infer<typeof ZArticleOne>;
  try {
    data = await client.getJson(`/api/v2/help_center/${encodeURIComponent(ref.locale)}/articles/${ref.id}`, ZArticleOne);
  } catch (err) {
    if (err instanceof ZendeskHttpError && (err.status === 404 || err.status === 410)) return { kind: "gone" };
    throw err;
  }
  const a = data.article;
  // Archived or unpublished since it was listed: the next listing names it as removed.
  if (articleRefusal(a, articleScope({}, null))) return { kind: "gone" };
  return { kind: "content", path: await htmlFile(articleHtml(a)), title: articleTitle(a), version: articleVersion(a) };
}

async function fetchTicket(
  client: ZendeskClient,
  ref: { id: number; subject: string | null; status: string; created_at: string | null },
): Promise<FetchResult> {
  const comments: z.infer<typeof ZComments>["comments"] = [];
  const names = new Map<number, string>();
  let url: string | URL = `/api/v2/tickets/${ref.id}/comments.json?include=users`;
  for (let i = 0; i < MAX_COMMENT_PAGES && url; i++) {
    let page: z.infer<typeof ZComments>;
    try {
      page = await client.getJson(url, ZComments);
    } catch (err) {
      if (err instanceof ZendeskHttpError && (err.status === 404 || err.status === 410)) return { kind: "gone" };
      throw err;
    }
    comments.push(...page.comments);
    for (const u of page.users ?? []) if (u.name) names.set(u.id, u.name);
    url = page.next_page ? client.follow(page.next_page) : "";
  }
  const html = ticketHtml({ id: ref.id, subject: ref.subject, status: ref.status, created_at: ref.created_at ?? undefined }, comments, names);
  return { kind: "content", path: await htmlFile(html) };
}

async function fetchAttachment(client: ZendeskClient, ref: { url: string; name: string }): Promise<FetchResult> {
  try {
    const file = await client.download(ref.url, MAX_ATTACHMENT_BYTES);
    return { kind: "content", path: file.path, filename: ref.name };
  } catch (err) {
    if (err instanceof ZendeskHttpError && (err.status === 404 || err.status === 410)) return { kind: "gone" };
    throw err;
  }
}

type Ref =
  | { kind: "article"; id: number; locale: string }
  | { kind: "ticket"; id: number; subject: string | null; status: string; created_at: string | null }
  | { kind: "attachment"; url: string; name: string };

export const servicedeskConnector: Connector<TServicedeskSettings, TServicedeskSecrets, TServicedeskFilter> = {
  type: "servicedesk",
  label: "Zendesk Help Center",
  settingsSchema: ZServicedeskSettings,
  secretsSchema: ZServicedeskSecrets,
  filterSchema: ZServicedeskFilter,
  describe: (s) => ({ source_name: new URL(s.instance_url).host, instance_url: new URL(s.instance_url).origin }),

  testConnection,

  async listPage(ctx, cursor) {
    const client = zendeskClient(ctx);
    try {
      return await listServicedeskPage(ctx, client, cursor);
    } catch (err) {
      throw toConnectionError(err, client.origin.host, "the Help Center articles or tickets");
    }
  },

  async fetchItem(ctx, item: ListedItem): Promise<FetchResult> {
    const client = zendeskClient(ctx);
    const ref = item.ref as Ref | undefined;
    if (!ref) throw new Error(`no reference to fetch ${item.externalId}`);
    switch (ref.kind) {
      case "article":
        return fetchArticle(client, ref);
      case "ticket":
        return fetchTicket(client, ref);
      case "attachment":
        return fetchAttachment(client, ref);
    }
  },
};
