// Every request of the sitehost connector (MSAL's OpenID discovery and token calls, Graph JSON calls,
// content downloads) goes through the SSRF policy of document URLs (requestVettedUrl: public addresses only
// unless DOCUMENT_URL_ALLOWLIST, connection pinned to the vetted address), because the endpoints are settings a
// workspace owner can change, and through withRetryAfter: 429/5xx wait per Retry-After, bounded.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import type http from "node:http";
import { pipeline } from "node:stream/promises";
import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from "@azure/msal-node";
import type { Context, Middleware } from "@microsoft/microsoft-graph-client";
import { requestVettedUrl } from "@/lib/documents/fetch-document";
import { removeQuietly, tempPath } from "@/lib/storage/temp";
import { withRetryAfter } from "../retry-after";

const TIMEOUT_MS = 30_000;
/** JSON answers larger than this are refused (a delta page is a few hundred KB). */
const MAX_JSON_BYTES = 20 * 1024 * 1024;
/** Largest file downloaded. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

export interface VettedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  res: http.IncomingMessage;
}

const first = (v: string | string[] | undefined): string | null => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));

/** One request (GET, or a form POST), retried on 429/5xx per Retry-After; the caller consumes the body. */
export async function vettedRequest(
  url: string,
  opts: { headers?: Record<string, string>; method?: "GET" | "POST"; body?: string; signal?: AbortSignal },
): Promise<VettedAnswer> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const answer = await withRetryAfter(
    async () => {
      const res = await requestVettedUrl(new URL(url), { headers: opts.headers ?? {}, signal, method: opts.method, body: opts.body });
      return { status: res.statusCode ?? 0, retryAfter: first(res.headers["retry-after"]), res };
    },
    (r) => void r.res.resume(),
    { signal, attempts: 4, maxWaitMs: 30_000 },
  );
  return { status: answer.status, headers: answer.res.headers, res: answer.res };
}

export async function readBody(res: http.IncomingMessage, max = MAX_JSON_BYTES): Promise<Buffer> {
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
  return Buffer.concat(chunks);
}

/** Streams a body to a scratch file (the caller owns it) under the size cap. */
export async function saveBody(res: http.IncomingMessage, max = MAX_FILE_BYTES): Promise<{ path: string; size: number }> {
  const file = tempPath();
  let size = 0;
  try {
    await pipeline(
      res,
      async function* (source) {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > max) throw new Error(`file larger than ${max} bytes`);
          yield chunk;
        }
      },
      fs.createWriteStream(file),
    );
  } catch (err) {
    await removeQuietly(file);
    throw err;
  }
  return { path: file, size };
}

const flatHeaders = (h: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(h).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(", ") : v]])));

/** msal-node's network client (`system.networkClient`): discovery GETs and token POSTs under the policy. */
export const msalNetworkClient: INetworkModule = {
  sendGetRequestAsync: <T>(url: string, options?: NetworkRequestOptions) => msalRequest<T>(url, "GET", options),
  sendPostRequestAsync: <T>(url: string, options?: NetworkRequestOptions) => msalRequest<T>(url, "POST", options),
};

/** MSAL wraps its network client's errors into a generic network_error: the first one is kept here per call. */
export const msalNetworkErrors = new AsyncLocalStorage<{ error?: unknown }>();

async function msalRequest<T>(url: string, method: "GET" | "POST", options?: NetworkRequestOptions): Promise<NetworkResponse<T>> {
  let answer: VettedAnswer;
  try {
    const body = method === "POST" ? (options?.body ?? "") : undefined;
    const headers = { ...options?.headers, ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}) };
    answer = await vettedRequest(url, { method, headers, body });
  } catch (err) {
    const box = msalNetworkErrors.getStore();
    if (box && box.error === undefined) box.error = err;
    throw err;
  }
  const raw = (await readBody(answer.res)).toString("utf8");
  let body: unknown;
  try {
    body = raw ? JSON.parse(raw) : {};
  } catch {
    throw new Error(`${new URL(url).host} answered HTTP ${answer.status} with a body that is not JSON`);
  }
  return { status: answer.status, headers: flatHeaders(answer.headers), body: body as T };
}

function headersOf(options: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(options?.headers as HeadersInit | undefined).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

/**
 * The last link of the Graph client's middleware chain: the request under the policy (GET only: the
 * connector only reads), the answer handed back as a fetch Response for the client's own response and
 * error handling.
 */
export class VettedGraphTransport implements Middleware {
  constructor(private readonly signal?: AbortSignal) {}

  async execute(context: Context): Promise<void> {
    const url = typeof context.request === "string" ? context.request : context.request.url;
    const method = (context.options?.method ?? "GET").toUpperCase();
    if (method !== "GET") throw new Error(`the sitehost connector only reads (asked for ${method})`);
    const answer = await vettedRequest(url, { headers: headersOf(context.options), signal: this.signal });
    const body = await readBody(answer.res);
    const headers = new Headers();
    for (const [k, v] of Object.entries(flatHeaders(answer.headers))) headers.set(k, v);
    const empty = answer.status === 204 || answer.status === 304 || body.length === 0;
    context.response = new Response(empty ? null : new Uint8Array(body), { status: answer.status, headers });
  }
}
