// What Zendesk records become: external ids, version markers, which articles the filter admits, which
// attachments are documents, and the HTML files (UTF-8, read by the HTML engine like a crawled page) of an
// article and of a ticket with its public comments.
import fs from "node:fs";
import type { TServicedeskFilter } from "@/lib/contracts/datasource-servicedesk";
import { tempPath } from "@/lib/storage/temp";
import type { ZendeskArticle, ZendeskAttachment, ZendeskComments, ZendeskTicket } from "./wire";

export const articleId = (a: { id: number; locale: string }) => `article:${a.id}:${a.locale.toLowerCase()}`;
export const attachmentId = (articleExternalId: string, attachment: { id: number }) => `${articleExternalId}:attachment:${attachment.id}`;
export const ticketId = (t: { id: number }) => `ticket:${t.id}`;

/** Version marker of an article translation: its update time and locale. */
export const articleVersion = (a: ZendeskArticle) => `${a.updated_at}|${a.locale.toLowerCase()}`;
export const attachmentVersion = (a: ZendeskAttachment) => `${a.updated_at ?? ""}|${a.size ?? ""}|${a.file_name}`;
export const ticketVersion = (t: ZendeskTicket) => t.updated_at;

export const SOLVED_STATUSES = new Set(["solved", "closed"]);

/** Attachment types the document engine reads, by MIME type and by extension (Zendesk may send octet-stream). */
const ATTACHMENT_TYPES: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.ms-powerpoint": "ppt",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.presentation": "odp",
  "text/plain": "txt",
  "text/markdown": "md",
  "image/png": "png",
  "image/jpeg": "jpg",
};
const ATTACHMENT_EXTENSIONS = new Set(["pdf", "docx", "doc", "pptx", "ppt", "odt", "odp", "txt", "md", "png", "jpg", "jpeg"]);

/** doc_type of an attachment worth importing, or null (unsupported type, or an image inlined in the body). */
export function attachmentDocType(a: ZendeskAttachment): string | null {
  if (a.inline) return null;
  const mime = (a.content_type ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  const byMime = ATTACHMENT_TYPES[mime];
  if (byMime) return byMime;
  const ext = /\.([a-z0-9]+)$/i.exec(a.file_name)?.[1]?.toLowerCase() ?? "";
  if ((mime === "" || mime === "application/octet-stream") && ATTACHMENT_EXTENSIONS.has(ext)) return ext === "jpeg" ? "jpg" : ext;
  return null;
}

export interface ArticleScope {
  locales: Set<string> | null;
  /** Sections admitted by section_ids and category_ids; null = every section. */
  sections: Set<number> | null;
  labels: Set<string> | null;
}

export function articleScope(filter: TServicedeskFilter, sections: number[] | null): ArticleScope {
  const set = <T>(xs: T[] | undefined) => (xs?.length ? new Set(xs) : null);
  return {
    locales: set(filter.locales?.map((l) => l.toLowerCase())),
    sections: sections ? new Set(sections) : null,
    labels: set(filter.labels?.map((l) => l.toLowerCase())),
  };
}

/** Why an article is not (or no longer) imported, or null when it is: drafts and archived ones never are. */
export function articleRefusal(a: ZendeskArticle, scope: ArticleScope): string | null {
  if (a.archived) return "archived";
  if (a.draft) return "draft";
  if (scope.locales && !scope.locales.has(a.locale.toLowerCase())) return "locale";
  if (scope.sections && (a.section_id == null || !scope.sections.has(a.section_id))) return "section";
  if (scope.labels && !(a.label_names ?? []).some((l) => scope.labels!.has(l.toLowerCase()))) return "labels";
  return null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const page = (title: string, lang: string | null, body: string) =>
  `<!DOCTYPE html>\n<html${lang ? ` lang="${escapeHtml(lang)}"` : ""}><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n<h1>${escapeHtml(title)}</h1>\n${body}\n</body></html>\n`;

export const articleTitle = (a: ZendeskArticle) => a.title?.trim() || `Article ${a.id}`;

export function articleHtml(a: ZendeskArticle): string {
  return page(articleTitle(a), a.locale, a.body ?? "");
}

export const ticketTitle = (t: { id: number; subject?: string | null }) => `#${t.id} ${t.subject?.trim() || "(no subject)"}`;

/** A ticket as one page: its subject, then each public comment with its author and time. */
export function ticketHtml(
  t: { id: number; subject?: string | null; status?: string; created_at?: string },
  comments: ZendeskComments["comments"],
  names: Map<number, string>,
): string {
  const meta = [t.status ? `Status: ${t.status}` : null, t.created_at ? `Opened: ${t.created_at}` : null].filter(Boolean).join(" · ");
  const parts = comments
    .filter((c) => c.public)
    .map((c) => {
      const who = (c.author_id != null && names.get(c.author_id)) || (c.author_id != null ? `User ${c.author_id}` : "Unknown");
      const text = c.html_body ?? `<p>${escapeHtml(c.body ?? "").replace(/\n/g, "<br>")}</p>`;
      return `<section>\n<h2>${escapeHtml(who)} — ${escapeHtml(c.created_at)}</h2>\n${text}\n</section>`;
    });
  return page(ticketTitle(t), null, `${meta ? `<p>${escapeHtml(meta)}</p>\n` : ""}${parts.join("\n")}`);
}

/** Writes an HTML page to a scratch file the engine then owns. */
export async function htmlFile(html: string): Promise<string> {
  const file = tempPath(".html");
  await fs.promises.writeFile(file, html, "utf8");
  return file;
}

/** A file name from a title: what the engine shows until the document has its own title. */
export function fileNameFrom(title: string, fallback: string, extension: string): string {
  const stem = title
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);
  return `${stem || fallback}.${extension}`;
}
