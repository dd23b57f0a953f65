// The error vocabulary of the domain: every machine-readable code of the v3 catalogue with its title and area.
// Use cases, engines and providers throw AppError(code, detail); nothing here knows about HTTP. The transport
// (lib/http/error-status.ts) maps each code to a status and headers and renders the v3 envelope.

export const ERROR_CATALOGUE = {
  // General codes
  bad_request: { title: "Bad request", area: "General" },
  unauthorized: { title: "Unauthorized", area: "General" },
  email_verification_required: { title: "E-mail verification required", area: "General" },
  insufficient_permissions: { title: "Insufficient permissions", area: "General" },
  not_found: { title: "Not found", area: "General" },
  method_not_allowed: { title: "Method not allowed", area: "General" },
  conflict: { title: "Conflict", area: "General" },
  payload_too_large: { title: "Payload too large", area: "General" },
  unsupported_media_type: { title: "Unsupported media type", area: "General" },
  content_filtered: { title: "Content filtered", area: "General" },
  context_length_exceeded: { title: "Context length exceeded", area: "General" },
  validation_error: { title: "Validation error", area: "General" },
  too_many_requests: { title: "Too many requests", area: "General" },
  internal_server_error: { title: "Internal server error", area: "General" },
  model_unavailable: { title: "Model unavailable", area: "General" },
  model_timeout: { title: "Model timeout", area: "General" },
  service_maintenance: { title: "Service maintenance", area: "General" },
  // Billing (issue 8: not in the spec's catalogue; 403 because the caller may not spend more, 402 is not used by v3)
  budget_exhausted: { title: "Budget exhausted", area: "Billing" },
  credits_exhausted: { title: "Free-tier credits exhausted", area: "Billing" },
  // Extract
  extraction_failed: { title: "Extraction failed", area: "Extract" },
  extraction_timeout: { title: "Extraction timeout", area: "Extract" },
  extraction_upstream_error: { title: "Extraction upstream error", area: "Extract" },
  invalid_page: { title: "Invalid page", area: "Extract" },
  page_out_of_range: { title: "Page out of range", area: "Extract" },
  document_file_not_found: { title: "Document file not found", area: "Extract" },
  // Facets
  attribute_name_conflict: { title: "Attribute name conflict", area: "Facets" },
  attribute_name_reserved: { title: "Attribute name reserved", area: "Facets" },
  attribute_type_immutable: { title: "Attribute type immutable", area: "Facets" },
  attribute_value_invalid: { title: "Attribute value invalid", area: "Facets" },
  content_type_depth_exceeded: { title: "Content type depth exceeded", area: "Facets" },
  content_type_not_assigned: { title: "Content type not assigned", area: "Facets" },
  content_type_not_found: { title: "Content type not found", area: "Facets" },
  content_type_sibling_conflict: { title: "Content type sibling conflict", area: "Facets" },
  content_type_unknown: { title: "Content type unknown", area: "Facets" },
  // Files
  upload_session_expired: { title: "Upload session expired", area: "Files" },
  upload_session_not_found: { title: "Upload session not found", area: "Files" },
  STORAGE_LIMIT_REACHED: { title: "Storage limit reached", area: "Files" },
  UPLOADS_DISABLED: { title: "Uploads disabled", area: "Files" },
  // Parse
  ambiguous_input: { title: "Ambiguous input", area: "Parse" },
  missing_input: { title: "Missing input", area: "Parse" },
  no_file: { title: "No file", area: "Parse" },
  file_rendering_failed: { title: "File rendering failed", area: "Parse" },
  invalid_model: { title: "Invalid model", area: "Parse" },
  invalid_page_range: { title: "Invalid page range", area: "Parse" },
  max_pages_exceeded: { title: "Max pages exceeded", area: "Parse" },
  max_pages_per_request_exceeded: { title: "Max pages per request exceeded", area: "Parse" },
  ocr_concurrent_limit: { title: "OCR concurrent limit", area: "Parse" },
  unsupported_file_format: { title: "Unsupported file format", area: "Parse" },
  vlm_error: { title: "Vision-language model error", area: "Parse" },
  vlm_unavailable: { title: "Vision-language model unavailable", area: "Parse" },
  // Preview
  unsupported_format: { title: "Unsupported format", area: "Preview" },
  // Search
  search_backend_unavailable: { title: "Search backend unavailable", area: "Search" },
  // Workspaces
  datasource_connection_failed: { title: "Datasource connection failed", area: "Workspaces" },
  filedrive_folder_inaccessible: { title: "Drive folder inaccessible", area: "Workspaces" },
  sitehost_site_not_found: { title: "Site not found", area: "Workspaces" },
  unknown_provider: { title: "Unknown provider", area: "Workspaces" },
  workspace_already_synced: { title: "Workspace already synced", area: "Workspaces" },
  workspace_has_datasource: { title: "Workspace has datasource", area: "Workspaces" },
  workspace_has_documents: { title: "Workspace has documents", area: "Workspaces" },
} as const satisfies Record<string, { title: string; area: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Field-level error codes used inside `fields` of a 422. */
export type FieldErrorCode = "required" | "invalid_choice" | "invalid" | "content_filtered" | "context_length_exceeded" | "too_large" | "too_small";

export interface FieldError {
  error: FieldErrorCode | string;
  detail: string;
}

export interface AppErrorOptions {
  fields?: Record<string, FieldError[]>;
  /** 0-based position of the failing action in a /batch request. */
  index?: number;
  /** Resource or job id the error is about. */
  id?: string | number | null;
  /**
   * The failure is an upstream service answering with an error (a model provider's 5xx or malformed reply),
   * rather than the service being unreachable or unconfigured. Transports may report the two differently.
   */
  upstream?: boolean;
  /** When the caller may try again (rate limits, busy engines). */
  retryAfterSeconds?: number;
}

/** Marks an AppError whichever copy of this module made it (see AppError's Symbol.hasInstance). */
const APP_ERROR = Symbol.for("docintel.AppError");

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly options: AppErrorOptions;

  /**
   * `instanceof AppError` holds for an AppError made by another copy of this module: Next.js bundles lib/ into
   * more than one server bundle, and an error made in one (the document-worker pool, a globalThis singleton,
   * rebuilds a converter's AppError there) was not an instance of another's class — a damaged document's 400
   * came out as 500 file_rendering_failed under `next start`.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[APP_ERROR] === true;
  }

  constructor(code: ErrorCode, detail?: string, options: AppErrorOptions = {}) {
    super(detail ?? ERROR_CATALOGUE[code].title);
    this.name = "AppError";
    this.code = code;
    this.detail = detail ?? ERROR_CATALOGUE[code].title;
    this.options = options;
    Object.defineProperty(this, APP_ERROR, { value: true });
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found.`);
export const forbidden = (detail = "Your role does not allow this operation.") => new AppError("insufficient_permissions", detail);

/** A 422 for a single field. */
export function fieldError(field: string, detail: string, error: FieldErrorCode = "invalid"): AppError {
  return new AppError("validation_error", `Invalid value for "${field}": ${detail}`, {
    fields: { [field]: [{ error, detail }] },
  });
}

/** Anchor of an error code in the API reference (the docs page lists the catalogue). */
export function errorDocAnchor(code: string): string {
  return `error-${code.toLowerCase().replace(/_/g, "-")}`;
}
