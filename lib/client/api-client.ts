// Browser-side fetch wrapper for /api/v3: same-origin session cookie, JSON in and out, and the v3 error
// envelope turned into an ApiError that pages can show (detail) and forms can map onto fields (fields).
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

  constructor(init: { status: number; code: string; detail: string; fields?: Record<string, ApiFieldError[]>; id?: string | null; docUrl?: string | null }) {
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

export const apiClient = {
  get: <T>(path: string, opts?: Omit<RequestOptions, "body">) => apiRequest<T>("GET", path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>("POST", path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>("PUT", path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>("PATCH", path, { ...opts, body }),
  delete: <T = void>(path: string, opts?: RequestOptions) => apiRequest<T>("DELETE", path, opts),
};
