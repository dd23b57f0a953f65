// Original bytes, PDF preview and thumbnail of a file. Previews of office and HTML documents are
// made once with LibreOffice and kept next to the original.
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import type { Principal } from "@/lib/auth/principal";
import { convertWithLibreOffice } from "@/lib/documents/convert/libreoffice";
import { unreadableDocument } from "@/lib/documents/failures";
import { inspectImage } from "@/lib/documents/ocr/prepare-image";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { currentThumbnailState } from "@/lib/ingestion/file-state";
import { storage } from "@/lib/storage/storage";
import { findReadableFile } from "./file-access";

const PREVIEW_SUPPORTED = ["pdf", "png", "jpg", "jpeg", "pptx", "ppt", "odp", "docx", "odt", "doc", "html", "xhtml"];
const OFFICE = new Set(["pptx", "ppt", "odp", "docx", "odt", "doc", "html", "xhtml", "htm"]);

function contentDisposition(kind: "inline" | "attachment", filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function storedBytes(key: string): Promise<Buffer> {
  if (!(await storage().exists(key))) throw new AppError("document_file_not_found", "The stored document is missing.");
  return storage().readBytes(key);
}

export async function fileContent(p: Principal, id: number): Promise<Response> {
  const { file } = await findReadableFile(p, id);
  const bytes = await storedBytes(file.storageKey);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": file.mimeType ?? "application/octet-stream",
      "content-length": String(bytes.length),
      "content-disposition": contentDisposition("attachment", file.filename),
      "x-content-type-options": "nosniff",
    },
  });
}

async function imageToPdf(bytes: Buffer, kind: "png" | "jpeg"): Promise<Uint8Array> {
  // Size first (header only): a decompression bomb is refused before anything decodes it.
  await inspectImage(bytes);
  const pdf = await PDFDocument.create();
  // pdf-lib decodes PNGs itself and loops forever on a truncated one (blocking this process): sharp decodes
  // it first, failing cleanly on damaged data, and hands pdf-lib a well-formed PNG.
  const image = kind === "png" ? await pdf.embedPng(await sharp(bytes, { failOn: "error" }).png().toBuffer()) : await pdf.embedJpg(bytes);
  const page = pdf.addPage([image.width, image.height]);
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  return pdf.save();
}

export async function filePreview(p: Principal, id: number, signal?: AbortSignal): Promise<Response> {
  const { file } = await findReadableFile(p, id);
  const ext = file.extension.toLowerCase();
  const kind = file.mimeType ?? "";
  if (!PREVIEW_SUPPORTED.includes(ext)) {
    throw new AppError(
      "unsupported_format",
      `.${ext} files cannot be rendered as PDF; supported: ${PREVIEW_SUPPORTED.map((e) => `.${e}`).join(", ")}.`,
    );
  }
  const limit = env().PARSE_SYNC_MAX_BYTES;
  if (file.size > limit) throw new AppError("payload_too_large", `The file is ${file.size} bytes; previews are made for files up to ${limit} bytes.`);
  let pdf: Uint8Array;
  if (kind === "application/pdf") pdf = await storedBytes(file.storageKey);
  else if (kind === "image/png" || kind === "image/jpeg") {
    pdf = await imageToPdf(await storedBytes(file.storageKey), kind === "image/png" ? "png" : "jpeg").catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      throw unreadableDocument("The image could not be read (corrupt or truncated), so it cannot be shown as PDF.");
    });
  } else if (OFFICE.has(ext)) {
    const cacheKey = file.storageKey.replace(/[^/]+$/, "preview.pdf");
    if (await storage().exists(cacheKey)) pdf = await storage().readBytes(cacheKey);
    else {
      if (!(await storage().exists(file.storageKey))) throw new AppError("document_file_not_found", "The stored document is missing.");
      pdf = await storage().withLocalFile(file.storageKey, (path) =>
        convertWithLibreOffice(path, "pdf", { signal, inputExtension: ext }).catch((err: unknown) => {
          if (err instanceof AppError) throw err;
          throw new AppError("file_rendering_failed", "The document could not be converted to PDF.");
        }),
      );
      await storage().putBytes(cacheKey, pdf);
    }
  } else throw new AppError("unsupported_format", `This ${kind || ext} file cannot be rendered as PDF.`);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(pdf.byteLength),
      "content-disposition": contentDisposition("inline", file.filename.replace(/\.[^.]+$/, "") + ".pdf"),
    },
  });
}

export async function fileThumbnail(p: Principal, id: number): Promise<Response> {
  const { file } = await findReadableFile(p, id);
  // Only the current version's: while a replaced file waits for its new thumbnail, the old one is not it.
  if (currentThumbnailState(file) !== "ready" || !file.thumbnailKey || !(await storage().exists(file.thumbnailKey))) throw notFound("Thumbnail");
  const png = await storage().readBytes(file.thumbnailKey);
  return new Response(new Uint8Array(png), {
    headers: { "content-type": "image/png", "content-length": String(png.length), "cache-control": "private, max-age=300" },
  });
}
