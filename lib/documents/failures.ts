// Two kinds of document failure, told apart because they are different parties' problems (issue 16):
// - the document's content: damaged, truncated or header-only files, encrypted PDFs, images over the pixel
//   limit (decompression bombs). Sending it again cannot help: 400 unsupported_file_format with the reason;
// - the engine: a missing tool (LibreOffice, poppler), a crashed or out-of-memory worker, a timeout. Those stay
//   500 file_rendering_failed (the spec's code for them).
import { AppError } from "@/lib/errors";

/** The document cannot be read because of its content (400 unsupported_file_format; `detail` says why). */
export function unreadableDocument(detail: string): AppError {
  return new AppError("unsupported_file_format", detail);
}

/** A failure caused by the document's content (retrying the same bytes cannot help). */
export function isUnreadableDocument(err: unknown): err is AppError {
  return err instanceof AppError && err.code === "unsupported_file_format";
}
