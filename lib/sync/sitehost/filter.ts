// Which drive items a sitehost datasource imports: files (not folders or notebooks) inside the configured
// scope (the library root or a folder, with or without its subfolders) that pass filter_criteria. The scope
// is decided by walking folder ids up to the scope's id: Graph's delta answers carry no parent path on
// SharePoint, and ids survive renames.
import type { TSitehostFilter } from "@/lib/contracts/datasource-sitehost";

/** A folder's parent id and name, as learnt from delta answers (null parent: the drive root). */
export type FolderMap = Record<string, [string | null, string]>;

export interface FileFacts {
  name: string;
  parentId: string | null;
  mimeType?: string;
  lastModified?: string;
}

const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split("")
      .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
    "is",
  );

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Whether `folderId` is the scope folder or (with subfolders) below it; unknown ancestry counts as outside. */
export function inScope(folderId: string | null, scopeId: string, folders: FolderMap, subfolders: boolean): boolean {
  if (folderId === scopeId) return true;
  if (!subfolders) return false;
  let id = folderId;
  for (let depth = 0; id !== null && depth < 1000; depth++) {
    if (id === scopeId) return true;
    const entry = folders[id];
    if (!entry) return false;
    id = entry[0];
  }
  return false;
}

export interface CompiledFilter {
  subfolders: boolean;
  /** Null when the file passes, else why not (for debug logs). */
  refusal(file: FileFacts): string | null;
}

export function compileFilter(filter: TSitehostFilter): CompiledFilter {
  const mimes = (filter.mime_types ?? []).map((m) => m.toLowerCase());
  const exts = new Set((filter.extensions ?? []).map((e) => e.replace(/^\./, "").toLowerCase()));
  const include = (filter.name_patterns ?? []).map(globToRegExp);
  const exclude = (filter.exclude_patterns ?? []).map(globToRegExp);
  const after = filter.modified_after ? Date.parse(filter.modified_after) : null;
  const mimeMatches = (m: string) => mimes.some((p) => (p.endsWith("/*") ? m.startsWith(p.slice(0, -1)) : m === p));
  return {
    subfolders: filter.include_subfolders ?? true,
    refusal(file) {
      if (mimes.length && !mimeMatches((file.mimeType ?? "").toLowerCase())) return `MIME type ${file.mimeType ?? "none"}`;
      if (exts.size && !exts.has(extensionOf(file.name))) return "extension";
      if (include.length && !include.some((r) => r.test(file.name))) return "name pattern";
      if (exclude.some((r) => r.test(file.name))) return "excluded name";
      if (after !== null && !(file.lastModified && Date.parse(file.lastModified) > after)) return "modified before modified_after";
      return null;
    },
  };
}
