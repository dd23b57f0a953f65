// Every request of the filedrive connector (the token grant, Drive JSON calls, downloads and exports) goes
// through the SSRF policy of document URLs (requestVettedUrl: public addresses only unless
// DOCUMENT_URL_ALLOWLIST, connection pinned to the vetted address), because api_base_url and token_url are
// settings a workspace owner can change. The Drive client (gaxios) takes it as its fetch implementation.
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { requestVettedUrl } from "@/lib/documents/fetch-document";

const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

function plainHeaders(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** `fetch` over requestVettedUrl (no redirects followed: a 3xx comes back as it is). */
export async function vettedFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "POST") throw new Error(`filedrive makes GET and POST requests only, not ${method}`);
  const body = init.body === undefined || init.body === null ? undefined : String(init.body);
  const headers = plainHeaders(init.headers);
  // A sized body rather than a chunked one: some token endpoints refuse chunked POSTs.
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  const res = await requestVettedUrl(url, {
    headers,
    signal: init.signal ?? AbortSignal.timeout(120_000),
    method,
    body,
  });
  const status = res.statusCode ?? 502;
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) answerHeaders.append(name, v);
  }
  if (status === 204 || status === 304) {
    res.resume();
    return new Response(null, { status, headers: answerHeaders });
  }
  const encoding = (answerHeaders.get("content-encoding") ?? "").trim().toLowerCase();
  const decoder = DECODERS[encoding];
  let stream: Readable = res;
  if (decoder) {
    stream = res.pipe(decoder() as unknown as NodeJS.WritableStream) as unknown as Readable;
    res.on("error", (err) => stream.destroy(err));
    answerHeaders.delete("content-encoding");
    answerHeaders.delete("content-length");
  }
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers: answerHeaders });
}
