// A local Zendesk on 127.0.0.1 for the servicedesk connector's tests, speaking the documented JSON wire format:
// Basic auth `email/token:api_token` (401 `{"error":"Couldn't authenticate you"}`, anonymous `users/me` without
// credentials), the Help Center incremental article export (start_time → articles, next_page, end_time, count;
// up to `articlesPageSize` per page; archived articles are listed with `archived: true`), single articles,
// article attachments and their downloads, sections, the cursor-based incremental ticket export (admins
// only: after_cursor, end_of_stream) and ticket comments with `include=users` (paged), 403 and 404 error
// shapes, and 429 with Retry-After. State is plain data the tests change between runs; every request is logged.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeArticle {
  id: number;
  locale: string;
  title: string;
  body: string;
  section_id: number;
  label_names?: string[];
  draft?: boolean;
  archived?: boolean;
  /** Epoch seconds of the last change (the export's order). */
  updated: number;
}

export interface FakeAttachment {
  id: number;
  article_id: number;
  /** The translation it belongs to (default en-us). */
  locale?: string;
  file_name: string;
  content_type: string;
  inline?: boolean;
  content: Buffer;
}

export interface FakeTicket {
  id: number;
  subject: string;
  status: "new" | "open" | "pending" | "hold" | "solved" | "closed" | "deleted";
  updated: number;
  comments: { id: number; public: boolean; body: string; author_id: number }[];
}

export interface FakeAgent {
  id: number;
  name: string;
  token: string;
  role: "admin" | "agent" | "end-user";
  /** 403 on the Help Center endpoints (an agent without Guide access). */
  noHelpCenter?: boolean;
}

export interface FakeZendesk {
  base: string;
  agents: Map<string, FakeAgent>;
  articles: Map<string, FakeArticle>;
  attachments: FakeAttachment[];
  sections: { id: number; category_id: number }[];
  tickets: Map<number, FakeTicket>;
  users: Map<number, string>;
  articlesPageSize: number;
  ticketsPageSize: number;
  commentsPageSize: number;
  /** Next answers of paths starting with the key are 429 with this Retry-After, `times` times. */
  throttle: Map<string, { times: number; retryAfter: string }>;
  log: { path: string; status: number; at: number }[];
  /** Awaited before each request is answered (tests count, slow down or crash things here). */
  beforeAnswer?: (path: string) => void | Promise<void>;
  /** A fresh epoch second, later than every one handed out before (each change gets its own). */
  tick(): number;
  addArticle(a: Omit<FakeArticle, "updated" | "locale"> & { locale?: string }): FakeArticle;
  close(): Promise<void>;
}

const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");
const key = (id: number, locale: string) => `${id}:${locale}`;

export async function startFakeZendesk(): Promise<FakeZendesk> {
  let clock = 1_700_000_000;
  const z: FakeZendesk = {
    base: "",
    agents: new Map(),
    articles: new Map(),
    attachments: [],
    sections: [],
    tickets: new Map(),
    users: new Map(),
    articlesPageSize: 1000,
    ticketsPageSize: 1000,
    commentsPageSize: 100,
    throttle: new Map(),
    log: [],
    tick: () => ++clock,
    addArticle(a) {
      const article = { locale: "en-us", ...a, updated: ++clock };
      z.articles.set(key(article.id, article.locale), article);
      return article;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };

  const articleJson = (a: FakeArticle) => ({
    id: a.id,
    url: `${z.base}/api/v2/help_center/${a.locale}/articles/${a.id}.json`,
    html_url: `${z.base}/hc/${a.locale}/articles/${a.id}-${a.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    title: a.title,
    body: a.body,
    locale: a.locale,
    source_locale: "en-us",
    section_id: a.section_id,
    label_names: a.label_names ?? [],
    draft: a.draft ?? false,
    ...(a.archived ? { archived: true } : {}),
    author_id: 1,
    created_at: iso(a.updated - 1),
    updated_at: iso(a.updated),
    edited_at: iso(a.updated),
  });

  const ticketJson = (t: FakeTicket) => ({
    id: t.id,
    url: `${z.base}/api/v2/tickets/${t.id}.json`,
    subject: t.subject,
    status: t.status,
    tags: [],
    created_at: iso(t.updated - 100),
    updated_at: iso(t.updated),
    generated_timestamp: t.updated,
  });

  const authOf = (req: http.IncomingMessage): FakeAgent | null | "anonymous" => {
    const h = req.headers.authorization;
    if (!h) return "anonymous";
    const m = /^Basic (.+)$/.exec(h);
    if (!m) return null;
    const [user, token] = Buffer.from(m[1] ?? "", "base64")
      .toString("utf8")
      .split(":");
    if (!user?.endsWith("/token")) return null;
    const agent = z.agents.get(user.slice(0, -"/token".length));
    return agent && agent.token === token ? agent : null;
  };

  const server = http.createServer((req, res) => {
    Promise.resolve(z.beforeAnswer?.(new URL(req.url ?? "/", z.base).pathname))
      .then(() => answer(req, res))
      .catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(err));
      });
  });

  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", z.base);
    const path = url.pathname;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      z.log.push({ path: `${path}${url.search}`, status, at: Date.now() });
      const text = Buffer.isBuffer(body) ? body : JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      res.end(text);
    };
    for (const [prefix, t] of z.throttle) {
      if (path.startsWith(prefix) && t.times > 0) {
        t.times--;
        return send(
          429,
          { error: "APIRateLimitExceeded", description: "Number of allowed API requests per minute exceeded" },
          { "retry-after": t.retryAfter },
        );
      }
    }
    const agent = authOf(req);
    if (path === "/api/v2/users/me.json") {
      if (agent === "anonymous") return send(200, { user: { id: null, name: "Anonymous user", email: "invalid@example.com", role: "end-user" } });
    }
    if (agent === null || agent === "anonymous") return send(401, { error: "Couldn't authenticate you" });
    const forbidden = () =>
      send(403, {
        error: "Forbidden",
        description: "You do not have access to this page. Please contact the account owner of this help desk for further help.",
      });
    const notFound = () => send(404, { error: "RecordNotFound", description: "Not found" });

    if (path === "/api/v2/users/me.json") return send(200, { user: { id: agent.id, name: agent.name, role: agent.role } });

    if (path.startsWith("/api/v2/help_center/") || path.startsWith("/hc/")) {
      if (agent.noHelpCenter || agent.role === "end-user") return forbidden();
      if (path === "/api/v2/help_center/incremental/articles") {
        const start = Number(url.searchParams.get("start_time"));
        if (!url.searchParams.has("start_time") || !Number.isFinite(start))
          return send(400, { error: "InvalidPaginationParameter", description: "start_time is required" });
        const matched = [...z.articles.values()].filter((a) => a.updated >= start).sort((a, b) => a.updated - b.updated || a.id - b.id);
        const page = matched.slice(0, z.articlesPageSize);
        const end = page.at(-1)?.updated ?? start;
        const more = matched.length > page.length;
        return send(200, {
          articles: page.map(articleJson),
          next_page: more ? `${z.base}/api/v2/help_center/incremental/articles.json?start_time=${end}` : null,
          end_time: end,
          count: matched.length,
        });
      }
      if (path === "/api/v2/help_center/sections") {
        return send(200, {
          sections: z.sections.map((s) => ({ id: s.id, category_id: s.category_id, name: `Section ${s.id}` })),
          next_page: null,
          count: z.sections.length,
        });
      }
      let m = /^\/api\/v2\/help_center\/(?:([\w-]+)\/)?articles\/(\d+)\/attachments(?:\.json)?$/.exec(path);
      if (m) {
        const [locale, id] = [m[1], Number(m[2])];
        if (![...z.articles.values()].some((a) => a.id === id && !a.archived && (!locale || a.locale === locale))) return notFound();
        const list = z.attachments.filter((a) => a.article_id === id && (!locale || (a.locale ?? "en-us") === locale));
        return send(200, {
          article_attachments: list.map((a) => ({
            id: a.id,
            article_id: a.article_id,
            file_name: a.file_name,
            content_type: a.content_type,
            content_url: `${z.base}/hc/article_attachments/${a.id}/${encodeURIComponent(a.file_name)}`,
            size: a.content.length,
            inline: a.inline ?? false,
            created_at: iso(1_700_000_000),
            updated_at: iso(1_700_000_000),
          })),
        });
      }
      m = /^\/api\/v2\/help_center\/([\w-]+)\/articles\/(\d+)(?:\.json)?$/.exec(path);
      if (m) {
        const a = z.articles.get(key(Number(m[2]), m[1] ?? ""));
        return a && !a.archived ? send(200, { article: articleJson(a) }) : notFound();
      }
      m = /^\/hc\/article_attachments\/(\d+)\//.exec(path);
      if (m) {
        const att = z.attachments.find((a) => a.id === Number(m![1]));
        return att ? send(200, att.content, { "content-type": att.content_type }) : notFound();
      }
      return notFound();
    }

    if (path === "/api/v2/incremental/tickets/cursor.json") {
      if (agent.role !== "admin") return forbidden();
      const sorted = [...z.tickets.values()].sort((a, b) => a.updated - b.updated || a.id - b.id);
      let from: (t: FakeTicket) => boolean;
      const cursor = url.searchParams.get("cursor");
      if (cursor) {
        const [u = 0, id = 0] = Buffer.from(cursor, "base64url").toString().split(":").map(Number);
        from = (t) => t.updated > u || (t.updated === u && t.id > id);
      } else {
        const start = Number(url.searchParams.get("start_time"));
        if (!url.searchParams.has("start_time") || !Number.isFinite(start))
          return send(400, { error: "InvalidPaginationParameter", description: "start_time or cursor is required" });
        from = (t) => t.updated >= start;
      }
      const matched = sorted.filter(from);
      const page = matched.slice(0, z.ticketsPageSize);
      const last = page[page.length - 1];
      const after = last
        ? Buffer.from(`${last.updated}:${last.id}`).toString("base64url")
        : (cursor ?? Buffer.from(`${clock}:0`).toString("base64url"));
      return send(200, {
        tickets: page.map(ticketJson),
        after_cursor: after,
        after_url: `${z.base}/api/v2/incremental/tickets/cursor.json?cursor=${after}`,
        before_cursor: null,
        before_url: null,
        end_of_stream: matched.length <= page.length,
      });
    }
    const tm = /^\/api\/v2\/tickets\/(\d+)\/comments(?:\.json)?$/.exec(path);
    if (tm) {
      const t = z.tickets.get(Number(tm[1]));
      if (!t || t.status === "deleted") return notFound();
      const pageNo = Number(url.searchParams.get("page") ?? "1");
      const slice = t.comments.slice((pageNo - 1) * z.commentsPageSize, pageNo * z.commentsPageSize);
      const more = t.comments.length > pageNo * z.commentsPageSize;
      const include = url.searchParams.get("include") === "users";
      return send(200, {
        comments: slice.map((c) => ({
          id: c.id,
          type: "Comment",
          public: c.public,
          body: c.body,
          html_body: `<div class="zd-comment"><p>${c.body}</p></div>`,
          author_id: c.author_id,
          created_at: iso(t.updated - 50 + (c.id % 40)),
        })),
        ...(include ? { users: [...new Set(slice.map((c) => c.author_id))].map((id) => ({ id, name: z.users.get(id) ?? `User ${id}` })) } : {}),
        next_page: more ? `${z.base}/api/v2/tickets/${t.id}/comments.json?page=${pageNo + 1}${include ? "&include=users" : ""}` : null,
        previous_page: null,
        count: t.comments.length,
      });
    }
    return notFound();
  };
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  z.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return z;
}
