// Browser-side fetch wrapper for /api/v3: same-origin session cookie, JSON in and out, and the v3 error
// envelope turned into an ApiError that pages can show (detail) and forms can map onto fields (fields).
// Hooks call endpoints, not paths: callEndpoint(endpoints.files.get, { params: { id } }) takes method and
// path template from the endpoint (./endpoints.ts, checked against lib/contracts) and types params, query,
// body and the answer from its contract. Only types come from lib/contracts: its zod values stay out of
// the browser bundle.
import type { z } from "zod";
import type { EndpointDef } from "@/lib/contracts/endpoint";

export interface ApiFieldError {
  error: string;
  detail: string;
}

export class ApiError extends Error {
  readonly status: number;
  /** Machine-readable code from the envelope (`error`), e.g. `validation_error`; `network_error` when offline. */
  readonly code: string;
  readonly detail: string;
  readonly fields: Record<string, ApiFieldError[]>;
  readonly id: string | null;
  readonly docUrl: string | null;

  constructor(init: {
    status: number;
    code: string;
    detail: string;
    fields?: Record<string, ApiFieldError[]>;
    id?: string | null;
    docUrl?: string | null;
  }) {
    super(init.detail);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fields = init.fields ?? {};
    this.id = init.id ?? null;
    this.docUrl = init.docUrl ?? null;
  }

  /** First message for a form field (`fields` keys are dotted paths such as `settings.bind_dn`). */
  fieldMessage(field: string): string | undefined {
    return this.fields[field]?.[0]?.detail;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === "") continue;
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, String(one));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Parses an error response: the v3 envelope, the maintenance body (503) or anything else. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> | null = null;
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  if (body && typeof body.error === "string") {
    return new ApiError({
      status: res.status,
      code: body.error,
      detail: typeof body.detail === "string" ? body.detail : res.statusText,
      fields: (body.fields as Record<string, ApiFieldError[]>) ?? {},
      id: typeof body.id === "string" ? body.id : null,
      docUrl: typeof body.doc_url === "string" ? body.doc_url : null,
    });
  }
  return new ApiError({ status: res.status, code: `http_${res.status}`, detail: `The server answered ${res.status} ${res.statusText}.`.trim() });
}

export async function apiRequest<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { method, headers, body, signal: opts.signal, credentials: "same-origin" });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError({ status: 0, code: "network_error", detail: "The server could not be reached. Check your connection and try again." });
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("json") ? await res.json() : await res.text()) as T;
}

// ── endpoints ────────────────────────────────────────────────────────────────────────────────────

declare const contract: unique symbol;

/** An endpoint as the browser needs it: its contract's method and path template, and (as a type only) the contract. */
export interface EndpointRef<E extends EndpointDef = EndpointDef> {
  readonly method: E["method"];
  readonly path: E["path"];
  readonly [contract]?: E;
}

/** Names of the `{placeholders}` of a path template: `"/api/v3/workspaces/{id}/members/{user_id}"` → `"id" | "user_id"`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | PathParamNames<Rest> : never;

export type EndpointParams<E extends EndpointDef> = { [K in PathParamNames<E["path"]>]: string | number };

type QueryValue = Query[string];
/** The query an endpoint accepts: the keys of its contract's query schema, as they travel in the URL. */
export type EndpointQuery<E extends EndpointDef> = E extends { query: infer Q extends z.ZodType } ? { [K in keyof z.input<Q>]?: QueryValue } : never;

/** The request body: the input side of the contract's body schema; FormData for streamed multipart uploads. */
export type EndpointBody<E extends EndpointDef> = E extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : E extends { bodyByKind: { multipart: z.ZodType } }
    ? FormData
    : never;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
// biome-ignore lint/suspicious/noConfusingVoidType: a 204 resolves to nothing, as Promise<void>
type SchemaOutput<R> = R extends { schema: infer S extends z.ZodType } ? z.output<S> : void;
/** What a successful call resolves to: the output of the contract's 2xx response schemas (void for 204). */
export type EndpointResponse<E extends EndpointDef> = SchemaOutput<E["responses"][Extract<keyof E["responses"], SuccessStatus>]>;

/** The contract behind an endpoint of ./endpoints.ts, and the same helpers for it. */
export type ContractOf<R> = R extends EndpointRef<infer E> ? E : never;
export type QueryOf<R extends EndpointRef> = EndpointQuery<ContractOf<R>>;
export type BodyOf<R extends EndpointRef> = EndpointBody<ContractOf<R>>;
export type ResponseOf<R extends EndpointRef> = EndpointResponse<ContractOf<R>>;

type ParamsArg<E extends EndpointDef> = [PathParamNames<E["path"]>] extends [never] ? { params?: never } : { params: EndpointParams<E> };
type QueryArg<E extends EndpointDef> = [EndpointQuery<E>] extends [never] ? { query?: never } : { query?: EndpointQuery<E> };
type BodyArg<E extends EndpointDef> = [EndpointBody<E>] extends [never]
  ? { body?: never }
  : E extends { bodyOptional: true }
    ? { body?: EndpointBody<E> }
    : { body: EndpointBody<E> };

export type EndpointArgs<E extends EndpointDef> = ParamsArg<E> & QueryArg<E> & BodyArg<E> & Pick<RequestOptions, "headers" | "signal">;
/** The arguments may be left out when nothing in them is required. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends T` asks whether T has no required key
type ArgsTuple<E extends EndpointDef> = {} extends EndpointArgs<E> ? [args?: EndpointArgs<E>] : [args: EndpointArgs<E>];

/**
 * Fills a path template: each `{name}` becomes `params[name]`, URI-encoded. A missing (or empty) parameter
 * is a programming error and throws rather than requesting `/api/v3/files/undefined`.
 */
export function fillPath(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined || value === null || value === "") throw new TypeError(`Missing path parameter "${name}" for ${template}.`);
    return encodeURIComponent(String(value));
  });
}

/** The URL path of an endpoint, e.g. `endpointPath(endpoints.files.get, { id: 7 })` → `/api/v3/files/7`. */
export function endpointPath<E extends EndpointDef>(
  endpoint: EndpointRef<E>,
  ...[params]: [PathParamNames<E["path"]>] extends [never] ? [] : [params: EndpointParams<E>]
): string {
  return fillPath(endpoint.path, params as Record<string, string | number> | undefined);
}

/** Calls an endpoint with its contract's method; resolves with its 2xx answer, rejects with ApiError. */
export function callEndpoint<E extends EndpointDef>(endpoint: EndpointRef<E>, ...[args]: ArgsTuple<E>): Promise<EndpointResponse<E>> {
  const { params, query, body, headers, signal } = (args ?? {}) as RequestOptions & { params?: Record<string, string | number> };
  return apiRequest<EndpointResponse<E>>(endpoint.method, fillPath(endpoint.path, params), { query, body, headers, signal });
}
