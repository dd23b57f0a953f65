// The one error table: every machine-readable code of the v3 catalogue, its HTTP status and a title.
// Use cases throw AppError(code, detail); the route wrapper renders the v3 envelope.

export const ERROR_CATALOGUE = {
  // General codes
  bad_request: { status: 400, title: "Bad request", area: "General" },
  unauthorized: { status: 401, title: "Unauthorized", area: "General" },
  email_verification_required: { status: 403, title: "E-mail verification required", area: "General" },
  insufficient_permissions: { status: 403, title: "Insufficient permissions", area: "General" },
  not_found: { status: 404, title: "Not found", area: "General" },
  method_not_allowed: { status: 405, title: "Method not allowed", area: "General" },
  conflict: { status: 409, title: "Conflict", area: "General" },
  payload_too_large: { status: 413, title: "Payload too large", area: "General" },
  unsupported_media_type: { status: 415, title: "Unsupported media type", area: "General" },
  content_filtered: { status: 422, title: "Content filtered", area: "General" },
  context_length_exceeded: { status: 422, title: "Context length exceeded", area: "General" },
  validation_error: { status: 422, title: "Validation error", area: "General" },
  too_many_requests: { status: 429, title: "Too many requests", area: "General" },
  internal_server_error: { status: 500, title: "Internal server error", area: "General" },
  model_unavailable: { status: 503, title: "Model unavailable", area: "General" },
  model_timeout: { status: 504, title: "Model timeout", area: "General" },
  service_maintenance: { status: 503, title: "Service maintenance", area: "General" },
  // Billing (issue 8: not in the spec's catalogue; 403 because the caller may not spend more, 402 is not used by v3)
  budget_exhausted: { status: 403, title: "Budget exhausted", area: "Billing" },
  credits_exhausted: { status: 403, title: "Free-tier credits exhausted", area: "Billing" },
  // Extract
  extraction_failed: { status: 500, title: "Extraction failed", area: "Extract" },
  extraction_timeout: { status: 504, title: "Extraction timeout", area: "Extract" },
  extraction_upstream_error: { status: 502, title: "Extraction upstream error", area: "Extract" },
  invalid_page: { status: 400, title: "Invalid page", area: "Extract" },
  page_out_of_range: { status: 400, title: "Page out of range", area: "Extract" },
  document_file_not_found: { status: 404, title: "Document file not found", area: "Extract" },
  // Facets
  attribute_name_conflict: { status: 400, title: "Attribute name conflict", area: "Facets" },
  attribute_name_reserved: { status: 400, title: "Attribute name reserved", area: "Facets" },
  attribute_type_immutable: { status: 400, title: "Attribute type immutable", area: "Facets" },
  attribute_value_invalid: { status: 400, title: "Attribute value invalid", area: "Facets" },
  content_type_depth_exceeded: { status: 400, title: "Content type depth exceeded", area: "Facets" },
  content_type_not_assigned: { status: 404, title: "Content type not assigned", area: "Facets" },
  content_type_not_found: { status: 404, title: "Content type not found", area: "Facets" },
  content_type_sibling_conflict: { status: 400, title: "Content type sibling conflict", area: "Facets" },
  content_type_unknown: { status: 400, title: "Content type unknown", area: "Facets" },
  // Files
  upload_session_expired: { status: 400, title: "Upload session expired", area: "Files" },
  upload_session_not_found: { status: 404, title: "Upload session not found", area: "Files" },
  STORAGE_LIMIT_REACHED: { status: 400, title: "Storage limit reached", area: "Files" },
  UPLOADS_DISABLED: { status: 400, title: "Uploads disabled", area: "Files" },
  // Parse
  ambiguous_input: { status: 400, title: "Ambiguous input", area: "Parse" },
  missing_input: { status: 400, title: "Missing input", area: "Parse" },
  no_file: { status: 400, title: "No file", area: "Parse" },
  file_rendering_failed: { status: 500, title: "File rendering failed", area: "Parse" },
  invalid_model: { status: 400, title: "Invalid model", area: "Parse" },
  invalid_page_range: { status: 400, title: "Invalid page range", area: "Parse" },
  max_pages_exceeded: { status: 400, title: "Max pages exceeded", area: "Parse" },
  max_pages_per_request_exceeded: { status: 400, title: "Max pages per request exceeded", area: "Parse" },
  ocr_concurrent_limit: { status: 429, title: "OCR concurrent limit", area: "Parse" },
  unsupported_file_format: { status: 400, title: "Unsupported file format", area: "Parse" },
  vlm_error: { status: 502, title: "Vision-language model error", area: "Parse" },
  vlm_unavailable: { status: 503, title: "Vision-language model unavailable", area: "Parse" },
  // Preview
  unsupported_format: { status: 400, title: "Unsupported format", area: "Preview" },
  // Search
  search_backend_unavailable: { status: 500, title: "Search backend unavailable", area: "Search" },
  // Workspaces
  datasource_connection_failed: { status: 400, title: "Datasource connection failed", area: "Workspaces" },
  filedrive_folder_inaccessible: { status: 400, title: "Drive folder inaccessible", area: "Workspaces" },
  sitehost_site_not_found: { status: 400, title: "Site not found", area: "Workspaces" },
  unknown_provider: { status: 400, title: "Unknown provider", area: "Workspaces" },
  workspace_already_synced: { status: 400, title: "Workspace already synced", area: "Workspaces" },
  workspace_has_datasource: { status: 409, title: "Workspace has datasource", area: "Workspaces" },
  workspace_has_documents: { status: 400, title: "Workspace has documents", area: "Workspaces" },
} as const satisfies Record<string, { status: number; title: string; area: string }>;

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
  /** Override for codes that allow several statuses (model_unavailable: 502 or 503). */
  status?: number;
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly options: AppErrorOptions;

  constructor(code: ErrorCode, detail?: string, options: AppErrorOptions = {}) {
    super(detail ?? ERROR_CATALOGUE[code].title);
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? ERROR_CATALOGUE[code].status;
    this.detail = detail ?? ERROR_CATALOGUE[code].title;
    this.options = options;
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found.`);
export const forbidden = (detail = "Your role does not allow this operation.") =>
  new AppError("insufficient_permissions", detail);

/** A 422 for a single field. */
export function fieldError(field: string, detail: string, error: FieldErrorCode = "invalid"): AppError {
  return new AppError("validation_error", `Invalid value for "${field}": ${detail}`, {
    fields: { [field]: [{ error, detail }] },
  });
}

/** Anchor of an error code in the served API docs. */
export function errorDocAnchor(code: string): string {
  return `error-${code.toLowerCase().replace(/_/g, "-")}`;
}
