// A small typed Zendesk REST client. No SDK (none is a dependency, and the official ones are large) and not
// the global fetch either: every request goes through requestVettedUrl, the SSRF policy of document URLs
// (public addresses only unless DOCUMENT_URL_ALLOWLIST, connection pinned to the vetted address), which
// fetch cannot pin. Basic auth `email/token:api_token`; 429/5xx retried per Retry-After (retry-after.ts);
// answers parsed with zod (unknown fields ignored), so the rest of the connector works on typed data.
import fs from "node:fs";
import type http from "node:http";
import { pipeline } from "node:stream/promises";
import type { z } from "zod";
import { requestVettedUrl } from "@/lib/documents/fetch-document";
import { AppError } from "@/lib/errors";
import { removeQuietly, tempPath } from "@/lib/storage/temp";
import { type RetryPolicy, withRetryAfter } from "../retry-after";

/** Budget of one attempt (connect, answer, body); waits for Retry-After come on top. */
const TIMEOUT_MS = 120_000;
/** Zendesk's incremental exports allow 10 requests a minute: a Retry-After of up to a minute is honoured. */
const MAX_RETRY_WAIT_MS = 65_000;
/** A page of the incremental export (up to 1,000 articles with their bodies) stays well under this. */
const MAX_JSON_BYTES = 100 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/** The host could not be used: refused by the SSRF policy, unreachable, or timed out. */
export class ZendeskUnreachableError extends Error {
  constructor(
    readonly refused: boolean,
    detail: string,
  ) {
    super(detail);
    this.name = "ZendeskUnreachableError";
  }
}

/** Zendesk answered with a status other than 2xx (after the throttling retries). */
export class ZendeskHttpError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    detail: string,
  ) {
    super(`HTTP ${status} on ${path}${detail ? `: ${detail}` : ""}`);
    this.name = "ZendeskHttpError";
  }
}

export interface ZendeskClientOptions {
  instanceUrl: string;
  email: string;
  apiToken: string;
  signal?: AbortSignal;
  retry?: RetryPolicy;
}

const header = (res: http.IncomingMessage, name: string): string | null => {
  const v = res.headers[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
};

async function readText(res: http.IncomingMessage, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      res.destroy();
      throw new Error(`answer larger than ${max} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Zendesk's error bodies: `{error: "Couldn't authenticate you"}`, `{error, description}`, `{errors: [...]}`. */
export function zendeskErrorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; description?: unknown; errors?: unknown };
    const parts: string[] = [];
    if (typeof parsed.error === "string") parts.push(parsed.error);
    else if (parsed.error && typeof parsed.error === "object") {
      const e = parsed.error as { title?: string; message?: string };
      parts.push(e.title ?? e.message ?? "");
    }
    if (typeof parsed.description === "string") parts.push(parsed.description);
    if (Array.isArray(parsed.errors)) parts.push(...parsed.errors.map((e) => (typeof e === "string" ? e : (e?.title ?? e?.detail ?? ""))));
    return parts.filter(Boolean).join(" — ").slice(0, 300);
  } catch {
    return body.replace(/\s+/g, " ").trim().slice(0, 200);
  }
}

export class ZendeskClient {
  readonly origin: URL;
  private readonly auth: string;

  constructor(private readonly opts: ZendeskClientOptions) {
    this.origin = new URL(new URL(opts.instanceUrl).origin);
    this.auth = `Basic ${Buffer.from(`${opts.email}/token:${opts.apiToken}`).toString("base64")}`;
  }

  /**
   * A `next_page` URL, on this instance's origin: Zendesk names its own `<subdomain>.zendesk.com` host there even
   * when the instance is configured by a host-mapped domain; credentials never go elsewhere.
   */
  follow(next: string): URL {
    const u = new URL(next, this.origin);
    return this.url(`${u.pathname}${u.search}`);
  }

  /** An absolute URL on the instance for an API path (`/api/v2/...`). */
  url(pathAndQuery: string): URL {
    return new URL(pathAndQuery, this.origin);
  }

  /**
   * One request with throttling retries (each attempt has its own time budget, which also bounds reading the
   * answer: `timeout`); credentials only go to the instance's own origin.
   */
  private async request(url: URL, accept: string): Promise<{ res: http.IncomingMessage; timeout: AbortSignal }> {
    const headers: Record<string, string> = { accept, "user-agent": "DocIntel/1.0 (servicedesk sync)" };
    if (url.origin === this.origin.origin) headers.authorization = this.auth;
    let timeout = AbortSignal.timeout(TIMEOUT_MS);
    try {
      return await withRetryAfter(
        async () => {
          timeout = AbortSignal.timeout(TIMEOUT_MS);
          const signal = this.opts.signal ? AbortSignal.any([this.opts.signal, timeout]) : timeout;
          const res = await requestVettedUrl(url, { headers, signal });
          return { status: res.statusCode ?? 0, retryAfter: header(res, "retry-after"), res, timeout };
        },
        (r) => void r.res.resume(),
        { attempts: 4, maxWaitMs: MAX_RETRY_WAIT_MS, ...this.opts.retry, signal: this.opts.signal },
      );
    } catch (err) {
      if (err instanceof AppError) throw new ZendeskUnreachableError(true, err.detail);
      if (this.opts.signal?.aborted) throw err;
      throw new ZendeskUnreachableError(
        false,
        timeout.aborted ? `${url.host} did not answer in time` : `could not connect to ${url.host}: ${(err as Error).message}`,
      );
    }
  }

  /** GET an API path (or a `next_page` URL on the instance) and parse the JSON answer with `schema`. */
  async getJson<T>(pathOrUrl: string | URL, schema: z.ZodType<T>): Promise<T> {
    const url = typeof pathOrUrl === "string" ? this.url(pathOrUrl) : pathOrUrl;
    if (url.origin !== this.origin.origin) throw new Error(`refusing to follow ${url.href}: not on ${this.origin.origin}`);
    const { res, timeout } = await this.request(url, "application/json");
    const status = res.statusCode ?? 0;
    const where = url.pathname;
    if (status >= 300 && status < 400) {
      res.resume();
      throw new ZendeskHttpError(status, where, `redirected to ${header(res, "location") ?? "?"} (is instance_url the Zendesk API host?)`);
    }
    let text: string;
    try {
      text = await readText(res, MAX_JSON_BYTES);
    } catch (err) {
      throw new ZendeskUnreachableError(false, `reading ${where} failed: ${timeout.aborted ? "timed out" : (err as Error).message}`);
    }
    if (status < 200 || status >= 300) throw new ZendeskHttpError(status, where, zendeskErrorText(text));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ZendeskHttpError(status, where, "the answer is not JSON (is instance_url a Zendesk instance?)");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ZendeskHttpError(status, where, `unexpected answer: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    return parsed.data;
  }

  /**
   * Downloads a file (an attachment's content_url) to a scratch file the caller owns. Redirects (Zendesk
   * serves attachments from a CDN) are followed by hand, each hop vetted; credentials stay on the instance.
   */
  async download(raw: string, maxBytes: number): Promise<{ path: string; contentType: string; size: number }> {
    let url = new URL(raw, this.origin);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const { res, timeout } = await this.request(url, "*/*");
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        const location = header(res, "location");
        if (!location) throw new ZendeskHttpError(status, url.pathname, "redirect without a location");
        url = new URL(location, url);
        continue;
      }
      if (status !== 200) {
        const text = await readText(res, 64 * 1024).catch(() => "");
        throw new ZendeskHttpError(status, url.pathname, zendeskErrorText(text));
      }
      const declared = Number(header(res, "content-length") ?? "0");
      if (declared > maxBytes) {
        res.destroy();
        throw new Error(`larger than ${maxBytes} bytes`);
      }
      const file = tempPath();
      let size = 0;
      try {
        await pipeline(
          res,
          async function* (source) {
            for await (const chunk of source as AsyncIterable<Buffer>) {
              size += chunk.length;
              if (size > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
              yield chunk;
            }
          },
          fs.createWriteStream(file),
        );
      } catch (err) {
        await removeQuietly(file);
        throw new Error(`download failed: ${timeout.aborted ? "timed out" : (err as Error).message}`);
      }
      return { path: file, contentType: (header(res, "content-type") ?? "").toLowerCase(), size };
    }
    throw new Error(`more than ${MAX_REDIRECTS} redirects`);
  }
}
