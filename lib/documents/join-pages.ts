// The whole document's Markdown from its pages. Pages stay separate in per-page output; here a paragraph
// that a page break cut in two is joined again: the page ends inside a sentence and the next page goes on
// with it (a lower-case word, or after a hyphen or comma), and a table that a page break cut in two is one
// table again (continuesTable). Everything else is separated by a blank line.

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

/** The cells of a GFM table row (unescaped pipes separate them). */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

const DELIMITER_ROW = /^\|(?:\s*:?-+:?\s*\|)+\s*$/;

/** The lines of a GFM table block, or null when the block is not one. */
function tableLines(block: string): string[] | null {
  const lines = block.split("\n");
  if (lines.length < 2 || !lines.every((l) => l.startsWith("|")) || !DELIMITER_ROW.test(lines[1])) return null;
  return lines;
}

const FIGURE = /^[^\p{L}\d]{0,3}[-+(]?\d[\d\s.,:/'%-]*\)?[^\p{L}\d]{0,3}$/u;
/** Empty, figure or text per cell: a data row of a table has the shape of the table's other data rows. */
const shape = (cells: string[]) => cells.map((c) => (!c ? "e" : FIGURE.test(c) ? "n" : "t")).join("");
/** A row of short labels (a header), not of running text: no cell over 40 characters or ending a sentence. */
const labels = (cells: string[]) => cells.every((c) => c.length <= 40 && !/[.!?;]$/.test(c));
const isBold = (cell: string) => /^\*\*.*\*\*$/.test(cell);
const normal = (cells: string[]) => cells.map((c) => c.toLowerCase().replace(/\s+/g, " ")).join("|");

/**
 * The rows to append when the next page's first block carries on the table that ends the previous page
 * (a table split by a page break), or null: both are tables with the same number of columns, and the next
 * one repeats the header (dropped), opens with a row shaped like the previous table's last row and unlike
 * its header (a data row: no header was repeated; in a text table, running text under a header of short
 * labels), or opens with the rest of a row cut by the break
 * (dropLast: the joined row replaces the previous table's last row).
 */
export function continuesTable(before: string, after: string): { rows: string[]; dropLast?: boolean } | null {
  const a = tableLines(lastBlock(before));
  const b = tableLines(firstBlock(after));
  if (!a || !b) return null;
  const headA = cellsOf(a[0]);
  const headB = cellsOf(b[0]);
  if (headA.length !== headB.length) return null;
  if (normal(headA) === normal(headB)) return { rows: b.slice(2) };
  const last = cellsOf(a[a.length - 1]);
  // A row cut by the page break: the next part opens with an empty first cell under a filled one (the row's
  // label stayed on the previous page) and text in another: it continues the last row, cell by cell.
  if (a.length > 2 && !headB[0] && last[0] && headB.some(Boolean)) {
    const joined = last.map((c, k) => [c, headB[k]].filter(Boolean).join(" "));
    return { dropLast: true, rows: [`| ${joined.join(" | ")} |`, ...b.slice(2)] };
  }
  if (a.length > 2 && shape(headB) === shape(last) && shape(headB) !== shape(headA) && /n/.test(shape(headB))) return { rows: [b[0], ...b.slice(2)] };
  // Text tables: a header of short labels over rows of running text; the next part opens with such a row.
  if (a.length > 2 && labels(headA) && !labels(headB) && !labels(last) && shape(headB) === shape(last)) return { rows: [b[0], ...b.slice(2)] };
  // Tables without a header (labels and values): every row of the previous part, its first one included, and
  // the next part's first row are short labels of one shape, none of them bold.
  const rowsA = [headA, ...a.slice(2).map(cellsOf)];
  if (a.length > 2 && [...rowsA, headB].every((r) => labels(r) && !r.some(isBold) && shape(r) === shape(headB)))
    return { rows: [b[0], ...b.slice(2)] };
  return null;
}

export function joinPages(pages: { markdown: string }[]): string {
  let out = "";
  for (const p of pages) {
    const md = p.markdown.trim();
    if (!md) continue;
    const cont = out ? continuesTable(out, md) : null;
    if (!out) out = md;
    else if (cont) {
      const k = md.indexOf("\n\n");
      const kept = cont.dropLast ? out.slice(0, out.lastIndexOf("\n")) : out;
      out = [kept, ...cont.rows].join("\n") + (k < 0 ? "" : md.slice(k));
    } else if (continuesParagraph(out, md)) {
      const a = lastBlock(out);
      const k = md.indexOf("\n\n");
      out = out.slice(0, out.length - a.length) + joinParagraph(a, k < 0 ? md : md.slice(0, k)) + (k < 0 ? "" : md.slice(k));
    } else out = `${out}\n\n${md}`;
  }
  return out;
}
