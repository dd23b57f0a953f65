// Markdown block parser for the chunker: one page of Markdown in, its blocks out (headings, paragraphs, lists,
// tables, fenced code). Pure (no I/O, no configuration). Horizontal rules and blank lines separate blocks.

export type MarkdownBlock =
  | { kind: "heading"; level: number; text: string; raw: string; page: number }
  | { kind: "paragraph"; text: string; page: number }
  | { kind: "list"; items: string[]; page: number }
  | { kind: "table"; header: string[]; rows: string[]; page: number }
  | { kind: "code"; open: string; lines: string[]; close: string; page: number };

const HEADING = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+\S/;
const TABLE_LINE = /^\s*\|/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;

/** Whether a line opens a block of its own (heading, fence, table row, list item, rule), ending a paragraph. */
export function startsBlock(line: string): boolean {
  return HEADING.test(line) || FENCE.test(line) || TABLE_LINE.test(line) || LIST_ITEM.test(line) || RULE.test(line);
}

/** Heading text without emphasis and code markers, whitespace collapsed. */
export function cleanHeading(text: string): string {
  return text
    .replace(/(\*\*|__|`)/g, "")
    .replace(/^[*_]+|[*_]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Splits one page of Markdown into blocks. */
export function parseBlocks(markdown: string, page: number): MarkdownBlock[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim() || RULE.test(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(marker)) body.push(lines[i++]);
      const close = i < lines.length ? lines[i++].trim() : marker;
      blocks.push({ kind: "code", open: line.trim(), lines: body, close, page });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const text = cleanHeading(heading[2]);
      if (text) blocks.push({ kind: "heading", level: heading[1].length, text, raw: line.trim(), page });
      i++;
      continue;
    }
    if (TABLE_LINE.test(line)) {
      const rows: string[] = [];
      while (i < lines.length && TABLE_LINE.test(lines[i])) rows.push(lines[i++].trim());
      const header = rows.length > 1 && TABLE_SEPARATOR.test(rows[1]) ? rows.splice(0, 2) : [];
      blocks.push({ kind: "table", header, rows, page });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const base = item[1].length;
      const items: string[] = [];
      while (i < lines.length) {
        const l = lines[i];
        if (!l.trim()) {
          // A blank line ends the list unless an item or an indented continuation follows.
          let j = i + 1;
          while (j < lines.length && !lines[j].trim()) j++;
          if (j < lines.length && (LIST_ITEM.test(lines[j]) || /^\s{2,}\S/.test(lines[j]))) {
            i = j;
            continue;
          }
          break;
        }
        const m = LIST_ITEM.exec(l);
        if (m && m[1].length <= base + 1) items.push(l.trimEnd());
        else if (m || /^\s+\S/.test(l) || !startsBlock(l)) items[items.length - 1] += `\n${l.trimEnd()}`;
        else break;
        i++;
      }
      blocks.push({ kind: "list", items, page });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i].trim() && (para.length === 0 || !startsBlock(lines[i]))) para.push(lines[i++].trim());
    blocks.push({ kind: "paragraph", text: para.join("\n"), page });
  }
  return blocks;
}
