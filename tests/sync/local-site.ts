// A real website on loopback for the crawler's tests: pages are plain data the test changes between runs;
// every page gets an ETag (its content hash) and honours If-None-Match; special pages redirect, fail or
// throttle. Every request is logged, with whether a body was sent.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SitePage {
  body?: string | Buffer;
  status?: number;
  contentType?: string;
  headers?: Record<string, string>;
  /** Answers 429 with this Retry-After (seconds) this many times before serving the page. */
  throttle?: { times: number; retryAfter: string };
  /** No ETag (the crawler then compares content hashes). */
  noEtag?: boolean;
}

export interface LocalSite {
  base: string;
  pages: Map<string, SitePage>;
  log: { path: string; status: number; body: boolean }[];
  close(): Promise<void>;
}

export async function startSite(): Promise<LocalSite> {
  const pages = new Map<string, SitePage>();
  const log: LocalSite["log"] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const page = pages.get(path);
    const send = (status: number, headers: Record<string, string>, body?: string | Buffer) => {
      log.push({ path, status, body: body !== undefined && status === 200 });
      res.writeHead(status, headers);
      res.end(body);
    };
    if (!page) return send(404, { "content-type": "text/html" }, "<h1>Not found</h1>");
    if (page.throttle && page.throttle.times > 0) {
      page.throttle.times--;
      return send(429, { "retry-after": page.throttle.retryAfter }, "slow down");
    }
    const status = page.status ?? 200;
    const headers: Record<string, string> = { "content-type": page.contentType ?? "text/html; charset=utf-8", ...page.headers };
    if (status !== 200) return send(status, headers, page.body ?? "");
    const body = page.body ?? "";
    if (!page.noEtag) {
      const etag = `"${createHash("sha1").update(body).digest("hex").slice(0, 16)}"`;
      headers.etag = etag;
      if (req.headers["if-none-match"] === etag) return send(304, { etag });
    }
    send(200, headers, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    pages,
    log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const html = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

/** A small valid one-page PDF with a line of text (xref offsets computed). */
export function tinyPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
