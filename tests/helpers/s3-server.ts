// A minimal in-memory server speaking the S3 wire format, for tests of the S3 storage driver.
// Path-style only (`/bucket/key`); signatures (SigV4 headers or query) are accepted unchecked.
// Covers: PutObject (plain or aws-chunked bodies), multipart upload (create, upload part, complete,
// abort), GetObject, HeadObject, DeleteObject, ListObjectsV2 (prefix, max-keys, continuation, start-after)
// and DeleteObjects. Every request is logged as "METHOD /path?query" in `requests`.
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

interface StoredObject {
  body: Buffer;
  etag: string;
  lastModified: Date;
  contentType: string;
  metadata: Record<string, string>;
}

interface MultipartUpload {
  bucket: string;
  key: string;
  contentType: string;
  metadata: Record<string, string>;
  parts: Map<number, { body: Buffer; etag: string }>;
}

export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  buckets: Map<string, Map<string, StoredObject>>;
  requests: string[];
  /** Keys for which DeleteObjects reports AccessDenied (to test partial failures). */
  denyDelete: (key: string) => boolean;
  uploadsInProgress(): number;
  close(): Promise<void>;
}

const md5 = (b: Buffer | string) => createHash("md5").update(b).digest("hex");

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

function xmlUnescape(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const l = e.toLowerCase();
    if (l.startsWith("#x")) return String.fromCodePoint(parseInt(l.slice(2), 16));
    if (l.startsWith("#")) return String.fromCodePoint(parseInt(l.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[l]!;
  });
}

function tagValues(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => xmlUnescape(m[1]!));
}

function xml(root: string, inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${root}>`;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Decodes an `aws-chunked` body: `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0\r\n<trailers>\r\n`. */
function decodeAwsChunked(raw: Buffer): Buffer {
  const out: Buffer[] = [];
  let pos = 0;
  for (;;) {
    const eol = raw.indexOf("\r\n", pos);
    if (eol < 0) throw new S3Error(400, "IncompleteBody", "malformed aws-chunked body");
    const size = parseInt(raw.subarray(pos, eol).toString("latin1").split(";")[0]!, 16);
    if (!Number.isFinite(size)) throw new S3Error(400, "IncompleteBody", "malformed aws-chunked size");
    pos = eol + 2;
    if (size === 0) return Buffer.concat(out);
    out.push(raw.subarray(pos, pos + size));
    pos += size + 2;
  }
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
  const raw = Buffer.concat(chunks);
  const encoding = String(req.headers["content-encoding"] ?? "");
  const sha = String(req.headers["x-amz-content-sha256"] ?? "");
  return encoding.includes("aws-chunked") || sha.startsWith("STREAMING-") ? decodeAwsChunked(raw) : raw;
}

function metadataOf(req: http.IncomingMessage): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith("x-amz-meta-") && typeof value === "string") meta[name.slice("x-amz-meta-".length)] = value;
  }
  return meta;
}

function objectHeaders(o: StoredObject): Record<string, string> {
  const h: Record<string, string> = {
    "content-length": String(o.body.length),
    "content-type": o.contentType,
    etag: `"${o.etag}"`,
    "last-modified": o.lastModified.toUTCString(),
    "accept-ranges": "bytes",
  };
  for (const [k, v] of Object.entries(o.metadata)) h[`x-amz-meta-${k}`] = v;
  return h;
}

export async function startS3Server(options: { buckets: string[] }): Promise<TestS3Server> {
  const buckets = new Map<string, Map<string, StoredObject>>(options.buckets.map((b) => [b, new Map()]));
  const uploads = new Map<string, MultipartUpload>();
  const requests: string[] = [];

  const state: Pick<TestS3Server, "denyDelete"> = { denyDelete: () => false };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const q = url.searchParams;
    const [, bucketName = "", ...rest] = url.pathname.split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const bucket = buckets.get(decodeURIComponent(bucketName));
    if (!bucket) throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist");
    const method = req.method ?? "GET";

    const send = (status: number, headers: Record<string, string>, body?: string | Buffer) => {
      res.writeHead(status, headers);
      res.end(method === "HEAD" ? undefined : body);
    };
    const sendXml = (root: string, inner: string) => send(200, { "content-type": "application/xml" }, xml(root, inner));

    if (!key) {
      if (method === "GET" && q.get("list-type") === "2") {
        if (q.get("delimiter")) throw new S3Error(501, "NotImplemented", "delimiter is not supported by the test server");
        const prefix = q.get("prefix") ?? "";
        const maxKeys = Math.min(1000, Number(q.get("max-keys") ?? 1000));
        const token = q.get("continuation-token");
        const after = token ? Buffer.from(token, "base64url").toString("utf8") : (q.get("start-after") ?? "");
        const keys = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, maxKeys);
        const truncated = keys.length > page.length;
        const contents = page
          .map((k) => {
            const o = bucket.get(k)!;
            return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>"${o.etag}"</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join("");
        return sendXml(
          "ListBucketResult",
          `<Name>${xmlEscape(bucketName)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
            (token ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : "") +
            (truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString("base64url")}</NextContinuationToken>` : "") +
            contents,
        );
      }
      if (method === "POST" && q.has("delete")) {
        const body = (await readBody(req)).toString("utf8");
        const quiet = tagValues(body, "Quiet")[0] === "true";
        const keys = [...body.matchAll(/<Object>([\s\S]*?)<\/Object>/g)].map((m) => tagValues(m[1]!, "Key")[0] ?? "");
        if (keys.length > 1000) throw new S3Error(400, "MalformedXML", "more than 1000 keys in one DeleteObjects request");
        let inner = "";
        for (const k of keys) {
          if (state.denyDelete(k)) {
            inner += `<Error><Key>${xmlEscape(k)}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`;
            continue;
          }
          bucket.delete(k);
          if (!quiet) inner += `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`;
        }
        return sendXml("DeleteResult", inner);
      }
      throw new S3Error(501, "NotImplemented", `bucket operation not supported: ${method} ${url.search}`);
    }

    if (method === "POST" && q.has("uploads")) {
      await readBody(req);
      const uploadId = randomUUID();
      uploads.set(uploadId, {
        bucket: bucketName,
        key,
        contentType: String(req.headers["content-type"] ?? "application/octet-stream"),
        metadata: metadataOf(req),
        parts: new Map(),
      });
      return sendXml(
        "InitiateMultipartUploadResult",
        `<Bucket>${xmlEscape(bucketName)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId>`,
      );
    }

    const uploadId = q.get("uploadId");
    if (uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) throw new S3Error(404, "NoSuchUpload", "The specified upload does not exist");
      if (method === "PUT" && q.has("partNumber")) {
        const body = await readBody(req);
        const etag = md5(body);
        upload.parts.set(Number(q.get("partNumber")), { body, etag });
        return send(200, { etag: `"${etag}"` }, "");
      }
      if (method === "POST") {
        const body = (await readBody(req)).toString("utf8");
        const numbers = tagValues(body, "PartNumber").map(Number);
        if (numbers.length === 0) throw new S3Error(400, "MalformedXML", "no parts");
        const parts = numbers.map((n, i) => {
          const part = upload.parts.get(n);
          if (!part) throw new S3Error(400, "InvalidPart", `part ${n} was not uploaded`);
          if (i > 0 && n <= numbers[i - 1]!) throw new S3Error(400, "InvalidPartOrder", "parts must be ascending");
          return part;
        });
        const etag = `${md5(Buffer.concat(parts.map((p) => Buffer.from(p.etag, "hex"))))}-${parts.length}`;
        bucket.set(key, {
          body: Buffer.concat(parts.map((p) => p.body)),
          etag,
          lastModified: new Date(),
          contentType: upload.contentType,
          metadata: upload.metadata,
        });
        uploads.delete(uploadId);
        return sendXml(
          "CompleteMultipartUploadResult",
          `<Bucket>${xmlEscape(bucketName)}</Bucket><Key>${xmlEscape(key)}</Key><ETag>"${etag}"</ETag>`,
        );
      }
      if (method === "DELETE") {
        uploads.delete(uploadId);
        return send(204, {});
      }
    }

    switch (method) {
      case "PUT": {
        if (req.headers["x-amz-copy-source"]) throw new S3Error(501, "NotImplemented", "CopyObject is not supported");
        const body = await readBody(req);
        const etag = md5(body);
        bucket.set(key, {
          body,
          etag,
          lastModified: new Date(),
          contentType: String(req.headers["content-type"] ?? "application/octet-stream"),
          metadata: metadataOf(req),
        });
        return send(200, { etag: `"${etag}"` }, "");
      }
      case "GET":
      case "HEAD": {
        const o = bucket.get(key);
        if (!o) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.");
        return send(200, objectHeaders(o), o.body);
      }
      case "DELETE":
        bucket.delete(key);
        return send(204, {});
    }
    throw new S3Error(501, "NotImplemented", `object operation not supported: ${method} ${url.search}`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const e = err instanceof S3Error ? err : new S3Error(500, "InternalError", String(err));
      if (res.headersSent) return res.destroy();
      res.writeHead(e.status, { "content-type": "application/xml" });
      res.end(req.method === "HEAD" ? undefined : xml("Error", `<Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message>`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    buckets,
    requests,
    get denyDelete() {
      return state.denyDelete;
    },
    set denyDelete(fn) {
      state.denyDelete = fn;
    },
    uploadsInProgress: () => uploads.size,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
