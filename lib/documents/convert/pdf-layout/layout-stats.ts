// Statistics over all pages of a document (issue 14): the body size (the size of running text), heading sizes
// and their levels, the body's line pitch, running headers/footers and page-number slots, cover pages.
import { findFurniture } from "./furniture";
import { headingLevels, isCover, isSlideDeck } from "./levels";
import type { LayoutStats, PreparedPage, Row } from "./model";
import { headingSizeFloor, roundHalf, rowFont, rowText } from "./model";

/** A segment at least this long is a run of running text (a table cell rarely is). */
const PROSE_RUN = 40;

export function computeLayoutStats(pages: PreparedPage[]): LayoutStats {
  // The body size is the size of running text: long runs of words. Tables set smaller than the prose
  // (many short cells) must not win, or every line of prose becomes a heading. Without enough such runs
  // (a form, a slide, text without spaces) every character counts.
  const sizeChars = new Map<number, number>();
  const proseChars = new Map<number, number>();
  let proseTotal = 0;
  const shortSizes = new Set<number>();
  const shortMonoSizes = new Set<number>();
  let monoChars = 0;
  let allChars = 0;
  for (const p of pages) {
    p.rows.forEach((r, i) => {
      const short = rowText(r).length <= 200;
      const block = inTextBlock(p.rows, i);
      for (const s of r.segments) {
        const k = roundHalf(s.size);
        sizeChars.set(k, (sizeChars.get(k) ?? 0) + s.chars);
        if (block && s.text.length >= PROSE_RUN && !s.mono) {
          proseChars.set(k, (proseChars.get(k) ?? 0) + s.chars);
          proseTotal += s.chars;
        }
        // Code set larger than the prose is not a heading (unless the whole document is fixed-pitch).
        if (short) (s.mono ? shortMonoSizes : shortSizes).add(k);
        allChars += s.chars;
        if (s.mono) monoChars += s.chars;
      }
    });
  }
  const mostChars = (counts: Map<number, number>) => {
    let size = 0;
    let most = -1;
    for (const [s, n] of counts) if (n > most || (n === most && s < size)) [size, most] = [s, n];
    return size;
  };
  let bodySize = mostChars(proseTotal >= 0.2 * allChars ? proseChars : sizeChars);
  // Prose runs keep small table text from winning; they must not pull the body size below the size that
  // carries twice as much text or more (narrow columns, whose lines are shorter than a run, beside wide
  // footnotes set smaller), or every line of the columns becomes a heading.
  const overall = mostChars(sizeChars);
  if (overall > bodySize && (sizeChars.get(overall) ?? 0) >= 2 * (sizeChars.get(bodySize) ?? 0)) bodySize = overall;
  if (!bodySize) bodySize = 10;
  if (monoChars >= 0.5 * allChars) for (const k of shortMonoSizes) shortSizes.add(k);
  const headingSizes = withoutKickers(
    pages,
    [...shortSizes].filter((s) => s > headingSizeFloor(bodySize)).sort((a, b) => b - a),
  );

  // Typical baseline pitch of consecutive body-size rows of running text (table rows, with their wide
  // gaps and short wrapped cells, are often set tighter or looser).
  const pitches = new Map<number, number>();
  const prose = (r: Row) =>
    Math.abs(r.size - bodySize) <= 0.6 && r.x1 - r.x0 >= 8 * r.size && !r.segments.some((s, k) => k > 0 && s.x0 - r.segments[k - 1].x1 > 2 * r.size);
  for (const p of pages) {
    for (let i = 1; i < p.rows.length; i++) {
      const a = p.rows[i - 1];
      const b = p.rows[i];
      if (!prose(a) || !prose(b)) continue;
      const d = b.y - a.y;
      if (d <= 0 || d > 3 * bodySize || b.x0 > a.x1 || a.x0 > b.x1) continue;
      const k = roundHalf(d);
      pitches.set(k, (pitches.get(k) ?? 0) + 1);
    }
  }
  let pitch = 1.2 * bodySize;
  let seen = 0;
  for (const [d, n] of pitches) if (n > seen || (n === seen && d < pitch)) [pitch, seen] = [d, n];

  const { furniture, numberedSlots } = findFurniture(pages, bodySize);
  const levels = headingLevels(headingSizes, pages, bodySize);
  // Covers of a document of running text: a slide deck, whose pages all carry little body text, has none.
  const interior = pages.slice(1, -1);
  const runningText = interior.filter((p) => !isCover(p, bodySize)).length >= interior.length / 2;
  const coverPages = isSlideDeck(pages)
    ? pages.map((p) => p.page)
    : pages.length >= 3 && runningText
      ? [pages[0], pages[pages.length - 1]].filter((p) => isCover(p, bodySize)).map((p) => p.page)
      : [];
  return {
    bodySize,
    headingSizes,
    headingLevels: levels,
    boldHeadingLevel: Math.min(Math.max(0, ...levels) + 1, 6),
    headingFonts: headingFonts(pages, headingSizes, bodySize),
    lineRatio: pitch / bodySize,
    monoShare: allChars ? monoChars / allChars : 0,
    furniture,
    numberedSlots,
    coverPages,
  };
}

/**
 * Whether row i is one line of a block of text: a row of the same size right above or below it, at a
 * line's distance and overlapping it. Running text wraps; a heading, however long, mostly stands alone,
 * so long one-line headings must not make their size the body size.
 */
function inTextBlock(rows: Row[], i: number): boolean {
  const r = rows[i];
  const near = (o: Row | undefined) =>
    !!o && Math.abs(o.size - r.size) <= 0.6 && Math.abs(o.y - r.y) <= 2 * Math.max(o.size, r.size) && o.x0 < r.x1 && r.x0 < o.x1;
  return near(rows[i - 1]) || near(rows[i + 1]);
}

/** A logo or kicker: at most this many characters. */
const KICKER_CHARS = 40;

/**
 * Heading sizes used only by the top line of a page set right above a larger heading: a logo or a
 * letterhead over the title, not a heading of its own (its section would be empty). Dropped, so that
 * the line reads as text and the headings below it keep their levels.
 */
function withoutKickers(pages: PreparedPage[], sizes: number[]): number[] {
  const kicker = new Set<number>();
  const other = new Set<number>();
  for (const p of pages) {
    p.rows.forEach((r, i) => {
      const k = roundHalf(r.size);
      if (!sizes.includes(k)) return;
      const next = p.rows[i + 1];
      const above = i === 0 && rowText(r).length <= KICKER_CHARS && next && roundHalf(next.size) > k + 0.5 && sizes.includes(roundHalf(next.size));
      (above ? kicker : other).add(k);
    });
  }
  return sizes.filter((s) => !kicker.has(s) || other.has(s));
}

/**
 * Fonts set only in headings (LayoutStats.headingFonts): regular fonts (neither bold nor italic) used in a
 * short line at a heading size, never in a line of running text (longer than 100 characters, or ending a
 * sentence or clause), and not the font of most body-size text.
 */
function headingFonts(pages: PreparedPage[], headingSizes: number[], bodySize: number): Set<string> {
  const inHeadings = new Set<string>();
  const inText = new Set<string>();
  const bodyChars = new Map<string, number>();
  for (const p of pages)
    for (const r of p.rows) {
      const font = rowFont(r);
      // (weight and slant are cues of their own: bold and italic fonts are also set inside running text)
      if (!font || r.segments.some((x) => x.bold || x.italic)) continue;
      const text = rowText(r);
      if (headingSizes.some((h) => Math.abs(h - r.size) < 0.3)) {
        if (text.length <= 100) inHeadings.add(font);
        continue;
      }
      if (text.length > 100 || /[.,;:]$/.test(text)) inText.add(font);
      if (Math.abs(r.size - bodySize) < 0.5) bodyChars.set(font, (bodyChars.get(font) ?? 0) + text.length);
    }
  let body: string | undefined;
  let most = -1;
  for (const [f, n] of bodyChars) if (n > most) [body, most] = [f, n];
  return new Set([...inHeadings].filter((f) => !inText.has(f) && f !== body));
}
