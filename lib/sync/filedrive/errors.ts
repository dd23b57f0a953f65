// Drive failures → the spec's datasource codes: an unreadable configured folder or shared drive is
// filedrive_folder_inaccessible; a key, token or API problem is datasource_connection_failed. Both name the
// step that failed (token, not found, permission, API) in their detail.
import { AppError } from "@/lib/errors";
import { DriveApiError } from "./client";

const DISABLED = /accessNotConfigured|SERVICE_DISABLED|has not been used|is disabled/i;

/** A failure on a configured folder or shared drive (what = "Folder 1abc…" / "Shared drive 0AB…"). */
export function rootFailure(err: unknown, what: string, email: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof DriveApiError) {
    if (err.status === 403 && DISABLED.test(`${err.reason} ${err.message}`)) {
      return new AppError("datasource_connection_failed", `Drive API step: the API is not enabled for the key's project (${err.message}).`);
    }
    if (err.status === 404) {
      return new AppError("filedrive_folder_inaccessible", `Not found: ${what} does not exist or is not shared with ${email}.`);
    }
    if (err.status === 403) {
      return new AppError("filedrive_folder_inaccessible", `Permission denied: ${email} may not read ${what} (${err.message}).`);
    }
  }
  return apiFailure(err);
}

/** Any other failure of a Drive call (after the throttling retries). */
export function apiFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof DriveApiError) {
    if (err.status === 403 && DISABLED.test(`${err.reason} ${err.message}`)) {
      return new AppError("datasource_connection_failed", `Drive API step: the API is not enabled for the key's project (${err.message}).`);
    }
    return new AppError("datasource_connection_failed", `Drive API step: HTTP ${err.status}${err.reason ? ` ${err.reason}` : ""}: ${err.message}`);
  }
  return new AppError("datasource_connection_failed", `Drive API step: could not be reached (${(err as Error)?.message ?? String(err)}).`);
}
