// The crawler's GET: the SSRF policy of document URLs on every hop (requestVettedUrl: public addresses only
// unless DOCUMENT_URL_ALLOWLIST, connection pinned to the vetted address), redirects followed by hand and
// each target checked against the crawl's rules, conditional headers, throttling (429/5xx) honoured with a
// bounded Retry-After wait, and the body streamed to a scratch file under a size cap.
import { createHash } from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import { pipeline } from "node:stream/promises";
import { requestVettedUrl } from "@/lib/documents/fetch-document";
import { AppError } from "@/lib/errors";
import { removeQuietly, tempPath } from "@/lib/storage/temp";
import { withRetryAfter } from "../retry-after";

export const MAX_REDIRECTS = 5;
/** Largest page or linked document the crawler downloads. */
export const MAX_BYTES = 100 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

export interface GetOptions {
  userAgent: string;
  /** Conditional headers for a URL (asked for every hop: a redirect target has its own). */
  conditionalFor?: (url: URL) => Promise<{ etag?: string | null; lastModified?: string | null } | null>;
  /** Checked for every redirect target (allowed hosts, robots, filters): a reason refuses it. */
  checkRedirect?: (url: URL) => Promise<string | null> | string | null;
  /** Before each request (politeness: per-host delay and concurrency); returns the release function. */
  acquire?: (url: URL) => Promise<() => void>;
  signal?: AbortSignal;
  maxBytes?: number;
  /** Whether to download a 200 body (else it is drained). */
  wantBody?: (contentType: string, url: URL) => boolean;
}

export type GetResult =
  | {
      kind: "ok";
      url: URL;
      status: 200;
      contentType: string;
      etag: string | null;
      lastModified: string | null;
      /** Scratch file with the body (caller owns it), or null when the body was not wanted. */
      path: string | null;
      sha256: string | null;
      size: number;
    }
  | { kind: "not_modified"; url: URL }
  | { kind: "status"; url: URL; status: number }
  | { kind: "refused"; url: URL; reason: string }
  | { kind: "error"; url: URL; reason: string };

const header = (res: http.IncomingMessage, name: string): string | null => {
  const v = res.headers[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
};

async function requestWithRetries(url: URL, headers: Record<string, string>, opts: GetOptions, signal: AbortSignal) {
  return withRetryAfter(
    async () => {
      const release = opts.acquire ? await opts.acquire(url) : () => undefined;
      try {
        const res = await requestVettedUrl(url, { headers, signal });
        return { status: res.statusCode ?? 0, retryAfter: header(res, "retry-after"), res };
      } finally {
        release();
      }
    },
    (r) => void r.res.resume(),
    { signal, attempts: 4, maxWaitMs: 30_000 },
  );
}

async function saveBody(res: http.IncomingMessage, maxBytes: number): Promise<{ path: string; sha256: string; size: number }> {
  const file = tempPath();
  const hash = createHash("sha256");
  let size = 0;
  try {
    await pipeline(
      res,
      async function* (source) {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
          hash.update(chunk);
          yield chunk;
        }
      },
      fs.createWriteStream(file),
    );
  } catch (err) {
    await removeQuietly(file);
    throw err;
  }
  return { path: file, sha256: hash.digest("hex"), size };
}

export async function crawlGet(start: URL, opts: GetOptions): Promise<GetResult> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const headers: Record<string, string> = { "user-agent": opts.userAgent, accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const conditional = opts.conditionalFor ? await opts.conditionalFor(url) : null;
    if (conditional?.etag) headers["if-none-match"] = conditional.etag;
    if (conditional?.lastModified) headers["if-modified-since"] = conditional.lastModified;
    let answer: Awaited<ReturnType<typeof requestWithRetries>>;
    try {
      answer = await requestWithRetries(url, headers, opts, signal);
    } catch (err) {
      if (err instanceof AppError) return { kind: "refused", url, reason: err.detail };
      return { kind: "error", url, reason: timeout.aborted ? "timed out" : `could not connect: ${(err as Error).message}` };
    }
    const { res, status } = answer;
    if (status >= 300 && status < 400 && status !== 304) {
      res.resume();
      const location = header(res, "location");
      if (!location) return { kind: "status", url, status };
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return { kind: "error", url, reason: `invalid redirect target ${location.slice(0, 200)}` };
      }
      next.hash = "";
      const refusal = opts.checkRedirect ? await opts.checkRedirect(next) : null;
      if (refusal) return { kind: "refused", url: next, reason: `redirected to ${next.href}: ${refusal}` };
      url = next;
      continue;
    }
    if (status === 304) {
      res.resume();
      return { kind: "not_modified", url };
    }
    if (status !== 200) {
      res.resume();
      return { kind: "status", url, status };
    }
    const contentType = (header(res, "content-type") ?? "").toLowerCase();
    const base = {
      kind: "ok" as const,
      url,
      status: 200 as const,
      contentType,
      etag: header(res, "etag"),
      lastModified: header(res, "last-modified"),
    };
    if (opts.wantBody && !opts.wantBody(contentType, url)) {
      res.resume();
      return { ...base, path: null, sha256: null, size: 0 };
    }
    try {
      const saved = await saveBody(res, opts.maxBytes ?? MAX_BYTES);
      return { ...base, ...saved };
    } catch (err) {
      return { kind: "error", url, reason: timeout.aborted ? "timed out" : `download failed: ${(err as Error).message}` };
    }
  }
  return { kind: "error", url, reason: `more than ${MAX_REDIRECTS} redirects` };
}
