// List bullets as tesseract reads them, shared by the page layout (layout-markdown.ts: list items) and the
// table cells (table-cells.ts: a list inside a cell).
import { BULLET_GLYPHS } from "@/lib/documents/bullet-glyphs";

/** Glyphs that only ever mark list items. */
export const BULLET_STRICT = new RegExp(`^[${BULLET_GLYPHS}]\\s*(.*)$`, "u");
/** Glyphs tesseract also reads bullets as, or dashes; accepted at the start of a paragraph or inside a list. */
export const BULLET_LOOSE = /^[»«*+·\-–—]\s+(.+)$/u;
/**
 * What tesseract reads small round bullets as ("eo", "e", "o", "©", "¢", "°", "="), before a capital or a
 * digit; accepted where loose bullets are (a paragraph's first line, or inside a list).
 */
export const BULLET_MISREAD = /^(?:eo|e|o|©|®|¢|°|=)\s+([\p{Lu}\p{N}].*)$/u;

/**
 * A table cell's text from its lines: joined with spaces; when two or more of them open with a bullet (a
 * list inside the cell: "eo A First", "e A Second"), those lines are "- " items, as a cell's list is written.
 */
export function cellText(lines: readonly string[]): string {
  const items = lines.map((t) => BULLET_STRICT.exec(t)?.[1] ?? BULLET_LOOSE.exec(t)?.[1] ?? BULLET_MISREAD.exec(t)?.[1]);
  if (items.filter((x) => x !== undefined).length < 2) return lines.join(" ");
  return lines.map((t, i) => (items[i] === undefined ? t : `- ${items[i]}`)).join(" ");
}
