// Hyperlinks (issue 14): a page's link annotations with a web or mail address become Markdown links around
// the text they cover. The anchor text is read from the text items under the link's rectangle (word by word
// for upright text, so a link over one word of a longer item takes that word), then found in the
// page's Markdown in reading order, on word boundaries, and wrapped as [text](url).
import { escapeInline } from "./markdown";
import type { PageLink, PdfPageText } from "./model";

const WEB_ADDRESS = /^(?:https?:\/\/|mailto:)\S+$/i;
/** Tolerance (points) around a link's rectangle. */
const SLACK = 1;

/** The text under each link (annotation order set aside: top to bottom, left to right). */
export function pageLinks(page: PdfPageText): PageLink[] {
  const out: { text: string; url: string; top: number; left: number }[] = [];
  for (const link of page.links ?? []) {
    if (!WEB_ADDRESS.test(link.url)) continue;
    const inside = (x: number, y: number) => x >= link.x0 - SLACK && x <= link.x1 + SLACK && y >= link.y0 - SLACK && y <= link.y1 + SLACK;
    const parts: string[] = [];
    for (const it of page.items) {
      const [a, b, c, d, e, f] = it.transform;
      const size = Math.hypot(c, d) || it.height || 1;
      if (Math.abs(b) > 0.01 || Math.abs(c) > 0.01 || a <= 0) {
        if (inside(e, f + 0.3 * size)) parts.push(it.str);
        continue;
      }
      // Upright text: the item's words whose estimated extent lies mostly under the link (a link over one
      // word of a longer item takes that word; widths are estimated per character, so words, not characters).
      const y = f + 0.3 * size;
      if (y < link.y0 - SLACK || y > link.y1 + SLACK) continue;
      const offsets = charOffsets(it.str, it.width || it.str.length * 0.5 * size);
      const picked: string[] = [];
      for (const w of it.str.matchAll(/\S+/g)) {
        const k = w.index ?? 0;
        const ws = e + offsets[k];
        const we = e + offsets[k + w[0].length];
        if (Math.min(we, link.x1 + SLACK) - Math.max(ws, link.x0 - SLACK) >= 0.5 * (we - ws)) picked.push(w[0]);
      }
      if (picked.length) parts.push(picked.join(" "));
    }
    const text = parts.join(" ").replace(/\s+/g, " ").trim();
    if (text.length >= 2) out.push({ text, url: link.url, top: -link.y1, left: link.x0 });
  }
  out.sort((p, q) => p.top - q.top || p.left - q.left);
  return out.map(({ text, url }) => ({ text, url }));
}

/** Rough advance widths of a proportional font (em): narrow and wide letters, capitals, spaces. */
function charWidth(ch: string): number {
  if (/[ il.,:;'!|`ijlft()[\]]/.test(ch)) return ch === " " ? 0.28 : 0.3;
  if (/[mwMW@]/.test(ch)) return 0.85;
  if (/[A-Z]/.test(ch)) return 0.68;
  if (/[rsz"]/.test(ch)) return 0.4;
  return 0.55;
}

/** Estimated x offset of each character (and of the end) of an item of the given width. */
function charOffsets(text: string, width: number): number[] {
  const widths = Array.from(text, charWidth);
  const total = widths.reduce((a, b) => a + b, 0) || 1;
  const out = [0];
  // Indexes are UTF-16 code units (matchAll's), characters may be two: pad to keep them aligned.
  let x = 0;
  for (const [k, ch] of Array.from(text).entries()) {
    x += (widths[k] / total) * width;
    out.push(x);
    if (ch.length === 2) out.push(x);
  }
  return out;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The page's Markdown with each link's text wrapped as a Markdown link: the first occurrence after the
 * previous link's, on word boundaries, outside code and existing links. A link whose text is its own address
 * stays as it is (a bare address reads as a link already); one whose text is not found is left out.
 */
export function applyLinks(markdown: string, links: PageLink[]): string {
  let out = markdown;
  let from = 0;
  for (const { text, url } of links) {
    if (ownAddress(text, url)) continue;
    const anchor = escapeInline(text);
    const at = findWord(out, anchor, from);
    if (at < 0) continue;
    const wrapped = `[${anchor}](${url.replace(/[()\s]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)})`;
    out = out.slice(0, at) + wrapped + out.slice(at + anchor.length);
    from = at + wrapped.length;
  }
  return out;
}

/**
 * Whether a link's text is its own address: the URL itself, the e-mail address of a mailto: link, or a "www."
 * address that the URL only adds a scheme or a closing slash to (Markdown readers link "www.pdfa.org" bare).
 */
function ownAddress(text: string, url: string): boolean {
  if (text === url || text === url.replace(/^mailto:/i, "")) return true;
  const bare = (u: string) =>
    u
      .replace(/^https?:\/\//i, "")
      .replace(/\/$/, "")
      .toLowerCase();
  return /^www\./i.test(text) && bare(text) === bare(url);
}

function findWord(text: string, word: string, from: number): number {
  for (let at = text.indexOf(word, from); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + word.length] ?? " ";
    if (WORD_CHAR.test(before) && WORD_CHAR.test(word[0])) continue;
    if (WORD_CHAR.test(after) && WORD_CHAR.test(word[word.length - 1])) continue;
    // Inside a link already written, or a code fence's line.
    if (before === "[" || /\]\([^)]*$/.test(text.slice(Math.max(0, at - 300), at))) continue;
    const lineStart = text.lastIndexOf("\n", at) + 1;
    if (insideFence(text, lineStart)) continue;
    return at;
  }
  return -1;
}

/** Whether the line starting at `lineStart` is inside a fenced code block. */
function insideFence(text: string, lineStart: number): boolean {
  const fences = text.slice(0, lineStart).match(/^`{3,}/gm);
  return !!fences && fences.length % 2 === 1;
}
