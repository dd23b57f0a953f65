// Heading levels from heading font sizes (issue 14, class 5: cover pages). Ranking every distinct size
// gives display type (a cover's title, subtitle, author names and logo line, a chapter page's big
// number) levels of its own, so the document's real section headings sink to `#####`. Two folds:
// - when the first or last page of a document of several pages is a cover (next to no body-size text),
//   a size seen on covers only is display type;
// - when more than MAX_SCHEME sizes are left (deeper than documents nest), a size used on one page only
//   is display type too.
// The remaining sizes are the heading scheme, ranked; a display size above all of them is the title
// (level 1, the scheme ranked from level 2), else it takes the level of the nearest scheme size above it.
import type { PreparedPage } from "./model";
import { roundHalf } from "./model";

/** Below this many pages every heading size counts (one page has no recurrence to go by). */
const MIN_PAGES = 3;
/** Heading sizes a document's scheme plausibly has (title, chapter, section, subsection). */
const MAX_SCHEME = 4;

/** Levels (1 = `#`) for heading sizes sorted largest first: the same order and length as sizes. */
export function headingLevels(sizes: number[], pages: PreparedPage[], bodySize: number): number[] {
  const plain = sizes.map((_, i) => Math.min(i + 1, 6));
  if (pages.length < MIN_PAGES || sizes.length < 2) return plain;
  const covers = [pages[0], pages[pages.length - 1]].filter((p) => isCover(p, bodySize));
  const pagesWith = new Map<number, number>();
  for (const p of pages) {
    if (covers.includes(p)) continue;
    const seen = new Set(p.rows.map((r) => roundHalf(r.size)));
    for (const s of seen) pagesWith.set(s, (pagesWith.get(s) ?? 0) + 1);
  }
  let scheme = sizes.filter((s) => pagesWith.has(s));
  if (scheme.length > MAX_SCHEME) scheme = scheme.filter((s) => (pagesWith.get(s) ?? 0) >= 2);
  if (!scheme.length || scheme.length === sizes.length) return plain;
  const first = sizes[0] > scheme[0] ? 2 : 1;
  const levelOf = new Map(scheme.map((s, i) => [s, Math.min(i + first, 6)]));
  return sizes.map((s) => {
    const own = levelOf.get(s);
    if (own) return own;
    const above = scheme.filter((r) => r > s);
    return above.length ? (levelOf.get(above[above.length - 1]) ?? 1) : 1;
  });
}

/** Body-size text on a cover: at most this many characters (a blurb, an edition line), or this share. */
const COVER_BODY_CHARS = 200;
const COVER_BODY_SHARE = 0.2;

/** A cover: next to no body-size text (a title, a subtitle, a series name, a logo line). */
export function isCover(page: PreparedPage, bodySize: number): boolean {
  let body = 0;
  let all = 0;
  for (const r of page.rows)
    for (const s of r.segments) {
      all += s.chars;
      if (Math.abs(s.size - bodySize) <= 0.6) body += s.chars;
    }
  return all > 0 && (body <= COVER_BODY_CHARS || body <= COVER_BODY_SHARE * all);
}

/**
 * Width over height of a slide: 4:3 is 1.33, 16:10 is 1.6, 16:9 is 1.78. Paper turned to landscape is not a
 * slide: US letter is 1.29, the A series √2 (1.414, a landscape report or spreadsheet keeps its subheadings).
 */
const SLIDE_ASPECT = 1.3;
const isPaperA = (ratio: number) => Math.abs(ratio - Math.SQRT2) <= 0.03;

/**
 * A slide deck: every page in landscape at a slide's proportions. A slide has one title; the other text set
 * larger than its body (a subtitle, a text box's caption, a list's lead-in) is text, not a section heading,
 * so each page is read like a cover (only its top heading level stays a heading).
 */
export function isSlideDeck(pages: PreparedPage[]): boolean {
  return pages.length > 0 && pages.every((p) => p.width >= SLIDE_ASPECT * p.height && !isPaperA(p.width / p.height));
}
