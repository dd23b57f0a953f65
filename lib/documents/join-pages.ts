// The whole document's Markdown from its pages. Pages stay separate in per-page output; here a paragraph
// that a page break cut in two is joined again: the page ends inside a sentence and the next page goes on
// with it (a lower-case word, or after a hyphen or comma). Everything else is separated by a blank line.

/** Paragraph text that ends a sentence (closing quotes and brackets after the mark allowed). */
const SENTENCE_END = /[.!?:;…]["'”’»)\]]*$/u;
/** Markdown blocks that are not plain paragraphs: headings, lists, tables, quotes, code, images, rules. */
const NOT_PARAGRAPH = /^(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|\||>|```|~~~|!\[|<!--|-{3,}\s*$|\*{3,}\s*$|_{3,}\s*$)/;

function lastBlock(md: string): string {
  const k = md.lastIndexOf("\n\n");
  return k < 0 ? md : md.slice(k + 2);
}

function firstBlock(md: string): string {
  const k = md.indexOf("\n\n");
  return k < 0 ? md : md.slice(0, k);
}

const isParagraph = (block: string) => !NOT_PARAGRAPH.test(block) && !block.includes("\n");

/** Whether the next page's first block carries on the paragraph that ends the previous page. */
export function continuesParagraph(before: string, after: string): boolean {
  const a = lastBlock(before);
  const b = firstBlock(after);
  if (!isParagraph(a) || !isParagraph(b) || SENTENCE_END.test(a)) return false;
  return /^\p{Ll}/u.test(b) || /[\p{L}\p{N}][-,]$/u.test(a);
}

/** Joins the end of one paragraph to its continuation, removing a hyphen that split a word. */
function joinParagraph(a: string, b: string): string {
  if (/\p{L}-$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  return `${a} ${b}`;
}

export function joinPages(pages: { markdown: string }[]): string {
  let out = "";
  for (const p of pages) {
    const md = p.markdown.trim();
    if (!md) continue;
    if (!out) out = md;
    else if (continuesParagraph(out, md)) {
      const a = lastBlock(out);
      const k = md.indexOf("\n\n");
      out = out.slice(0, out.length - a.length) + joinParagraph(a, k < 0 ? md : md.slice(0, k)) + (k < 0 ? "" : md.slice(k));
    } else out = `${out}\n\n${md}`;
  }
  return out;
}
