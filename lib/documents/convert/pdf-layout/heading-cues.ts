// Cues that tell a heading at body size (issue 14, born-digital headings): a section number, a title hanging
// under its number, italics over regular text, and a table right under a bold line (its title, not a heading).
import { labelRuns } from "@/lib/documents/heading-runs";
import type { Block, Line, Para } from "./block-types";
import type { LayoutStats } from "./model";

/** A section number opening a line ("3.2.", "A.1", "IV."), followed by its title. */
export const SECTION_LABEL = /^(?:\d{1,3}(?:\.\d{1,3})*\.?|[A-Z](?:\.\d{1,3})+\.?|[IVX]{1,5}\.)\s+(?=\S)/u;

/**
 * A bold line continuing a bold numbered title under the title's first word, not under its number
 * ("3.2. Attention-based Sequence Recognition Net-" / "work"): a hanging indent, not a new paragraph.
 */
export function hangingUnderLabel(prev: Line, l: Line): boolean {
  const label = SECTION_LABEL.exec(prev.text);
  if (!label || !prev.bold || !l.bold || l.x0 <= prev.x0) return false;
  const perChar = (prev.x1 - prev.x0) / Math.max(prev.text.length, 1);
  return l.x0 <= prev.x0 + label[0].length * perChar + 0.8 * l.size;
}

/**
 * A line set in italics at body size, alone, that reads like a title (capitalised, no closing punctuation)
 * over a paragraph in regular type: a heading (manuals set their lowest level so).
 */
export function italicHeading(p: Para, text: string, stats: LayoutStats, next: Para | undefined): boolean {
  const first = p.lines[0];
  if (p.lines.length !== 1 || !first.italic || first.bold || p.marker || text.length > 80) return false;
  if (!/^[\p{Lu}\d]/u.test(text) || /[.,;:!?)]$/.test(text) || Math.abs(first.size - stats.bodySize) >= 1) return false;
  const after = next?.lines[0];
  // Indented past the text that follows, it is a quotation or an aside, not a heading.
  return !!after && !after.italic && after.level === 0 && !next.marker && first.x0 <= after.x0 + first.size;
}

/**
 * A short line of its own in a font set only in headings (LayoutStats.headingFonts: Word's Heading 3 in
 * Calibri Light at about the body size, over body text in Calibri), over a paragraph in another font: a
 * heading, though neither its size nor its weight says so.
 */
export function fontHeading(p: Para, text: string, stats: LayoutStats, next: Para | undefined): boolean {
  const first = p.lines[0];
  if (p.lines.length !== 1 || p.marker || first.tabular || !first.font || !stats.headingFonts?.has(first.font)) return false;
  if (text.length > 100 || !/^[\p{Lu}\d]/u.test(text) || /[.,;:]$/.test(text) || first.size < stats.bodySize - 0.5) return false;
  const after = next?.lines[0];
  return !!after && after.font !== first.font && after.level === 0;
}

/**
 * A numbered line ("(1) Scope", "2.3 Methods") set a little larger than the body, alone, over a paragraph
 * in body type: a numbered heading, not the first item of a list (list items are set like the body).
 */
export function numberedHeading(p: Para, text: string, stats: LayoutStats, next: Para | undefined): boolean {
  const first = p.lines[0];
  if (!p.marker || p.marker.glyph || p.lines.length !== 1 || first.size < 1.05 * stats.bodySize || text.length > 80 || /[.,;:!?]$/.test(text))
    return false;
  const after = next?.lines[0];
  return !!after && !next.marker && after.level === 0 && after.size < first.size - 0.3;
}

/**
 * A bold line at body size right over a table is the table's title or caption ("Phase 1", "Number of
 * freshwater ducks per year", an infobox's "Scientific classification"), not a section heading: weight alone
 * does not make it one. Headings set larger than the body, or numbered, stay.
 */
export function tableTitles(blocks: Block[]): Block[] {
  return blocks.map((b, i) =>
    b.type === "heading" && b.byWeight !== undefined && blocks[i + 1]?.type === "table" ? { type: "paragraph", text: b.byWeight } : b,
  );
}

/** Four or more headings of one level in a row (heading-runs.ts): labels set large, read as text. */
export function labelHeadings(blocks: Block[]): Block[] {
  const labels = labelRuns(blocks.map((b) => (b.type === "heading" ? b.level : null)));
  return blocks.map((b, i) => (b.type === "heading" && labels.has(i) ? { type: "paragraph", text: b.text } : b));
}
