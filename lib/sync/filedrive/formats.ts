// Which Drive files become documents and how: native Google files are exported to a format the document
// engine reads (Docs → DOCX, Slides → PPTX, Sheets and Drawings → PDF, as the engine reads no spreadsheet),
// binary files the engine reads are downloaded as they are, and every other type is left out of the listing
// (videos, archives, spreadsheets files, forms…) rather than failed on every run. Also the version marker and
// the filter_criteria test.
import type { TFiledriveFilter } from "@/lib/contracts/datasource-filedrive";

export const FOLDER_MIME = "application/vnd.google-apps.folder";
export const SHORTCUT_MIME = "application/vnd.google-apps.shortcut";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
const PDF = "application/pdf";

export interface DriveFormat {
  docType: string;
  /** Native Google file: exported to this MIME type (files.export) with this extension. */
  exportMime?: string;
  extension?: string;
}

const NATIVE: Record<string, DriveFormat> = {
  "application/vnd.google-apps.document": { docType: "document", exportMime: DOCX, extension: "docx" },
  "application/vnd.google-apps.presentation": { docType: "presentation", exportMime: PPTX, extension: "pptx" },
  "application/vnd.google-apps.spreadsheet": { docType: "spreadsheet", exportMime: PDF, extension: "pdf" },
  "application/vnd.google-apps.drawing": { docType: "drawing", exportMime: PDF, extension: "pdf" },
};

/** Binary types the engine reads (lib/documents/detect.ts), by Drive's mimeType. */
const BINARY: Record<string, string> = {
  [PDF]: "pdf",
  "image/png": "image",
  "image/jpeg": "image",
  [DOCX]: "document",
  "application/msword": "document",
  "application/vnd.oasis.opendocument.text": "document",
  [PPTX]: "presentation",
  "application/vnd.ms-powerpoint": "presentation",
  "application/vnd.oasis.opendocument.presentation": "presentation",
  "text/html": "webpage",
  "application/xhtml+xml": "webpage",
  "text/plain": "text",
  "text/markdown": "text",
  "text/x-markdown": "text",
};

/** How a file of this MIME type is imported, or null when the engine cannot read it. */
export function formatOf(mimeType: string | null | undefined): DriveFormat | null {
  if (!mimeType) return null;
  const native = NATIVE[mimeType];
  if (native) return native;
  const docType = BINARY[mimeType.toLowerCase()];
  return docType ? { docType } : null;
}

export interface DriveFileMeta {
  id?: string | null;
  name?: string | null;
  mimeType?: string | null;
  md5Checksum?: string | null;
  version?: string | null;
  modifiedTime?: string | null;
}

/**
 * The version marker: the content hash of a binary file, else Drive's revision counter with the modified
 * time. An export also names its target format, so a change of format re-imports it.
 */
export function versionOf(file: DriveFileMeta, format: DriveFormat): string {
  const base = file.md5Checksum ? `md5:${file.md5Checksum}` : `v:${file.version ?? ""}@${file.modifiedTime ?? ""}`;
  return format.exportMime ? `${base}>${format.exportMime}` : base;
}

/** The file name a document gets: exports carry their format's extension. */
export function fileNameOf(file: DriveFileMeta, format: DriveFormat): string {
  const name = (file.name ?? "").trim() || file.id || "document";
  if (!format.extension) return name;
  return name.toLowerCase().endsWith(`.${format.extension}`) ? name : `${name}.${format.extension}`;
}

export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${body}$`, "is");
}

export interface CompiledFilter {
  /** Null when the file passes, else why not (for debug logs). */
  refusal(file: DriveFileMeta): string | null;
}

export function compileFilter(filter: TFiledriveFilter): CompiledFilter {
  const mimes = filter.mime_types?.map((m) => m.toLowerCase());
  const names = filter.name_patterns?.map(globToRegExp);
  const after = filter.modified_after ? Date.parse(filter.modified_after) : null;
  const mimeMatches = (mime: string) => mimes!.some((m) => (m.endsWith("/*") ? mime.startsWith(m.slice(0, -1)) : mime === m));
  return {
    refusal(file) {
      const mime = (file.mimeType ?? "").toLowerCase();
      if (mimes?.length && !mimeMatches(mime)) return `type ${mime} not in mime_types`;
      if (names?.length && !names.some((re) => re.test(file.name ?? ""))) return "name matches no name_patterns";
      if (after !== null) {
        const modified = file.modifiedTime ? Date.parse(file.modifiedTime) : Number.NaN;
        if (!(modified > after)) return "not modified after modified_after";
      }
      return null;
    },
  };
}
