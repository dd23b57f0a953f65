// Streaming multipart/form-data: files go straight to temp files with a byte cap (413 at the cap,
// without buffering the upload), text fields are kept in memory with their own small cap.
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { AppError } from "@/lib/errors";
import { removeQuietly, tempPath } from "@/lib/storage/temp";
import type { UploadedFile } from "@/lib/storage/uploaded-file";

export interface MultipartResult {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Removes the temp files (call in finally unless they were moved to storage). */
  cleanup: () => Promise<void>;
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFieldBytes?: number;
  maxFiles?: number;
}

function tooLarge(size: number, limit: number, exact: boolean): AppError {
  return new AppError(
    "payload_too_large",
    `The uploaded file is ${exact ? "" : "more than "}${size} bytes; the limit for this endpoint is ${limit} bytes.`,
  );
}

export async function parseMultipart(req: Request, limits: MultipartLimits): Promise<MultipartResult> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  // The body carries boundaries and fields besides the file: allow a little slack before refusing.
  if (Number.isFinite(declared) && declared > limits.maxFileBytes + 1024 * 1024) throw tooLarge(declared, limits.maxFileBytes, false);
  if (!req.body) throw new AppError("bad_request", "The multipart body is empty.");
  // No prototype: "__proto__" is an ordinary field name (which parseWith refuses), not a setter.
  const fields: Record<string, string> = Object.create(null);
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  const cleanup = async () => {
    await Promise.all(files.map((f) => removeQuietly(f.path)));
  };
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: Object.fromEntries(req.headers),
      limits: { fileSize: limits.maxFileBytes, fieldSize: limits.maxFieldBytes ?? 1024 * 1024, files: limits.maxFiles ?? 1 },
    });
  } catch {
    throw new AppError("bad_request", "Malformed multipart/form-data request (missing boundary).");
  }
  let failure: AppError | null = null;
  bb.on("field", (name, value, info) => {
    if (info.valueTruncated) failure ??= new AppError("payload_too_large", `The form field "${name}" is too large.`);
    fields[name] = value;
  });
  bb.on("file", (field, stream, info) => {
    const file: UploadedFile = { field, filename: info.filename ?? "", mimeType: info.mimeType, path: tempPath(), size: 0 };
    files.push(file);
    stream.on("data", (chunk: Buffer) => {
      file.size += chunk.length;
    });
    stream.on("limit", () => {
      failure ??= tooLarge(file.size, limits.maxFileBytes, false);
    });
    const write = pipeline(stream, fs.createWriteStream(file.path));
    // A truncated body fails the parser and this write together: the parser's error is the one reported, and a
    // write nobody awaits any more must not surface as an unhandled rejection.
    write.catch(() => undefined);
    writes.push(write);
  });
  bb.on("filesLimit", () => {
    failure ??= new AppError("bad_request", `At most ${limits.maxFiles ?? 1} file(s) per request.`);
  });
  try {
    await pipeline(Readable.fromWeb(req.body as import("node:stream/web").ReadableStream), bb);
    await Promise.all(writes);
  } catch (err) {
    await Promise.allSettled(writes);
    await cleanup();
    if (failure) throw failure;
    throw new AppError("bad_request", `Malformed multipart/form-data request: ${(err as Error).message}`);
  }
  if (failure) {
    await cleanup();
    throw failure;
  }
  return { fields, files, cleanup };
}
