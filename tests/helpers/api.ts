// HTTP-level test client: builds real Requests and runs them through the route handlers.
import { dispatch } from "./router";

export const BASE = "http://localhost:3000";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Raw body (string/bytes/FormData/URLSearchParams) sent as is. */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: BodyInit | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await dispatch(new Request(BASE + path, { method, headers, body }));
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export const api = {
  get: <T = any>(path: string, opts?: CallOptions) => call<T>("GET", path, opts),
  post: <T = any>(path: string, opts?: CallOptions) => call<T>("POST", path, opts),
  put: <T = any>(path: string, opts?: CallOptions) => call<T>("PUT", path, opts),
  patch: <T = any>(path: string, opts?: CallOptions) => call<T>("PATCH", path, opts),
  delete: <T = any>(path: string, opts?: CallOptions) => call<T>("DELETE", path, opts),
};

/** Asserts the v3 error envelope and returns it. */
export function expectError(res: ApiResponse, status: number, code: string) {
  const b = res.body as Record<string, unknown>;
  if (res.status !== status || b?.error !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${res.text}`);
  }
  for (const k of ["id", "code", "error", "detail", "doc_url"]) {
    if (!(k in b)) throw new Error(`error envelope lacks "${k}": ${res.text}`);
  }
  if (b.code !== status) throw new Error(`envelope code ${b.code} != status ${status}`);
  return b as {
    id: string | null;
    code: number;
    error: string;
    detail: string;
    doc_url: string;
    fields?: Record<string, { error: string; detail: string }[]>;
    index?: number;
  };
}
