// Test support: a local node:http server on 127.0.0.1:0 standing in for a remote model API (OpenAI-compatible
// chat/embeddings, Cohere/TEI rerank). The handler sees the parsed JSON body and answers through `reply`;
// tests choose behaviour by model name or a mode variable. Used by lib/ai/** unit tests and tests/api/**.
// Test-only: nothing outside *.test.ts imports this module.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect } from "vitest";

export interface FakeRequest<B> {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  path: string;
  /** The Authorization header, if any. */
  auth?: string;
  /** The body parsed as JSON (undefined when empty). */
  body: B;
}

export interface FakeReply {
  /** Answers `status` with a JSON body. */
  json(status: number, payload: unknown, headers?: Record<string, string>): void;
  /** The raw response, for streams (SSE) and hang-ups. */
  res: http.ServerResponse;
}

export type FakeHandler<B> = (req: FakeRequest<B>, reply: FakeReply) => unknown;

export interface FakeServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash or path. */
  url: string;
  /** Drops every open connection (hung requests, streams) but keeps listening. */
  closeAllConnections(): void;
  close(): Promise<void>;
}

export async function startFakeServer<B = any>(handle: FakeHandler<B>): Promise<FakeServer> {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const reply: FakeReply = {
        json(status, payload, headers = {}) {
          res.writeHead(status, { "content-type": "application/json", ...headers });
          res.end(JSON.stringify(payload));
        },
        res,
      };
      const request = {
        method: req.method ?? "GET",
        path: req.url ?? "",
        auth: req.headers.authorization,
        body: (raw ? JSON.parse(raw) : undefined) as B,
      };
      Promise.resolve()
        .then(() => handle(request, reply))
        .catch((err: unknown) => {
          if (!res.headersSent) res.writeHead(500);
          res.end(String(err));
        });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    closeAllConnections: () => server.closeAllConnections(),
    async close() {
      // Streams and hung requests left open by a test must not keep the server alive.
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** startFakeServer in beforeAll and close in afterAll of the enclosing suite; `url` is set once it listens. */
export function useFakeServer<B = any>(handle: FakeHandler<B>): { readonly url: string } {
  let server: FakeServer | undefined;
  beforeAll(async () => {
    server = await startFakeServer(handle);
  });
  afterAll(() => server?.close());
  return {
    get url() {
      if (!server) throw new Error("The fake server is not listening yet (use its url inside tests or hooks).");
      return server.url;
    },
  };
}

/** A base URL where nothing listens: a port reserved, then released. */
export async function unreachableUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  return `http://127.0.0.1:${port}`;
}

/** Awaits `p`, expects it to reject with an instance of `type`, and returns that error. */
export async function rejection<E>(p: Promise<unknown>, type: new (...args: any[]) => E): Promise<E> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(type);
  return err as E;
}
