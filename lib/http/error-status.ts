// How the transport reports domain errors: each code of the catalogue (lib/errors.ts) has one HTTP status;
// a few options of AppError become headers. The v3 envelope itself is rendered in respond.ts.
import type { AppError, ErrorCode } from "@/lib/errors";

export const HTTP_STATUS = {
  // General codes
  bad_request: 400,
  unauthorized: 401,
  email_verification_required: 403,
  insufficient_permissions: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  content_filtered: 422,
  context_length_exceeded: 422,
  validation_error: 422,
  too_many_requests: 429,
  internal_server_error: 500,
  model_unavailable: 503,
  model_timeout: 504,
  service_maintenance: 503,
  // Billing (issue 8: not in the spec's catalogue; 403 because the caller may not spend more, 402 is not used by v3)
  budget_exhausted: 403,
  credits_exhausted: 403,
  // Extract
  extraction_failed: 500,
  extraction_timeout: 504,
  extraction_upstream_error: 502,
  invalid_page: 400,
  page_out_of_range: 400,
  document_file_not_found: 404,
  // Facets
  attribute_name_conflict: 400,
  attribute_name_reserved: 400,
  attribute_type_immutable: 400,
  attribute_value_invalid: 400,
  content_type_depth_exceeded: 400,
  content_type_not_assigned: 404,
  content_type_not_found: 404,
  content_type_sibling_conflict: 400,
  content_type_unknown: 400,
  // Files
  upload_session_expired: 400,
  upload_session_not_found: 404,
  STORAGE_LIMIT_REACHED: 400,
  UPLOADS_DISABLED: 400,
  // Parse
  ambiguous_input: 400,
  missing_input: 400,
  no_file: 400,
  file_rendering_failed: 500,
  invalid_model: 400,
  invalid_page_range: 400,
  max_pages_exceeded: 400,
  max_pages_per_request_exceeded: 400,
  ocr_concurrent_limit: 429,
  unsupported_file_format: 400,
  vlm_error: 502,
  vlm_unavailable: 503,
  // Preview
  unsupported_format: 400,
  // Search
  search_backend_unavailable: 500,
  // Workspaces
  datasource_connection_failed: 400,
  filedrive_folder_inaccessible: 400,
  sitehost_site_not_found: 400,
  unknown_provider: 400,
  workspace_already_synced: 400,
  workspace_has_datasource: 409,
  workspace_has_documents: 400,
} as const satisfies Record<ErrorCode, number>;

/** The HTTP status of an error: its code's status, 502 instead of 503 when an upstream answered with an error. */
export function httpStatus(err: AppError): number {
  if (err.code === "model_unavailable" && err.options.upstream) return 502;
  return HTTP_STATUS[err.code];
}

/** Headers an error carries on the wire. */
export function errorHeaders(err: AppError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (err.code === "unauthorized") headers["WWW-Authenticate"] = 'Bearer realm="api"';
  if (err.options.retryAfterSeconds !== undefined) headers["Retry-After"] = String(err.options.retryAfterSeconds);
  return headers;
}
