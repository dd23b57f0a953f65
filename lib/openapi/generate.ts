// The OpenAPI 3.1 document, generated from the endpoint contracts (lib/contracts) with zod's own
// z.toJSONSchema (see ./json-schema.ts). Deterministic: the same contracts and base URL always give the
// same bytes, which the docs page, the cache of the route and the coverage test rely on.
import { allEndpoints, endpointGroups } from "@/lib/contracts";
import { ZErrorEnvelope, ZMaintenanceError } from "@/lib/contracts/common";
import { DATASOURCE_TYPE_SCHEMAS } from "@/lib/contracts/datasources";
import type { BodyKind, EndpointDef } from "@/lib/contracts/endpoint";
import { ERROR_CATALOGUE, type ErrorCode, errorDocAnchor } from "@/lib/errors";
import { HTTP_STATUS } from "@/lib/http/error-status";
import { type JsonSchema, SCHEMA_REF, SchemaCollector } from "./json-schema";

export type { JsonSchema } from "./json-schema";

export const API_TITLE = "DocIntel API";
export const API_VERSION = "3.15.0";

export interface ParameterObject {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}
export interface MediaTypeObject {
  schema?: JsonSchema;
  examples?: Record<string, { $ref: string }>;
}
export interface ResponseObject {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, MediaTypeObject>;
  "x-error-codes"?: string[];
}
export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
  "x-auth": EndpointDef["auth"];
  "x-maintenance-category": string | null;
  "x-rate-limited": boolean;
  "x-alpha"?: true;
}
export interface ErrorCodeEntry {
  code: string;
  status: number;
  area: string;
  title: string;
  anchor: string;
}
export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    securitySchemes: Record<string, unknown>;
    headers: Record<string, unknown>;
    examples: Record<string, { summary: string; value: unknown }>;
    schemas: Record<string, JsonSchema>;
  };
  "x-error-codes": ErrorCodeEntry[];
}

const HEADER_REF = "#/components/headers/";
const EXAMPLE_REF = "#/components/examples/";
/** Mirrors UNBLOCKABLE_CATEGORY of lib/system/maintenance-periods (not imported: it loads the database client). */
export const NEVER_BLOCKED_CATEGORY = "system";
const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const MEDIA: Record<BodyKind, string> = { json: "application/json", form: "application/x-www-form-urlencoded", multipart: "multipart/form-data" };

const TAG_DESCRIPTIONS: Record<string, string> = {
  System: "Health, maintenance periods, announcements and this document.",
  Authentication: "Company detection before login.",
  "API keys": "Keys for the `Authorization: Bearer` header; the secret is shown once.",
  Workspaces: "Access-controlled document collections and their members.",
};

const INFO_DESCRIPTION = [
  "The v3 HTTP API of DocIntel: parse, extract, search and ask over documents in access-controlled workspaces.",
  "",
  "**Authentication**: send an API key as `Authorization: Bearer <API key>`.",
  "",
  "**Errors** share one envelope: `id` (resource or job id, or null), `code` (HTTP status), `error` (machine-readable code), `detail` (human-readable), `doc_url` (link to the code's entry in these docs), `fields` on 422 (field → list of `{error, detail}`) and `index` on batch errors (0-based failing action).",
  "",
  "**Input**: strings must not contain NUL characters or unpaired UTF-16 surrogates, JSON bodies must not nest deeper than 64 levels nor use `__proto__` as a key, and ids (in paths, queries and bodies) are decimal integers from 1 to 2147483647; anything else is a 422 `validation_error` naming the field.",
  "",
  "**Methods**: a method the path does not have answers 405 `method_not_allowed` with the error envelope and an `Allow` header listing the path's methods.",
  "",
  "**Rate limits**: responses carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`; a 429 adds `Retry-After`. Requests with invalid, revoked or expired credentials are also counted per client address, on every endpoint, and answer 429 `too_many_requests` once over that budget.",
  "",
  "**Maintenance**: a blocked endpoint answers 503 with the `MaintenanceError` body (not the error envelope) and `Retry-After`.",
].join("\n");

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const responseContext = (opId: string, status: string) => `${upperFirst(opId)}Response${status}`;

function operationIds(): Map<EndpointDef, string> {
  const ids = new Map<EndpointDef, string>();
  for (const [group, defs] of Object.entries(endpointGroups)) {
    for (const [name, def] of Object.entries(defs)) ids.set(def, `${group}${upperFirst(name)}`);
  }
  return ids;
}

function fallbackOperationId(def: EndpointDef): string {
  const words = def.path
    .replace(/^\/api\/v3\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return def.method.toLowerCase() + words.map(upperFirst).join("");
}

function parameters(c: SchemaCollector, def: EndpointDef, opId: string): ParameterObject[] {
  const out: ParameterObject[] = [];
  for (const where of ["path", "query"] as const) {
    const schema = where === "path" ? def.params : def.query;
    if (!schema) continue;
    const obj = c.deref(c.convert(schema, "input", `${upperFirst(opId)}${upperFirst(where)}`));
    const required = new Set((obj.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((obj.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = prop;
      out.push({
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

/** Every error an endpoint can answer with: the wrapper's generic ones, then its documented codes. */
function errorCodes(def: EndpointDef): ErrorCode[] {
  const hasInput = !!(def.params || def.query || def.body);
  const codes: ErrorCode[] = [];
  if (def.body) codes.push("bad_request");
  if (def.auth === "required") codes.push("unauthorized");
  if (def.auth !== "none" && !def.allowUnverified) codes.push("email_verification_required");
  if (def.body) codes.push("payload_too_large", "unsupported_media_type");
  if (hasInput) codes.push("validation_error");
  if (!def.noRateLimit) codes.push("too_many_requests");
  codes.push("internal_server_error");
  if (def.category && def.category !== NEVER_BLOCKED_CATEGORY) codes.push("service_maintenance");
  // Metered endpoints are refused by the wrapper once a budget or the free-tier credits are used up.
  if (def.metered) codes.push("budget_exhausted", "credits_exhausted");
  for (const code of def.errors ?? []) if (!codes.includes(code)) codes.push(code);
  return codes;
}

function errorExample(code: ErrorCode, base: string): unknown {
  const { title } = ERROR_CATALOGUE[code];
  const status = HTTP_STATUS[code];
  if (code === "service_maintenance") {
    return {
      detail: "The service is under maintenance.",
      error: code,
      mode: "full_shutdown",
      reason: "Database upgrade",
      started_at: "2025-01-01T00:00:00.000Z",
      endpoint_category_names: [],
    };
  }
  return {
    id: null,
    code: status,
    error: code,
    detail: `${title}.`,
    doc_url: `${base}/docs#${errorDocAnchor(code)}`,
    ...(status === 422 ? { fields: code === "validation_error" ? { name: [{ error: "required", detail: "This field is required." }] } : {} } : {}),
  };
}

function errorResponses(def: EndpointDef, _base: string): Record<string, ResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(def)) {
    const status = HTTP_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, ResponseObject> = {};
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const maintenance = codes.includes("service_maintenance");
    const envelope = codes.some((code) => code !== "service_maintenance");
    const schema =
      maintenance && envelope
        ? { oneOf: [{ $ref: `${SCHEMA_REF}MaintenanceError` }, { $ref: `${SCHEMA_REF}Error` }] }
        : { $ref: SCHEMA_REF + (maintenance ? "MaintenanceError" : "Error") };
    const headers: Record<string, { $ref: string }> = { "X-Request-Id": { $ref: `${HEADER_REF}X-Request-Id` } };
    if (status === 401) headers["WWW-Authenticate"] = { $ref: `${HEADER_REF}WWW-Authenticate` };
    if (status === 429) {
      for (const h of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) headers[h] = { $ref: HEADER_REF + h };
    }
    if (status === 429 || maintenance) headers["Retry-After"] = { $ref: `${HEADER_REF}Retry-After` };
    out[String(status)] = {
      description: codes.map((code) => `${ERROR_CATALOGUE[code].title} (\`${code}\`)`).join("; "),
      headers,
      content: {
        "application/json": {
          schema,
          examples: Object.fromEntries(codes.map((code) => [code, { $ref: EXAMPLE_REF + code }])),
        },
      },
      "x-error-codes": codes,
    };
  }
  return out;
}

function successHeaders(def: EndpointDef): Record<string, { $ref: string }> {
  const headers: Record<string, { $ref: string }> = { "X-Request-Id": { $ref: `${HEADER_REF}X-Request-Id` } };
  if (!def.noRateLimit) for (const h of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) headers[h] = { $ref: HEADER_REF + h };
  return headers;
}

function operation(c: SchemaCollector, def: EndpointDef, opId: string, base: string): OperationObject {
  const responses: Record<string, ResponseObject> = {};
  for (const [status, doc] of Object.entries(def.responses)) {
    const res: ResponseObject = { description: doc.description, headers: successHeaders(def) };
    if (doc.schema)
      res.content = { [doc.contentType ?? "application/json"]: { schema: c.convert(doc.schema, "output", responseContext(opId, status)) } };
    else if (status !== "204" && status !== "304") res.content = { [doc.contentType ?? "application/json"]: {} };
    responses[status] = res;
  }
  Object.assign(responses, errorResponses(def, base));
  const params = parameters(c, def, opId);
  const op: OperationObject = {
    operationId: opId,
    summary: def.alpha && !/\(alpha\)/i.test(def.summary) ? `${def.summary} (alpha)` : def.summary,
    ...(def.description ? { description: def.description } : {}),
    tags: [def.tag],
    ...(def.auth === "required" ? { security: [{ bearerAuth: [] }] } : def.auth === "optional" ? { security: [{ bearerAuth: [] }, {}] } : {}),
    ...(params.length ? { parameters: params } : {}),
    responses,
    "x-auth": def.auth,
    "x-maintenance-category": def.category,
    "x-rate-limited": !def.noRateLimit,
    ...(def.alpha ? { "x-alpha": true as const } : {}),
  };
  if (def.bodyByKind) {
    // Endpoints whose body differs by encoding (e.g. multipart upload vs JSON with a URL).
    const content = Object.entries(def.bodyByKind).map(([k, zs]) => [
      MEDIA[k as BodyKind],
      { schema: c.convert(zs!, "input", `${upperFirst(opId)}${upperFirst(k)}Body`) },
    ]);
    op.requestBody = { required: !def.bodyOptional, content: Object.fromEntries(content) };
  } else if (def.body) {
    const schema = c.convert(def.body, "input", `${upperFirst(opId)}Body`);
    const kinds = def.bodyKinds ?? ["json"];
    op.requestBody = { required: !def.bodyOptional, content: Object.fromEntries(kinds.map((k) => [MEDIA[k], { schema }])) };
  }
  return op;
}

const HEADERS = {
  "X-Request-Id": { description: "Identifier of this request, also written to the server log.", schema: { type: "string" } },
  "X-RateLimit-Limit": { description: "Requests allowed per window (when rate limiting is enabled).", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "Unix time (seconds) at which the window resets.", schema: { type: "integer" } },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
  "WWW-Authenticate": { description: "Authentication scheme: `Bearer`.", schema: { type: "string" } },
};

export function errorCatalogueEntries(): ErrorCodeEntry[] {
  return Object.entries(ERROR_CATALOGUE).map(([code, e]) => ({
    code,
    status: HTTP_STATUS[code as ErrorCode],
    area: e.area,
    title: e.title,
    anchor: errorDocAnchor(code),
  }));
}

/** The OpenAPI document of every contract in lib/contracts; `baseUrl` fills `servers` and example `doc_url`s. */
export function generateOpenApi(baseUrl?: string): OpenApiDocument {
  const base = (baseUrl ?? "").replace(/\/+$/, "");
  const c = new SchemaCollector();
  const ids = operationIds();
  const defs = [...new Set(allEndpointsSorted())];
  // Output schemas first, so that input conversions can tell whether a component reads differently.
  c.convert(ZErrorEnvelope, "output", "Error");
  c.convert(ZMaintenanceError, "output", "MaintenanceError");
  // Datasource settings, secrets and filters are free-form JSON in the endpoints (validated per type by the
  // server): each type's shapes are components of their own, named in those fields' descriptions.
  for (const schemas of Object.values(DATASOURCE_TYPE_SCHEMAS)) {
    for (const schema of [schemas.settings, schemas.secrets, schemas.filter]) if (schema) c.convert(schema, "input", "DatasourceShape");
  }
  for (const def of defs) {
    for (const [status, doc] of Object.entries(def.responses)) {
      if (doc.schema) c.convert(doc.schema, "output", responseContext(ids.get(def) ?? fallbackOperationId(def), status));
    }
  }

  const paths: OpenApiDocument["paths"] = {};
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const def of defs) {
    const opId = ids.get(def) ?? fallbackOperationId(def);
    if (seen.has(opId)) throw new Error(`OpenAPI: duplicate operationId "${opId}"`);
    seen.add(opId);
    if (!tags.includes(def.tag)) tags.push(def.tag);
    const item = (paths[def.path] ??= {});
    const method = def.method.toLowerCase();
    if (item[method]) throw new Error(`OpenAPI: ${def.method} ${def.path} is declared twice`);
    item[method] = operation(c, def, opId, base);
  }

  return {
    openapi: "3.1.0",
    info: { title: API_TITLE, version: API_VERSION, description: INFO_DESCRIPTION },
    servers: [{ url: base || "/", description: "This instance" }],
    tags: tags.map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `Authorization: Bearer <API key>`." },
      },
      headers: HEADERS,
      examples: Object.fromEntries(
        Object.entries(ERROR_CATALOGUE).map(([code, e]) => [code, { summary: e.title, value: errorExample(code as ErrorCode, base) }]),
      ),
      schemas: Object.fromEntries(Object.entries(c.schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    },
    "x-error-codes": errorCatalogueEntries(),
  };
}

/** Endpoints by path, then method, so that adding a contract file never reorders the rest. */
function allEndpointsSorted(): EndpointDef[] {
  return [...allEndpoints()].sort((a, b) =>
    a.path === b.path ? METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) : a.path < b.path ? -1 : 1,
  );
}
