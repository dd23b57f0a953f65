// Fonts and glyphs of pdf.js text items: bold, italic and fixed-pitch fonts by name and descriptor, figure-only
// subsets, control codes and unmapped glyph ids, dingbat symbols.
import type { PdfFontInfo, PdfPageText } from "./model";

// TeX's bold series are named by code, not by word: CMBX10, SFBX1000 (cm-super), ptmb8t (Times Bold), …;
// URW's clones of the base fonts abbreviate it: NimbusRomNo9L-Medi, NimbusSanL-Bold.
const BOLD_NAME =
  /bold|black|heavy|semibold|demibold|extrabold|ultrabold|[-,_]medi(?:ital)?\b|[-,_]bd\b|[-,]w[6-9]\b|(?:^|\+)(?:cm|sf|ec|tc|lm)bx|(?:^|\+)cmb\d|(?:^|\+)p(?:tm|hv|pl|bk|nc)b/i;
// Italic is named in full, abbreviated (NimbusRomNo9L-ReguItal, MinionPro-BoldIt) or coded (TeX's cmti10).
const ITALIC_NAME = /italic|oblique|ital\b|[-,_][a-z]*it\b|(?:^|\+)cmti|(?:^|\+)p(?:tm|hv|pl|bk|nc)ri/i;
const MONO_NAME = /mono|courier|consolas|cmtt|typewriter|menlo|inconsolata|sourcecode|firacode|lettergothic/i;
/**
 * Figures only (digits and their punctuation): every text font sets digits at one width, so pdf.js flags a
 * subset holding nothing else (a bold font used only for numbered headings or a header row of numbers) as
 * fixed-pitch. Such text is code only in a font named fixed-pitch.
 */
const FIGURE_CHARS = /^[\d\s.,:;%+\-−–()/]+$/;
const isFigures = (text: string) => FIGURE_CHARS.test(text) && /\d/.test(text);
export function isBoldFont(fontName: string, fonts: Record<string, PdfFontInfo> | undefined): boolean {
  const info = fonts?.[fontName];
  if (info?.bold !== undefined) return info.bold;
  if (info?.name) return BOLD_NAME.test(info.name);
  return BOLD_NAME.test(fontName);
}

export function isItalicFont(fontName: string, fonts: Record<string, PdfFontInfo> | undefined): boolean {
  const info = fonts?.[fontName];
  return info?.italic === true || ITALIC_NAME.test(info?.name ?? fontName);
}

export function isMonoFont(fontName: string, fonts: Record<string, PdfFontInfo> | undefined, figuresOnly = false): boolean {
  const info = fonts?.[fontName];
  const named = MONO_NAME.test(info?.name ?? fontName);
  if (info?.mono !== undefined) return info.mono && (named || !figuresOnly);
  return named;
}

/** Fonts whose every item on the page is figures only (digits and their punctuation). */
export function figureFonts(page: PdfPageText): Set<string> {
  const figures = new Set<string>();
  const other = new Set<string>();
  for (const it of page.items) if (it.str.trim()) (isFigures(it.str) ? figures : other).add(it.fontName);
  for (const f of other) figures.delete(f);
  return figures;
}

// Control characters other than tab/newline, which some producers leave in text items, and the
// noncharacters U+FDD0–U+FDEF (the layout uses two of them as bold marks).
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F\uFDD0-\uFDEF]/g;
/** An item that is one control code and nothing else (spaces aside). */
export const LONE_GLYPH = /^\s*[\u0001-\u0008\u000B-\u001F]\s*$/;

/** A control code (the noncharacters aside: they are the layout's own bold marks). */
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/**
 * Non-space characters of an item that is mostly (half or more) control codes, else 0: the glyph ids of a
 * font without a Unicode map, where the codes that fall on printable characters read as stray "!" or "r".
 */
export function unmappedGlyphs(str: string): number {
  if (!HAS_CONTROL.test(str)) return 0;
  let controls = 0;
  let chars = 0;
  for (const ch of str) {
    if (/\s/.test(ch)) continue;
    chars++;
    if (HAS_CONTROL.test(ch)) controls++;
  }
  return controls > 0 && 2 * controls >= chars ? chars : 0;
}

const DINGBAT_FONT = /wingdings|webdings|dingbats|zapf/i;
/** Wingdings characters as the text layer gives them (Latin-1 codes) → the symbols they draw. */
export const WINGDINGS: Record<string, string> = {
  "§": "▪",
  Ø: "➢",
  ü: "✓",
  û: "✗",
  ý: "☒",
  þ: "☑",
  "¨": "☐",
  l: "●",
  n: "■",
  q: "❑",
  v: "❖",
  Ÿ: "•",
};

/**
 * One character of a dingbat font (Wingdings' "§" square, "Ø" arrow, "ü" check: Latin letters in the text
 * layer, or private-use codes): a symbol, a bullet where one stands. Symbol and math fonts are not dingbats:
 * their single characters are letters and operators of the text.
 */
export function dingbat(str: string, fontName: string, fonts: Record<string, PdfFontInfo> | undefined): boolean {
  return str.length <= 4 && DINGBAT_FONT.test(fonts?.[fontName]?.name ?? fontName) && [...str.trim()].length === 1;
}
