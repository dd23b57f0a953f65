// Pages in a script the page's languages do not cover. A Korean page read with English data comes out as
// low-confidence garbage (held-out dev: NID 0.24), and nothing in a request says the page is Korean. So a
// page whose reading stays poor after the orientation check is shown to tesseract's script detection (OSD,
// `--psm 0` with the system's osd data), and when it names a script that installed system language data
// reads (Debian's tesseract-ocr-kor etc., SCRIPT_LANGUAGES), the page is read again with that language
// before its own, and the reading with the higher mean word confidence is kept. Native engine only (the
// WASM build has no OSD data); pages that read well never get here.
import fs from "node:fs";
import path from "node:path";
import { runProcess } from "@/lib/documents/run-process";
import type { OcrLanguage } from "./languages";
import { nativeTesseract, type Recognition, recognizeNative, SYSTEM_TESSDATA } from "./native-tesseract";
import { wordsOf } from "./orientation-probe";

/** Scripts named by tesseract's OSD → the system language data that reads them (used when installed). */
export const SCRIPT_LANGUAGES: Readonly<Record<string, string>> = {
  Korean: "kor",
  Hangul: "kor",
  Japanese: "jpn",
  Katakana: "jpn",
  Hiragana: "jpn",
  Han: "chi_sim",
  Cyrillic: "rus",
  Greek: "ell",
  Arabic: "ara",
  Hebrew: "heb",
  Thai: "tha",
  Devanagari: "hin",
};
/** The other reading is kept when its mean word confidence is this many points higher. */
const MIN_GAIN = 10;
/**
 * tesseract's hOCR gives Korean text a "word" per syllable or two, and without the plain-text renderer's
 * spacing flags every word would be followed by a space ("국 회 입 법"). Two Hangul pieces closer than this
 * share of the line's height are one word (measured on a held-out report: within words 0.08–0.27, between
 * words 0.40–0.72).
 */
const HANGUL_JOIN_GAP = 0.35;
/** (a piece ending in Hangul, a digit or a closing bracket, before one starting in Hangul: "2020" + "년") */
const HANGUL_END = /[\p{Script=Hangul}\d)」』]$/u;
const HANGUL_START = /^\p{Script=Hangul}/u;
/**
 * Chinese and Japanese are written without spaces, but tesseract's hOCR (chi_sim, jpn) gives a "word" per
 * character or two ("华 联 绿豆"). Two pieces closer than this share of the line's height are joined when one
 * side is a Han or kana character (or CJK punctuation) and the other is too, or a digit or Latin letter
 * ("原味" + "340ml", "2020" + "年"). Measured on a development Chinese price list read with chi_sim: gaps
 * inside a cell median 0.10 line heights, three in four under 0.35; between cells 1 to 30.
 */
const CJK_JOIN_GAP = 0.5;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const CJK_END = new RegExp(`${CJK.source}$`, "u");
const CJK_START = new RegExp(`^${CJK.source}`, "u");
/** A number split after its decimal point or thousands separator by those readings ("2." + "18"), pieces closer than this share of the line's height. */
const NUMBER_JOIN_GAP = 0.35;
const NUMBER_HEAD = /\d[.,]$/;
const DIGIT_START = /^\d/;
const ALNUM_END = /[\p{L}\p{N}]$/u;
const ALNUM_START = /^[\p{L}\p{N}]/u;

/** The script OSD names in its output ("Script: Korean"), or null. */
export function parseOsdScript(out: string): string | null {
  return /^Script:\s*(\S+)/m.exec(out)?.[1] ?? null;
}

/** The installed system language reading a script, or null. */
export function languageForScript(
  script: string | null,
  installed = (lang: string) => fs.existsSync(path.join(SYSTEM_TESSDATA, `${lang}.traineddata`)),
): string | null {
  const lang = script ? SCRIPT_LANGUAGES[script] : undefined;
  return lang && installed(lang) ? lang : null;
}

/** The page's script according to tesseract's OSD; null when it cannot tell (or OSD data is missing). */
export async function detectScript(image: Uint8Array, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<string | null> {
  const bin = nativeTesseract();
  if (!bin || !fs.existsSync(path.join(SYSTEM_TESSDATA, "osd.traineddata"))) return null;
  const out = await runProcess(bin, ["stdin", "stdout", "--tessdata-dir", SYSTEM_TESSDATA, "--psm", "0", "-l", "osd"], {
    input: image,
    env: { ...process.env, OMP_THREAD_LIMIT: "1" },
    signal: opts.signal,
    timeoutMs: opts.timeoutMs,
    maxStdout: 64 * 1024,
  });
  return out.code === 0 ? parseOsdScript(out.stdout.toString("utf8")) : null;
}

/** Mean confidence of a reading's words (0 without words). */
export function meanConfidence(page: Recognition): number {
  const ws = wordsOf(page);
  return ws.length ? ws.reduce((a, w) => a + w.confidence, 0) / ws.length : 0;
}

type TBlock = NonNullable<Recognition["blocks"]>[number];
type TLine = TBlock["paragraphs"][number]["lines"][number];

/** Whether two neighbouring pieces of a line are one word of a script written without spaces inside words. */
function samePiece(prev: string, next: string, gap: number, height: number): boolean {
  if (HANGUL_END.test(prev) && HANGUL_START.test(next)) return gap < HANGUL_JOIN_GAP * height;
  if (NUMBER_HEAD.test(prev) && DIGIT_START.test(next)) return gap < NUMBER_JOIN_GAP * height;
  const cjk = (CJK_END.test(prev) && (CJK_START.test(next) || ALNUM_START.test(next))) || (ALNUM_END.test(prev) && CJK_START.test(next));
  return cjk && gap < CJK_JOIN_GAP * height;
}

/** The reading with the pieces of each Korean word, and of each run of Chinese or Japanese, joined (see HANGUL_JOIN_GAP, CJK_JOIN_GAP). */
export function joinScriptPieces(page: Recognition): Recognition {
  const joinLine = (l: TLine): TLine => {
    const height = l.bbox.y1 - l.bbox.y0;
    const words: TLine["words"] = [];
    for (const w of l.words ?? []) {
      const prev = words.at(-1);
      if (prev && samePiece(prev.text, w.text, w.bbox.x0 - prev.bbox.x1, height)) {
        words[words.length - 1] = {
          ...prev,
          text: prev.text + w.text,
          confidence: Math.min(prev.confidence, w.confidence),
          bbox: { x0: prev.bbox.x0, y0: Math.min(prev.bbox.y0, w.bbox.y0), x1: w.bbox.x1, y1: Math.max(prev.bbox.y1, w.bbox.y1) },
          symbols: prev.symbols && w.symbols ? [...prev.symbols, ...w.symbols] : (prev.symbols ?? w.symbols),
        };
      } else words.push(w);
    }
    return { ...l, words };
  };
  return {
    ...page,
    blocks: page.blocks?.map((b) => ({ ...b, paragraphs: b.paragraphs.map((p) => ({ ...p, lines: p.lines.map(joinLine) })) })) ?? null,
  };
}

/** Whether a reading in another language should replace the page's. */
export const readsBetter = (other: Recognition, page: Recognition): boolean => meanConfidence(other) >= meanConfidence(page) + MIN_GAIN;

/**
 * The page read in the script OSD finds in it, when installed data reads that script and the reading is
 * clearly more confident than the page's; null otherwise.
 */
export async function readInDetectedScript(
  pgm: Uint8Array,
  page: Recognition,
  opts: { langs: readonly OcrLanguage[]; dpi?: number; timeoutMs: number; signal?: AbortSignal },
): Promise<{ reading: Recognition; language: string } | null> {
  const language = languageForScript(await detectScript(pgm, opts));
  if (!language) return null;
  const reading = joinScriptPieces(await recognizeNative(pgm, { ...opts, systemLanguages: [language] }));
  return readsBetter(reading, page) ? { reading, language } : null;
}
