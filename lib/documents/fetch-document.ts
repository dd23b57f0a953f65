// Fetching a caller-supplied document URL without letting it reach inside our network (SSRF):
// http(s) only; every hop's host is resolved and refused when any address is loopback, private,
// link-local (cloud metadata), multicast or otherwise non-public, unless allow-listed; the connection
// is pinned to the vetted address (no DNS rebinding between check and connect); redirects are
// followed by hand and re-checked; the body streams to a temp file under a size cap and a timeout.
import dns from "node:dns/promises";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { pipeline } from "node:stream/promises";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { removeQuietly, tempPath } from "@/lib/storage/temp";

export interface FetchedDocument {
  path: string;
  size: number;
  filename: string;
  contentType: string | null;
}

const MAX_REDIRECTS = 5;

const refuse = (detail: string) => new AppError("bad_request", detail);

function allowList(): { hosts: Set<string>; ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] } {
  const hosts = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of env()
    .DOCUMENT_URL_ALLOWLIST.split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    if (raw.includes("/")) ranges.push(ipaddr.parseCIDR(raw));
    else if (ipaddr.isValid(raw)) ranges.push([ipaddr.parse(raw), ipaddr.parse(raw).kind() === "ipv4" ? 32 : 128]);
    else hosts.add(raw);
  }
  return { hosts, ranges };
}

export function isPublicAddress(address: string): boolean {
  const ip = ipaddr.process(address);
  return ip.range() === "unicast";
}

function addressAllowed(address: string, host: string): boolean {
  const { hosts, ranges } = allowList();
  if (hosts.has(host.toLowerCase())) return true;
  const ip = ipaddr.process(address);
  if (ranges.some(([net_, bits]) => ip.kind() === net_.kind() && ip.match(net_, bits))) return true;
  return isPublicAddress(address);
}

async function vettedAddress(host: string): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, "");
  const candidates = net.isIP(bare)
    ? [{ address: bare, family: net.isIP(bare) }]
    : await dns.lookup(bare, { all: true, verbatim: true }).catch(() => {
        throw refuse(`The document URL's host "${host}" could not be resolved.`);
      });
  if (!candidates.length) throw refuse(`The document URL's host "${host}" could not be resolved.`);
  for (const c of candidates) {
    if (!addressAllowed(c.address, bare)) {
      throw refuse(`The document URL points to a non-public address (${host}); only public http(s) URLs are fetched.`);
    }
  }
  return candidates[0];
}

function filenameFrom(url: URL, disposition: string | undefined): string {
  const m = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (m) {
    try {
      return decodeURIComponent(m[1]).split(/[\\/]/).pop() || "document";
    } catch {
      return m[1];
    }
  }
  const last = url.pathname.split("/").filter(Boolean).pop();
  return last ? decodeURIComponent(last) : "document";
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  signal: AbortSignal,
  headers: Record<string, string> = { "user-agent": "DocIntel/1.0 (+document fetch)", accept: "*/*" },
  method: "GET" | "POST" = "GET",
  body?: string,
): Promise<http.IncomingMessage> {
  const mod = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      url,
      {
        method,
        signal,
        headers,
        // Connect to the address we vetted, whatever DNS says now (TLS still verifies the host name).
        lookup: (_h, opts, cb) => {
          if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
          else cb(null, pinned.address, pinned.family);
        },
      },
      resolve,
    );
    req.on("error", reject);
    req.end(body);
  });
}

export async function fetchDocument(rawUrl: string, opts: { maxBytes: number; signal?: AbortSignal }): Promise<FetchedDocument> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refuse("The document URL is not a valid URL.");
  }
  const timeout = AbortSignal.timeout(env().DOCUMENT_FETCH_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse("Only http and https document URLs are supported.");
    const pinned = await vettedAddress(url.hostname);
    let res: http.IncomingMessage;
    try {
      res = await requestOnce(url, pinned, signal);
    } catch (err) {
      throw refuse(timeout.aborted ? "Fetching the document URL timed out." : `The document URL could not be fetched: ${(err as Error).message}`);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw refuse(`The document URL answered HTTP ${status}.`);
    }
    const declared = Number(res.headers["content-length"] ?? NaN);
    if (Number.isFinite(declared) && declared > opts.maxBytes) {
      res.destroy();
      throw new AppError("payload_too_large", `The document is ${declared} bytes; the limit is ${opts.maxBytes} bytes.`);
    }
    const file = tempPath();
    let size = 0;
    try {
      await pipeline(
        res,
        async function* (source) {
          for await (const chunk of source as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > opts.maxBytes) throw new AppError("payload_too_large", `The document is more than ${opts.maxBytes} bytes, the limit.`);
            yield chunk;
          }
        },
        fs.createWriteStream(file),
      );
    } catch (err) {
      await removeQuietly(file);
      if (err instanceof AppError) throw err;
      throw refuse(timeout.aborted ? "Fetching the document URL timed out." : `The document download failed: ${(err as Error).message}`);
    }
    const contentType = res.headers["content-type"] ?? null;
    return { path: file, size, filename: filenameFrom(url, res.headers["content-disposition"]), contentType };
  }
  throw refuse(`The document URL redirected more than ${MAX_REDIRECTS} times.`);
}

/**
 * One GET (or a POST with a small body: token endpoints) under the same policy as document URLs (http(s) only,
 * the host vetted and the connection pinned to the vetted address), without following redirects: callers that
 * follow them (the web crawler, lib/sync) call this again for every hop, so each one is checked. Throws
 * AppError bad_request when refused.
 */
export async function requestVettedUrl(
  url: URL,
  opts: { headers: Record<string, string>; signal: AbortSignal; method?: "GET" | "POST"; body?: string },
): Promise<http.IncomingMessage> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse("Only http and https URLs are supported.");
  const pinned = await vettedAddress(url.hostname);
  return requestOnce(url, pinned, opts.signal, opts.headers, opts.method, opts.body);
}
