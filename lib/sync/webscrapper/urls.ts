// URL rules of a crawl: normal form (the external id), scope (allowed hosts, include/exclude globs), and
// which links may be documents worth fetching.

/** Extensions of linked documents the engine ingests, with their doc_type. */
export const DOCUMENT_EXTENSIONS: Record<string, string> = {
  pdf: "pdf",
  docx: "docx",
  doc: "doc",
  pptx: "pptx",
  ppt: "ppt",
  odt: "odt",
  odp: "odp",
};

const DOCUMENT_MIME: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.ms-powerpoint": "ppt",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.presentation": "odp",
};

/** Links never worth a request (assets, archives, media). */
const SKIPPED_EXTENSIONS = new Set(
  "png jpg jpeg gif svg webp ico bmp tif tiff css js mjs json map woff woff2 ttf eot otf mp3 mp4 m4a wav ogg webm avi mov zip gz tgz bz2 xz 7z rar tar exe dmg iso apk rss atom xml xls xlsx csv".split(
    " ",
  ),
);

export function extensionOf(url: URL): string {
  const last = url.pathname.split("/").pop() ?? "";
  const dot = last.lastIndexOf(".");
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : "";
}

/** http(s) URL without fragment, with lower-case host and no default port; null if not crawlable. */
export function normalizeUrl(raw: string, base?: URL): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  url.username = "";
  url.password = "";
  return url;
}

export function isHtml(contentType: string): boolean {
  return /^(text\/html|application\/xhtml\+xml)\b/.test(contentType);
}

/** doc_type of a linked document by its Content-Type, else by its extension; null when not a document. */
export function documentType(contentType: string, url: URL): string | null {
  const mime = contentType.split(";")[0].trim();
  return DOCUMENT_MIME[mime] ?? (mime === "application/octet-stream" || !mime ? (DOCUMENT_EXTENSIONS[extensionOf(url)] ?? null) : null);
}

export function skippedByExtension(url: URL): boolean {
  return SKIPPED_EXTENSIONS.has(extensionOf(url));
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`, "i");
}

export interface Scope {
  hosts: Set<string>;
  include: RegExp[];
  exclude: RegExp[];
}

export function makeScope(startUrls: URL[], filter: { allowed_hosts?: string[]; include_patterns?: string[]; exclude_patterns?: string[] }): Scope {
  const hosts = new Set((filter.allowed_hosts?.length ? filter.allowed_hosts : startUrls.map((u) => u.host)).map((h) => h.toLowerCase()));
  return {
    hosts,
    include: (filter.include_patterns ?? []).map(globToRegExp),
    exclude: (filter.exclude_patterns ?? []).map(globToRegExp),
  };
}

/** Why a URL is outside the crawl, or null when inside. Host entries match host:port or the bare host name. */
export function outOfScope(scope: Scope, url: URL): string | null {
  if (!scope.hosts.has(url.host.toLowerCase()) && !scope.hosts.has(url.hostname.toLowerCase())) return `host ${url.host} is not allowed`;
  if (scope.exclude.some((r) => r.test(url.href))) return "excluded by a pattern";
  if (scope.include.length && !scope.include.some((r) => r.test(url.href))) return "not matched by an include pattern";
  return null;
}
