// The native tesseract engine (Debian's `tesseract-ocr` binary) reading the same best_int language data as the
// WASM build: about 1.5× less CPU per page (2.0–2.3 against 3.0–3.5 CPU s for a dense A4 page at 200 dpi,
// measured 2026-11-27), so it is used whenever the binary is installed (OCR_ENGINE=auto; `wasm` forces
// tesseract.js). One child process per page (OMP_THREAD_LIMIT=1: the pool runs pages in parallel), killed on
// timeout or abort (run-process.ts); its hOCR (with character boxes) is read back into the same block tree tesseract.js gives.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Parser } from "htmlparser2";
import { runProcess } from "@/lib/documents/run-process";
import { env } from "@/lib/env";
import { langDataFile } from "./language-data";
import type { OcrLanguage } from "./languages";
import type { TBlock } from "./tesseract-blocks";

/** A reading of one page: tesseract's block tree and the mean word confidence. */
export interface Recognition {
  blocks: TBlock[] | null;
  confidence: number;
}

let binary: string | null | undefined;

/** The tesseract binary when the native engine is to be used (OCR_ENGINE and PATH), else null. */
export function nativeTesseract(): string | null {
  const mode = env().OCR_ENGINE;
  if (mode === "wasm") return null;
  if (binary === undefined) {
    binary = null;
    for (const dir of (process.env.PATH ?? "/usr/bin").split(path.delimiter)) {
      const candidate = path.join(dir, "tesseract");
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        binary = candidate;
        break;
      } catch {
        // not here
      }
    }
  }
  return binary;
}

let dataDir: string | undefined;
/** Languages whose data is in dataDir already (checked once per process, not per page). */
const prepared = new Set<OcrLanguage>();

/** A directory of uncompressed language data (the native engine cannot read the packages' .gz files). */
function nativeDataDir(langs: readonly OcrLanguage[]): string {
  dataDir ??= path.join(os.tmpdir(), `docintel-tessdata-native-${process.getuid?.() ?? 0}`);
  fs.mkdirSync(dataDir, { recursive: true });
  for (const lang of langs) {
    if (prepared.has(lang)) continue;
    prepared.add(lang);
    const target = path.join(dataDir, `${lang}.traineddata`);
    const source = langDataFile(lang);
    if (fs.existsSync(target) && fs.statSync(target).mtimeMs >= fs.statSync(source).mtimeMs) continue;
    // Written aside and renamed, so a concurrent reader never sees half a file.
    const tmp = `${target}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(tmp, zlib.gunzipSync(fs.readFileSync(source)));
    fs.renameSync(tmp, target);
  }
  return dataDir;
}

export interface NativeRecognizeOptions {
  langs: readonly OcrLanguage[];
  dpi?: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Page segmentation mode (default 3, automatic; 6 reads the image as one block of text). */
  psm?: number;
  /** Languages of the system's tesseract data (script-detect.ts) read before `langs`, e.g. "kor". */
  systemLanguages?: readonly string[];
}

/** Debian's tesseract language data (tesseract-ocr-* packages: the "fast" models), and OSD. */
export const SYSTEM_TESSDATA = "/usr/share/tesseract-ocr/5/tessdata";

/** Links a language of the system's data into the native data directory (once). */
function linkSystemLanguage(dir: string, lang: string): void {
  if (!/^[a-z_]+$/.test(lang)) throw new Error(`not a language code: ${lang}`);
  const target = path.join(dir, `${lang}.traineddata`);
  if (fs.existsSync(target)) return;
  try {
    fs.symlinkSync(path.join(SYSTEM_TESSDATA, `${lang}.traineddata`), target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
}

/**
 * Recognises one image (PGM, PNG…) with the native binary; rejects with ProcessTimeout over the budget, the
 * signal's reason on abort, or an error for an engine failure.
 */
export function recognizeNative(image: Uint8Array, opts: NativeRecognizeOptions): Promise<Recognition> {
  const bin = nativeTesseract();
  if (!bin) return Promise.reject(new Error("the tesseract binary is not installed"));
  const dir = nativeDataDir(opts.langs);
  for (const lang of opts.systemLanguages ?? []) linkSystemLanguage(dir, lang);
  const args = [
    "stdin",
    "stdout",
    "--tessdata-dir",
    dir,
    "-l",
    [...(opts.systemLanguages ?? []), ...opts.langs].join("+"),
    "--oem",
    "1",
    "--psm",
    String(opts.psm ?? 3),
  ];
  if (opts.dpi) args.push("--dpi", String(Math.max(70, Math.min(2400, Math.round(opts.dpi)))));
  // hOCR by variable: the `hocr` config file would be looked for in the language-data directory.
  args.push("-c", "tessedit_do_invert=0", "-c", "tessedit_create_hocr=1", "-c", "hocr_char_boxes=1");
  return runProcess(bin, args, {
    input: image,
    env: { ...process.env, OMP_THREAD_LIMIT: "1" },
    signal: opts.signal,
    timeoutMs: opts.timeoutMs,
    maxStdout: MAX_HOCR_BYTES,
  }).then((out) => {
    if (out.code !== 0)
      throw new Error(`tesseract exited with ${out.signal ? `signal ${out.signal}` : `code ${out.code}`}: ${out.stderr.trim().slice(0, 300)}`);
    return parseHocr(out.stdout.toString("utf8"));
  });
}

/** hOCR with character boxes of a dense page is a few MB; far more means something is wrong. */
const MAX_HOCR_BYTES = 256 * 1024 * 1024;

type Box = { x0: number; y0: number; x1: number; y1: number };
type Word = TBlock["paragraphs"][number]["lines"][number]["words"][number];
type Line = TBlock["paragraphs"][number]["lines"][number];
type Paragraph = TBlock["paragraphs"][number];

/** `bbox x0 y0 x1 y1; x_wconf 93; x_size 30` → its properties. */
function titleProps(title: string): Map<string, string> {
  const props = new Map<string, string>();
  for (const part of title.split(";")) {
    const t = part.trim();
    const k = t.indexOf(" ");
    if (k > 0) props.set(t.slice(0, k), t.slice(k + 1).trim());
  }
  return props;
}

function boxOf(value: string | undefined): Box {
  const [x0, y0, x1, y1] = (value ?? "0 0 0 0").split(/\s+/).map(Number);
  return { x0, y0, x1, y1 };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

const LINE_CLASSES = new Set(["ocr_line", "ocr_header", "ocr_caption", "ocr_textfloat"]);

/** tesseract's hOCR → the block tree of tesseract.js (blocks, paragraphs, lines, words, characters). */
export function parseHocr(hocr: string): Recognition {
  const blocks: TBlock[] = [];
  let block: TBlock | null = null;
  let par: Paragraph | null = null;
  let line: Line | null = null;
  let word: Word | null = null;
  let symbol: { text: string; bbox: Box } | null = null;
  // The element that opened each level, by depth, so closing tags end the right one.
  const stack: string[] = [];
  const parser = new Parser(
    {
      onopentag(_name, attrs) {
        const cls = attrs.class ?? "";
        const props = titleProps(attrs.title ?? "");
        let kind = "";
        if (cls === "ocr_carea") {
          block = { paragraphs: [] };
          blocks.push(block);
          kind = "block";
        } else if (cls === "ocr_par" && block) {
          par = { lines: [], bbox: boxOf(props.get("bbox")), confidence: 0 };
          block.paragraphs.push(par);
          kind = "par";
        } else if (LINE_CLASSES.has(cls) && par) {
          line = { words: [], bbox: boxOf(props.get("bbox")), confidence: 0, rowAttributes: { rowHeight: Number(props.get("x_size")) || 0 } };
          par.lines.push(line);
          kind = "line";
        } else if (cls === "ocrx_word" && line) {
          word = { text: "", confidence: Number(props.get("x_wconf")) || 0, bbox: boxOf(props.get("bbox")), symbols: [] };
          line.words.push(word);
          kind = "word";
        } else if (cls === "ocrx_cinfo" && word) {
          symbol = { text: "", bbox: boxOf(props.get("x_bboxes")) };
          word.symbols?.push(symbol);
          kind = "symbol";
        }
        stack.push(kind);
      },
      ontext(text) {
        if (symbol) {
          symbol.text += text;
          if (word) word.text += text;
        } else if (word && text.trim()) word.text += text.trim(); // (only layout whitespace between characters)
      },
      onclosetag() {
        const kind = stack.pop();
        if (kind === "symbol") symbol = null;
        else if (kind === "word") word = null;
        else if (kind === "line") line = null;
        else if (kind === "par") par = null;
        else if (kind === "block") block = null;
      },
    },
    { decodeEntities: true, xmlMode: false },
  );
  parser.end(hocr);
  const all: number[] = [];
  for (const b of blocks) {
    for (const p of b.paragraphs) {
      for (const l of p.lines) {
        l.words = l.words.filter((w) => w.text.trim());
        l.confidence = mean(l.words.map((w) => w.confidence));
        for (const w of l.words) all.push(w.confidence);
      }
      p.lines = p.lines.filter((l) => l.words.length);
      p.confidence = mean(p.lines.map((l) => l.confidence));
    }
    b.paragraphs = b.paragraphs.filter((p) => p.lines.length);
  }
  const kept = blocks.filter((b) => b.paragraphs.length);
  return { blocks: kept.length ? kept : null, confidence: mean(all) };
}
