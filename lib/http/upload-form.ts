// The multipart upload form of POST /files and upload sessions, read at the HTTP edge: the document streams
// to a scratch file under FILE_UPLOAD_MAX_BYTES and the text fields are validated by the contract's schema
// (lib/contracts/files.ts), so the use case receives typed fields and a file on disk.
import type { z } from "zod";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { UploadForm } from "@/lib/storage/uploaded-file";
import { parseWith } from "@/lib/validation";
import { parseMultipart } from "./multipart";

export async function readFileUploadForm<S extends z.ZodType>(req: Request, fields: S): Promise<UploadForm<z.output<S>>> {
  if (!req.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("unsupported_media_type", "Upload files as multipart/form-data with a `file` field.");
  }
  const form = await parseMultipart(req, { maxFileBytes: env().FILE_UPLOAD_MAX_BYTES, maxFiles: 1 });
  try {
    const file = form.files.find((f) => f.field === "file");
    if (!file || file.size === 0) throw new AppError("no_file", file ? "The uploaded file is empty." : "Attach the document in the `file` field.");
    return { file, fields: parseWith(fields, form.fields, "body"), cleanup: form.cleanup };
  } catch (err) {
    await form.cleanup();
    throw err;
  }
}
