// Uploaded documents as use cases receive them: the HTTP layer (lib/http/multipart.ts) has already
// streamed each file part to a scratch file under a byte cap, so a use case sees a path, never a request.

/** One file part of an upload, on local disk. */
export interface UploadedFile {
  /** The form field that carried it, e.g. "file". */
  field: string;
  /** The client's file name ("" when none was sent). */
  filename: string;
  mimeType: string;
  path: string;
  size: number;
}

/** An upload form: the document, the validated text fields, and the removal of the scratch file. */
export interface UploadForm<F> {
  file: UploadedFile;
  fields: F;
  /** Removes the scratch file (call in finally unless it was handed over to storage). */
  cleanup: () => Promise<void>;
}
