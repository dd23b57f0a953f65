// pdf.js text items → fragments in a top-down frame → rows (same baseline) → segments (text runs
// separated by wide gaps, e.g. table cells or the two sides of a column gutter).
import { RTL_CHAR, RTL_CHARS } from "@/lib/documents/rtl-script";
import { CONTROL, dingbat, figureFonts, isBoldFont, isItalicFont, isMonoFont, LONE_GLYPH, unmappedGlyphs, WINGDINGS } from "./fonts";
import { BOLD_CLOSE, BOLD_OPEN, mergeMarks } from "./markdown";
import type { Fragment, PageRules, PdfFontInfo, PdfPageText, Row, Segment } from "./model";
import { isSpaceCode, markedText, wordCount } from "./model";

/** Fixed-pitch text: a gap up to this many font sizes is spacing inside a line of code, not a new segment. */
const MONO_GAP = 8;
/**
 * A page set in a fixed-pitch font (typed: most of its text, prose too) lays tables out with spaces: a gap of
 * this many font sizes (three character cells of 0.6 em) parts cells; word and sentence spaces do not.
 */
const TYPEWRITER_GAP = 1.5;
/** A line of a typed page drawn with one character: a rule. */
const TYPED_RULE = /^(?:-{10,}|={10,}|_{10,})$/;
/** Share of a page's characters in fixed-pitch fonts that makes it a typed page. */
const TYPEWRITER_SHARE = 0.8;
/** A bare list marker: bullet glyph, "1.", "a)", "(iv)", "(2)", a reference label "[12]". */
export const MARKER_ONLY =
  /^(?:[•●○◦▪▫■□‣⁃∙·➢➤►▶✓✔❖\-–—*\uF0B7\uF0A7\uF076\uF0D8\uF0FC\u2610-\u2612]|\d{1,3}[.)]|[a-zA-Z][.)]|\(?[ivxlcIVXLC]{1,6}[.)]|\([a-zA-Z0-9]{1,3}\)|\[\d{1,3}\])$/;
/**
 * Markers that only a gap marks as such: Word's second-level bullet (a lone "o", often in Courier) and
 * multi-level numbers ("1.1", "2.3.1."). As a segment of their own they start an item; "o" inside a
 * sentence is one word among others, never a segment alone.
 */
const GAP_MARKER = /^(?:o|\d{1,3}(?:\.\d{1,3}){1,3}\.?)$/;
/**
 * A marker and its text up to this many font sizes apart: the tab after a list label (Word and LibreOffice
 * set it at up to half an inch) when the row holds nothing else; beside other cells, a narrower gap.
 */
const MARKER_TAB = 4;
const MARKER_GAP = 2;

/** Segment split: a horizontal gap wider than this many font sizes starts a new segment. */
export const SEGMENT_GAP = 0.5;
/** A gap wider than this many font sizes between fragments reads as a space. */
const SPACE_GAP = 0.12;

/** Quarter turn (0–3) of the text direction that carries most characters. */
export function dominantQuarter(page: PdfPageText): { dominant: number; quarters: Int8Array } {
  const quarterChars = [0, 0, 0, 0];
  const quarters = new Int8Array(page.items.length);
  page.items.forEach((it, i) => {
    const [a, b] = it.transform;
    const q = ((Math.round(Math.atan2(b, a) / (Math.PI / 2)) % 4) + 4) % 4;
    quarters[i] = q;
    quarterChars[q] += it.str.length;
  });
  let dominant = 0;
  for (let q = 1; q < 4; q++) if (quarterChars[q] > quarterChars[dominant]) dominant = q;
  return { dominant, quarters };
}

/** A point of PDF user space in the top-down frame where text of the dominant direction reads left to right. */
export function toFrame(page: PdfPageText, dominant: number, e: number, f: number): [number, number] {
  const x0 = page.x0 ?? 0;
  const y0 = page.y0 ?? 0;
  switch (dominant) {
    case 1:
      return [f - y0, e - x0];
    case 2:
      return [x0 + page.width - e, f - y0];
    case 3:
      return [y0 + page.height - f, x0 + page.width - e];
    default:
      return [e - x0, y0 + page.height - f];
  }
}

/**
 * Items → fragments. Text is turned so that the dominant reading direction runs left to right
 * (pages with 90°/180°/270° text); items in any other direction (margin labels) are dropped.
 */
export function toFragments(page: PdfPageText, fonts?: Record<string, PdfFontInfo>): Fragment[] {
  const { dominant, quarters } = dominantQuarter(page);
  const figures = figureFonts(page);
  const out: Fragment[] = [];
  page.items.forEach((it, i) => {
    if (quarters[i] !== dominant || !it.str) return;
    // A lone unmapped glyph (a control code) drawn apart: a bullet from a symbol font without a Unicode map.
    // Items mostly of control codes are glyph ids of a font without a Unicode map: one or two characters are
    // such a bullet ("r\u0001", a box in a dingbat subset); longer runs are unreadable text, whose few codes
    // that fall on printable characters ("!", "#") are not letters either: dropped.
    const unmapped = unmappedGlyphs(it.str);
    if (unmapped > 2) return;
    const symbol = dingbat(it.str, it.fontName, fonts);
    const lone = unmapped > 0 || LONE_GLYPH.test(it.str) || symbol;
    // A dingbat keeps its symbol (a check mark in a table is content); it reads as a bullet only where one stands.
    const text = symbol
      ? (WINGDINGS[it.str.trim()] ?? it.str.trim())
      : lone
        ? "\u2022"
        : it.str.replace(CONTROL, "").replace(/[\u00A0\u2000-\u200A\u202F\u3000]/g, " ");
    if (!text.trim()) return;
    const [, , c, d, e, f] = it.transform;
    const size = Math.hypot(c, d) || it.height || 1;
    const width = it.width > 0 ? it.width : text.length * size * 0.5;
    const [x, y] = toFrame(page, dominant, e, f);
    // Leading/trailing spaces inside an item are not ink: the visible text's extent is estimated without
    // them (the text itself is trimmed later), so "14,827 " does not reach into the next table column.
    const lead = text.length - text.trimStart().length;
    const trail = text.length - text.trimEnd().length;
    const perChar = width / text.length;
    const frag: Fragment = { text, x0: x + lead * perChar, x1: x + width - trail * perChar, y, size, bold: isBoldFont(it.fontName, fonts) };
    if (it.fontName) frag.font = it.fontName;
    if (isMonoFont(it.fontName, fonts, figures.has(it.fontName))) frag.mono = true;
    if (isItalicFont(it.fontName, fonts)) frag.italic = true;
    if (lone) {
      frag.glyph = symbol ? "dingbat" : true;
      frag.mono = undefined;
    }
    out.push(frag);
  });
  return out;
}

/** Ruling lines in the top-down frame, split into horizontal and vertical ones. */
export function toFrameRules(page: PdfPageText): PageRules {
  const { dominant } = dominantQuarter(page);
  const out: PageRules = { h: [], v: [] };
  for (const r of page.rules ?? []) {
    const [ax, ay] = toFrame(page, dominant, r.x0, r.y0);
    const [bx, by] = toFrame(page, dominant, r.x1, r.y1);
    const { band, joint } = r;
    if (Math.abs(ay - by) <= 0.5)
      out.h.push({ y: (ay + by) / 2, x0: Math.min(ax, bx), x1: Math.max(ax, bx), ...(band && { band, ...(joint && { joint }) }) });
    else if (Math.abs(ax - bx) <= 0.5) out.v.push({ x: (ax + bx) / 2, y0: Math.min(ay, by), y1: Math.max(ay, by) });
  }
  return out;
}

/** Fragments → rows: same baseline within a fraction of the font size (sub/superscripts included). */
export function toRows(input: Fragment[]): Row[] {
  let monoChars = 0;
  let allChars = 0;
  for (const f of input) {
    allChars += f.text.length;
    if (f.mono) monoChars += f.text.length;
  }
  const typed = allChars > 0 && monoChars >= TYPEWRITER_SHARE * allChars;
  const frags = typed ? input.flatMap(splitTypedFigures) : input;
  const sorted = [...frags].sort((p, q) => p.y - q.y || p.x0 - q.x0);
  const groups: Fragment[][] = [];
  let current: Fragment[] = [];
  let refY = 0;
  let refSize = 0;
  // A line within a large font's reach of its baseline (body text beside a display-size word) joins its
  // row only if it overlaps no text of the row set a line or more above it: two lines of one column stay two
  // (a superscript over a subscript, less than a line apart, stays one row).
  const stacked = (f: Fragment) => current.some((g) => Math.abs(g.y - f.y) >= Math.max(f.size, g.size) && f.x0 < g.x1 - 0.5 && g.x0 < f.x1 - 0.5);
  for (const f of sorted) {
    if (current.length && Math.abs(f.y - refY) <= 0.45 * Math.max(f.size, refSize) && !(f.size < refSize && stacked(f))) {
      current.push(f);
      if (f.size > refSize) {
        refSize = f.size;
        refY = f.y;
      }
      continue;
    }
    if (current.length) groups.push(current);
    current = [f];
    refY = f.y;
    refSize = f.size;
  }
  if (current.length) groups.push(current);
  const rows = groups.map((g) => buildRow(g, typed)).filter((r): r is Row => r !== null);
  // A typed page draws its rules with hyphens, equals signs or underscores: lines, not text (over a table's
  // body they would close its gutters).
  return typed ? rows.filter((r) => !(r.segments.length === 1 && TYPED_RULE.test(r.segments[0].text))) : rows;
}

const TYPED_FIGURE = /^[-+(]?[$€£]?\d[\d,.]*%?\)?$/;
const TYPED_LEADER = /^\.{3,}$/;
/** Two words of a typed line that stand in two cells when a space parts them: figures, or a leader and a figure. */
const typedCells = (a: string, b: string) => (TYPED_FIGURE.test(a) || TYPED_LEADER.test(a)) && TYPED_FIGURE.test(b);

/**
 * A typed table's figures one space apart in one item ("960 1,040 1,120"): each its own fragment, placed by
 * its character cells (the pitch is fixed), so that cells set a space apart are parted (buildRow).
 */
function splitTypedFigures(f: Fragment): Fragment[] {
  if (!f.mono || !/[\d.] +\S*\d/.test(f.text)) return [f];
  const words = [...f.text.matchAll(/\S+/g)];
  if (words.length < 2) return [f];
  const lead = f.text.length - f.text.trimStart().length;
  const trimmed = f.text.trim().length;
  const perChar = (f.x1 - f.x0) / Math.max(trimmed, 1);
  const left = f.x0 - lead * perChar;
  const out: Fragment[] = [];
  let from = 0;
  for (let k = 1; k <= words.length; k++) {
    if (k < words.length && !typedCells(words[k - 1][0], words[k][0])) continue;
    const start = words[from].index ?? 0;
    const last = words[k - 1];
    const end = (last.index ?? 0) + last[0].length;
    out.push({ ...f, text: f.text.slice(start, end), x0: left + start * perChar, x1: left + end * perChar });
    from = k;
  }
  return out;
}

function buildRow(all: Fragment[], typed: boolean): Row | null {
  all.sort((p, q) => p.x0 - q.x0);
  // An unmapped glyph reads as a bullet only where a bullet stands: first on its row, before text; a dingbat
  // also apart from the text before it (a list in a table's cell).
  const bulletAt = (f: Fragment, k: number) => {
    const next = all[k + 1];
    if (!next || next.glyph) return false;
    if (k === 0) return true;
    return f.glyph === "dingbat" && next.x0 - f.x1 <= 3 * f.size && f.x0 - all[k - 1].x1 >= f.size;
  };
  // Elsewhere an unmapped glyph is dropped; a dingbat stays as the symbol it draws (a table's check marks).
  const frags = all.flatMap((f, k) => {
    if (!f.glyph) return [f];
    if (bulletAt(f, k)) return [f.glyph === "dingbat" ? { ...f, text: "\u2022" } : f];
    return f.glyph === "dingbat" ? [{ ...f, glyph: undefined }] : [];
  });
  const segments: Segment[] = [];
  let cur: Fragment[] = [];
  let prev: Fragment | undefined;
  for (const f of frags) {
    if (prev) {
      // Text drawn twice with a small offset (fake bold, shadows): keep one copy.
      if (f.text === prev.text && Math.abs(f.x0 - prev.x0) < 0.3 * f.size) continue;
      const gap = f.x0 - prev.x1;
      // Code keeps its alignment spaces inside one segment (it is not a table); on a typed page, wide
      // spaces part cells.
      const figures = typed && typedCells(prev.text.split(" ").at(-1) ?? "", f.text.split(" ")[0]);
      const limit = f.mono && prev.mono && !figures ? (typed ? TYPEWRITER_GAP : MONO_GAP) : SEGMENT_GAP;
      if (gap > limit * Math.max(f.size, prev.size)) {
        segments.push(makeSegment(cur));
        cur = [];
      }
    }
    cur.push(f);
    prev = f;
  }
  if (cur.length) segments.push(makeSegment(cur));
  const merged = mergeMarkers(segments.filter((s) => s.text));
  if (!merged.length) return null;
  let size = 0;
  let best = -1;
  let y = merged[0].y;
  for (const s of merged) {
    if (s.chars > best) {
      best = s.chars;
      size = s.size;
      y = s.y;
    }
  }
  const row: Row = { y, x0: merged[0].x0, x1: merged[merged.length - 1].x1, size, segments: merged };
  if (typed) row.typed = true;
  return row;
}

function visibleLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 160) n++;
  }
  return n;
}

// Strong right-to-left letters: Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan and their presentation forms.
const RTL_LETTER = new RegExp(`[${RTL_CHARS}]`, "gu");
const LTR_LETTER = /[A-Za-z\u00C0-\u024F\u0370-\u052F]/g;
/** Digits or Latin letters and nothing right-to-left: a piece of a number or word that reads left to right. */
const LTR_RUN = new RegExp(`^(?=.*[\\dA-Za-z])[^${RTL_CHARS}]*$`, "u");

/**
 * A run written right to left: more Hebrew/Arabic letters than Latin/Greek/Cyrillic ones. pdf.js gives each
 * item in logical order, but the items of a line in visual order (numbers and Latin words inside Arabic or
 * Hebrew text are items of their own), so such a run is read from its rightmost item to its leftmost.
 */
export function isRightToLeft(frags: readonly Pick<Fragment, "text">[]): boolean {
  if (!frags.some((f) => RTL_CHAR.test(f.text))) return false;
  let rtl = 0;
  let ltr = 0;
  for (const f of frags) {
    rtl += f.text.match(RTL_LETTER)?.length ?? 0;
    ltr += f.text.match(LTR_LETTER)?.length ?? 0;
  }
  return rtl > ltr;
}

/**
 * Pieces of one line of a table cell, given left to right as they stand, joined in reading order: from the
 * rightmost when they are right-to-left text (each piece is already in logical order).
 */
export function joinCellPieces(visual: readonly string[]): string {
  const ordered = visual.length > 1 && isRightToLeft(visual.map((text) => ({ text }))) ? [...visual].reverse() : visual;
  return ordered.join(" ");
}

/**
 * A right-to-left run's fragments in reading order, each with the gap before it: from the rightmost to the
 * leftmost, except that fragments of digits or Latin letters set touching (no space between: "4" and "7.500"
 * of 47.500, given one item each) stay in their left-to-right order, as a number reads.
 */
function rightToLeft(visual: Fragment[]): { frags: Fragment[]; gaps: number[] } {
  const runs: Fragment[][] = [];
  for (const f of visual) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    const touching = last && f.x0 - last.x1 <= SPACE_GAP * Math.max(f.size, last.size);
    if (touching && LTR_RUN.test(f.text) && LTR_RUN.test(last.text)) run.push(f);
    else runs.push([f]);
  }
  runs.reverse();
  const frags: Fragment[] = [];
  const gaps: number[] = [];
  runs.forEach((run, r) => {
    run.forEach((f, k) => {
      // Inside a run, left to right; between runs, from the left edge of the one before to the right edge of this one.
      gaps.push(k > 0 ? f.x0 - run[k - 1].x1 : r > 0 ? runs[r - 1][0].x0 - run[run.length - 1].x1 : 0);
      frags.push(f);
    });
  });
  return { frags, gaps };
}

function makeSegment(visual: Fragment[]): Segment {
  const rtl = visual.length > 1 && isRightToLeft(visual);
  const ordered = rtl ? rightToLeft(visual) : null;
  const frags = ordered?.frags ?? visual;
  let text = "";
  let marked = "";
  let prev: Fragment | undefined;
  const sizeChars = new Map<number, number>();
  let boldChars = 0;
  let italicChars = 0;
  let chars = 0;
  let y = frags[0].y;
  let font: string | undefined;
  let bestChars = -1;
  const mono = frags.every((f) => f.mono);
  // Width of a character cell of fixed-pitch text: the median over the fragments (some producers stretch a few).
  const cells = mono ? frags.map((f) => (f.x1 - f.x0) / Math.max(f.text.trim().length, 1)).sort((p, q) => p - q) : [];
  const cell = cells[cells.length >> 1] || 0.6 * frags[0].size;
  const starts: [number, number][] = [];
  let words = 0;
  for (let i = 0; i < frags.length; i++) {
    const f = frags[i];
    const footnoteMark = !!prev && !mono && isFootnoteMark(f, prev, text);
    const before = text.length;
    if (prev) {
      const gap = ordered ? ordered.gaps[i] : f.x0 - prev.x1;
      if (mono) {
        // Fixed pitch: as many spaces as character cells in the gap (alignment in code and hexdumps).
        const spaces = gap > 0.4 * cell ? Math.max(1, Math.floor(gap / cell + 0.3)) : 0;
        text += " ".repeat(spaces);
        marked += " ".repeat(spaces);
      } else {
        const apart = gap > SPACE_GAP * Math.max(f.size, prev.size) || footnoteMark || resumesAfterMark(f, prev, i, frags, text);
        const needsSpace = apart && text[text.length - 1] !== " " && f.text[0] !== " ";
        if (needsSpace) {
          text += " ";
          marked += " ";
        }
      }
    }
    // A word that opens an item of its own: where pdf.js placed it (left-to-right text only).
    if (!mono && !ordered) {
      const opens = f.text.length > 0 && !isSpaceCode(f.text.charCodeAt(0));
      const apart = text.length > before || (text.length > 0 && isSpaceCode(text.charCodeAt(text.length - 1)));
      if (opens && apart && words > 0) starts.push([words, f.x0]);
      words += wordCount(f.text) - (opens && !apart && words > 0 ? 1 : 0);
    }
    text += f.text;
    // A footnote's mark set in the bold font is a reference, not emphasis.
    marked += f.bold && !footnoteMark ? `${BOLD_OPEN}${f.text}${BOLD_CLOSE}` : f.text;
    const n = visibleLength(f.text);
    chars += n;
    if (f.bold && !footnoteMark) boldChars += n;
    if (f.italic) italicChars += n;
    const key = Math.round(f.size * 2) / 2;
    sizeChars.set(key, (sizeChars.get(key) ?? 0) + n);
    if (n > bestChars) {
      bestChars = n;
      y = f.y;
      font = f.font;
    }
    prev = f;
  }
  let size = frags[0].size;
  let most = -1;
  for (const [s, n] of sizeChars) if (n > most || (n === most && s > size)) [size, most] = [s, n];
  const segment: Segment = {
    text: mono ? text.trim() : text.replace(/\s+/g, " ").trim(),
    x0: visual[0].x0,
    x1: Math.max(...frags.map((f) => f.x1)),
    y,
    size,
    bold: chars > 0 && boldChars >= chars * 0.9,
    chars,
  };
  if (mono) segment.mono = true;
  if (font) segment.font = font;
  if (starts.length) segment.starts = starts;
  if (chars > 0 && italicChars >= chars * 0.9) segment.italic = true;
  if (boldChars > 0 && boldChars < chars) segment.marked = mergeMarks(marked.replace(/\s+/g, " ").trim());
  return segment;
}

/** A footnote's mark: a number (or asterisk, dagger), optionally closed by a parenthesis, set small and raised. */
const FOOTNOTE_MARK = /^\s*[\d*†‡]{1,3}\)?\s*$/u;
const raisedSmall = (f: Fragment, prev: Fragment) => f.size <= 0.85 * prev.size && prev.y - f.y >= 0.2 * prev.size;

/**
 * A footnote's mark set right after a word ("Center¹ reports", "상해¹⁾나"): read apart from the word, as
 * "Center 1 reports", so that neither the word nor the number is glued into another token. An exponent after
 * a variable (x², a single letter or a digit before it) and a subscript (H₂O, set lower) stay attached.
 */
function isFootnoteMark(f: Fragment, prev: Fragment, before: string): boolean {
  return FOOTNOTE_MARK.test(f.text) && raisedSmall(f, prev) && /\p{L}{2}$/u.test(before);
}

/** The text after a footnote's mark, back at the line's size: apart from the mark too. */
function resumesAfterMark(f: Fragment, prev: Fragment, i: number, frags: Fragment[], text: string): boolean {
  if (i < 2 || !/^\s*\p{L}/u.test(f.text) || !raisedSmall(prev, f)) return false;
  const before = text.slice(0, text.length - prev.text.length).trimEnd();
  return isFootnoteMark(prev, frags[i - 2], before);
}

/** A segment that is only a list marker ("•", "1.", "(a)") belongs to the text right of it. */
function mergeMarkers(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    const next = segments[i + 1];
    const gap = next ? (next.x0 - s.x1) / Math.max(s.size, next.size) : Infinity;
    const alone = segments.length === 2 && /\p{L}/u.test(next?.text ?? "");
    if (
      next &&
      ((MARKER_ONLY.test(s.text) && gap < MARKER_GAP) || (alone && (MARKER_ONLY.test(s.text) || GAP_MARKER.test(s.text)) && gap < MARKER_TAB))
    ) {
      // Word's "o" bullet is a hollow circle drawn with a letter: read as the bullet it stands for.
      const label = s.text === "o" ? "◦" : s.text;
      const merged: Segment = { ...next, text: `${label} ${next.text}`, x0: s.x0, chars: s.chars + next.chars, marked: undefined };
      if (s.bold !== next.bold || next.marked) merged.marked = mergeMarks(`${markedText({ ...s, text: label })} ${markedText(next)}`);
      out.push(merged);
      i++;
      continue;
    }
    out.push(s);
  }
  return out;
}
