// Response helpers and the v3 error envelope.
import { env } from "@/lib/env";
import { type AppError, errorDocAnchor } from "@/lib/errors";
import { errorHeaders, httpStatus } from "./error-status";

export interface ApiResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const ok = (body: unknown, headers?: Record<string, string>): ApiResult => ({ status: 200, body, headers });
export const created = (body: unknown, headers?: Record<string, string>): ApiResult => ({ status: 201, body, headers });
export const accepted = (body: unknown, headers?: Record<string, string>): ApiResult => ({ status: 202, body, headers });
export const noContent = (): ApiResult => ({ status: 204 });

/** Public origin: APP_URL when configured, else the origin the client used (proxy headers honoured). */
export function baseUrl(req: Request): string {
  const configured = env().APP_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const url = new URL(req.url);
  const host = req.headers.get("x-forwarded-host")?.split(",")[0].trim() || req.headers.get("host") || url.host;
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0].trim() || url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

/** The host the client asked for (proxy header honoured), as sent: case and port untouched. */
export function requestHost(req: Request): string {
  return req.headers.get("x-forwarded-host")?.split(",")[0] || req.headers.get("host") || new URL(req.url).host;
}

export function docUrl(req: Request, code: string): string {
  return `${baseUrl(req)}/docs#${errorDocAnchor(code)}`;
}

export function errorEnvelope(req: Request, err: AppError) {
  const status = httpStatus(err);
  return {
    id: err.options.id === undefined || err.options.id === null ? null : String(err.options.id),
    code: status,
    error: err.code,
    detail: err.detail,
    doc_url: docUrl(req, err.code),
    ...(err.options.index !== undefined ? { index: err.options.index } : {}),
    ...(status === 422 ? { fields: err.options.fields ?? {} } : {}),
  };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

export function errorResponse(req: Request, err: AppError, headers: Record<string, string> = {}): Response {
  return jsonResponse(httpStatus(err), errorEnvelope(req, err), { ...headers, ...errorHeaders(err) });
}
