// Endpoint contracts: one declaration per METHOD + path, shared by the route handler (validation,
// auth, maintenance category), the OpenAPI document and the tests.
import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { UsageFeature } from "@/lib/usage/features";

export const ENDPOINT_CATEGORIES = [
  "agents",
  "ask",
  "auth",
  "billing",
  "credits",
  "extract",
  "facets",
  "files",
  "keys",
  "models",
  "parse",
  "search",
  "storage",
  "system",
  "tags",
  "usage",
  "workspaces",
] as const;
export type EndpointCategory = (typeof ENDPOINT_CATEGORIES)[number];

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type BodyKind = "json" | "form" | "multipart";

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
}

export interface EndpointDef<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/v3/workspaces/{id}`. */
  path: string;
  summary: string;
  description?: string;
  /** OpenAPI tag (grouping in the docs). */
  tag: string;
  /** Maintenance category; `null` for endpoints never blocked (system status). */
  category: EndpointCategory | null;
  auth: "required" | "optional" | "none";
  /** Unverified e-mail addresses may call this endpoint. */
  allowUnverified?: boolean;
  /** Exempt from per-key rate limiting (health checks). */
  noRateLimit?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Accepted request encodings for `body` (default: json). */
  bodyKinds?: readonly BodyKind[];
  /**
   * The handler reads the body itself (streamed uploads); `bodyByKind` documents it per media type.
   * The wrapper then neither reads nor validates the body.
   */
  rawBody?: boolean;
  bodyByKind?: Partial<Record<BodyKind, z.ZodType>>;
  /** Request body limit in bytes (default: MAX_JSON_BODY_BYTES). */
  maxBodyBytes?: number;
  /** Body is optional (an empty request is parsed as `{}`). */
  bodyOptional?: boolean;
  responses: Record<number, ResponseDoc>;
  /** Documented error codes beyond the generic ones (401, 422, 429, 500, 503). */
  errors?: readonly ErrorCode[];
  /** Marked alpha in the docs. */
  alpha?: boolean;
  /**
   * The billable feature this endpoint meters: spending limits (lib/billing/enforce.ts) are checked
   * before the handler runs, so an exhausted budget refuses the call and reads keep working.
   */
  metered?: UsageFeature;
}

/** Keeps the literal type of the definition so handlers get exact params/query/body/principal types. */
export function defineEndpoint<const D extends EndpointDef>(def: D): D {
  return def;
}
