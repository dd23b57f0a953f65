// OCR service: one process-wide pool of tesseract.js workers (a globalThis singleton, so every Next.js bundle
// shares it), created lazily on the first page. Workers are kept per language combination ("eng", "eng+deu")
// but their total never exceeds OCR_WORKERS: a combination that needs a worker takes over the least recently
// used idle one. Admission is bounded: when running + admitted-but-waiting page jobs would exceed
// OCR_WORKERS + OCR_QUEUE_MAX, a call rejects at once with 429 ocr_concurrent_limit (never a backlog).
// Each page has a timeout (OCR_PAGE_TIMEOUT_MS) and honours an AbortSignal; a timed-out, aborted or failed
// page terminates its worker (the WASM engine cannot be interrupted) and the next job starts a fresh one.
//
// Images are normalised with sharp before OCR (EXIF orientation, alpha flattened onto white, grayscale,
// scaled to ≤ 240 dpi-equivalent (OCR_TARGET_DPI) and ≤ 4000 px per side, small images enlarged, contrast stretched) and sent
// to tesseract as uncompressed PGM, which is cheaper than PNG on both sides. Language data comes from the
// @tesseract.js-data/<lang> packages (4.0.0_best_int, gzip); nothing is fetched from the network.
//
// Results keep tesseract's layout: paragraphs (lines joined with spaces, line-end hyphens removed), headings
// from line height relative to the body text, bullet and numbered lists, blank lines between blocks.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { escapeMarkdownText } from "@/lib/documents/html-to-markdown";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// ---------------------------------------------------------------------------------------------------------
// Languages

export const SUPPORTED_OCR_LANGUAGES = ["eng", "deu", "fra"] as const;
export type OcrLanguage = (typeof SUPPORTED_OCR_LANGUAGES)[number];

const LANGUAGE_ALIASES: Record<string, OcrLanguage> = { en: "eng", de: "deu", ger: "deu", fr: "fra", fre: "fra" };

/**
 * Validates and normalises OCR languages: accepts ["eng", "deu"], ["eng+deu"] or "eng+deu" (also `,`), case
 * and ISO 639-1 aliases (en, de, fr); duplicates dropped, order kept (the first language is the primary one).
 * Empty or missing → OCR_DEFAULT_LANGUAGES. Unknown codes → 400 bad_request naming the supported ones.
 */
export function parseOcrLanguages(input?: readonly string[] | string | null): OcrLanguage[] {
  const raw = (typeof input === "string" ? [input] : (input ?? []))
    .flatMap((s) => String(s).split(/[+,\s]+/))
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (raw.length === 0) return defaultOcrLanguages();
  const out: OcrLanguage[] = [];
  const unknown: string[] = [];
  for (const code of raw) {
    const lang = (SUPPORTED_OCR_LANGUAGES as readonly string[]).includes(code) ? (code as OcrLanguage) : LANGUAGE_ALIASES[code];
    if (!lang) unknown.push(code);
    else if (!out.includes(lang)) out.push(lang);
  }
  if (unknown.length) {
    throw new AppError(
      "bad_request",
      `Unsupported OCR language${unknown.length === 1 ? "" : "s"}: ${unknown.map((c) => `"${c}"`).join(", ")}. Supported: ${SUPPORTED_OCR_LANGUAGES.join(", ")}.`,
    );
  }
  return out;
}

/** OCR_DEFAULT_LANGUAGES, validated. */
export function defaultOcrLanguages(): OcrLanguage[] {
  const configured = env().OCR_DEFAULT_LANGUAGES;
  const langs = configured.split(/[+,]/).filter(Boolean);
  return langs.length ? parseOcrLanguages(langs) : ["eng"];
}

// ---------------------------------------------------------------------------------------------------------
// Public types

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** 0–100. */
  confidence: number;
  /** In pixels of the input image (after EXIF orientation). */
  bbox: OcrBox;
}

export type OcrBlockKind = "heading" | "paragraph" | "list";

export interface OcrBlock {
  kind: OcrBlockKind;
  /** Heading level 1–3 (headings only). */
  level?: number;
  /** Plain text: the paragraph or heading; list items joined by newlines. */
  text: string;
  /** List items (lists only). */
  items?: { ordered: boolean; number?: number; text: string }[];
  bbox: OcrBox;
  confidence: number;
}

export interface OcrPageResult {
  /** Markdown of the page: headings, paragraphs, lists, one blank line between blocks. */
  markdown: string;
  /** Plain text, paragraphs separated by a blank line. */
  text: string;
  /** Mean word confidence 0–100 (0 when nothing was recognised). */
  confidence: number;
  blocks: OcrBlock[];
  words: OcrWord[];
  /** Size of the input image in pixels (after EXIF orientation). */
  width: number;
  height: number;
  languages: OcrLanguage[];
  /** Time spent in the engine (excluding queueing and image preparation). */
  recognizeMs: number;
}

export interface OcrOptions {
  /** Tesseract codes (see parseOcrLanguages); default OCR_DEFAULT_LANGUAGES. */
  languages?: readonly string[] | string;
  signal?: AbortSignal;
  /** Resolution of the image when known (rendered PDF pages); otherwise read from the file or estimated. */
  dpi?: number;
  /** Override of OCR_PAGE_TIMEOUT_MS for this page (engine time, queueing excluded). */
  timeoutMs?: number;
}

export interface OcrStats {
  /** Page jobs currently on a worker. */
  running: number;
  /** Admitted page jobs (and reservations of ocrPages) not on a worker: preparing or waiting. */
  queued: number;
  /** running + queued may not exceed this: OCR_WORKERS + OCR_QUEUE_MAX. */
  capacity: number;
  /** Live tesseract workers (starting or ready) and their maximum. */
  workers: number;
  maxWorkers: number;
  /** Language combinations of the live workers. */
  workerLanguages: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Image preparation

/** Longest side of the image handed to tesseract. */
export const OCR_MAX_SIDE_PX = 4000;
/**
 * Resolution images above it are scaled down to, and the one to render PDF pages at for OCR. Measured on
 * generated pages (6–11 pt, clean and blurred/JPEG-degraded): the same words as at 300 dpi down to 200 dpi,
 * while 300 dpi costs ~20% more CPU per page (layout analysis scales with the pixel count).
 */
export const OCR_TARGET_DPI = 240;
/** Larger inputs are refused (decompression bombs; 120 MP ≈ A0 at 250 dpi). */
export const OCR_MAX_INPUT_PIXELS = 120_000_000;
/** Images whose longest side is below this are enlarged ×2 (screenshots, small scans): tesseract reads small glyphs badly. */
const UPSCALE_BELOW_PX = 1200;

export interface PreparedImage {
  /** Binary PGM (P5, 8-bit gray). */
  pgm: Buffer;
  width: number;
  height: number;
  /** Prepared pixels per input pixel. */
  scale: number;
  /** Resolution of the prepared image when known. */
  dpi?: number;
  /** Input size after EXIF orientation. */
  inputWidth: number;
  inputHeight: number;
}

function renderingFailed(detail: string): AppError {
  return new AppError("file_rendering_failed", detail);
}

/** Header of a binary 8-bit PGM (what render.ts produces). */
export function parsePgmHeader(data: Uint8Array): { width: number; height: number; offset: number } | null {
  if (data.length < 8 || data[0] !== 0x50 || data[1] !== 0x35) return null; // "P5"
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 128)).toString("latin1");
  const m = /^P5(?:\s+|#[^\n]*\n)+(\d+)(?:\s+|#[^\n]*\n)+(\d+)(?:\s+|#[^\n]*\n)+(\d+)\s/.exec(head);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (Number(m[3]) !== 255 || width < 1 || height < 1) return null;
  return { width, height, offset: m[0].length };
}

function tooLarge(width: number, height: number): AppError {
  return renderingFailed(
    `The image is ${width} × ${height} pixels (${((width * height) / 1e6).toFixed(0)} MP); images over ${OCR_MAX_INPUT_PIXELS / 1e6} MP are not processed.`,
  );
}

function sharpFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return renderingFailed(`The image is larger than ${OCR_MAX_INPUT_PIXELS / 1e6} MP and is not processed.`);
  return renderingFailed(`The image could not be read (corrupt or unsupported): ${message.split("\n")[0]}`);
}

/** Reads the image's size (cheap, no decoding); corrupt or oversized images → file_rendering_failed. */
export async function inspectImage(image: Uint8Array): Promise<{ width: number; height: number; format: string; density?: number }> {
  const pgm = parsePgmHeader(image);
  if (pgm) {
    if (pgm.width * pgm.height > OCR_MAX_INPUT_PIXELS) throw tooLarge(pgm.width, pgm.height);
    if (image.length < pgm.offset + pgm.width * pgm.height) throw renderingFailed("The PGM image is truncated.");
    return { width: pgm.width, height: pgm.height, format: "pgm" };
  }
  let meta: Metadata;
  try {
    meta = await sharp(image, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch (err) {
    throw sharpFailure(err);
  }
  if (!meta.width || !meta.height) throw renderingFailed("The image has no dimensions.");
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  if (width * height > OCR_MAX_INPUT_PIXELS) throw tooLarge(width, height);
  return { width, height, format: meta.format ?? "unknown", density: meta.density };
}

/**
 * Normalises an image for OCR (see the file header) and encodes it as PGM. `dpi` is the known resolution
 * (rendered pages); otherwise the file's density is used when plausible.
 */
export async function prepareOcrImage(image: Uint8Array, opts: { dpi?: number } = {}): Promise<PreparedImage> {
  const info = await inspectImage(image);
  const pgm = parsePgmHeader(image);
  const knownDpi = opts.dpi ?? (info.density && info.density >= 100 && info.density <= 2400 ? info.density : undefined);
  const longest = Math.max(info.width, info.height);
  let scale = 1;
  if (knownDpi && knownDpi > OCR_TARGET_DPI * 1.1) scale = OCR_TARGET_DPI / knownDpi;
  if (longest * scale > OCR_MAX_SIDE_PX) scale = OCR_MAX_SIDE_PX / longest;
  if (longest < UPSCALE_BELOW_PX && (!knownDpi || knownDpi < 200)) scale = Math.min(2, OCR_MAX_SIDE_PX / longest);
  const width = Math.max(1, Math.round(info.width * scale));
  const height = Math.max(1, Math.round(info.height * scale));
  try {
    let pipeline = pgm
      ? sharp(Buffer.from(image.buffer, image.byteOffset + pgm.offset, pgm.width * pgm.height), {
          raw: { width: pgm.width, height: pgm.height, channels: 1 },
          limitInputPixels: OCR_MAX_INPUT_PIXELS,
        })
      : sharp(image, { limitInputPixels: OCR_MAX_INPUT_PIXELS, failOn: "error" }).rotate().flatten({ background: "#ffffff" });
    if (scale !== 1) pipeline = pipeline.resize(width, height, { fit: "fill", kernel: scale < 1 ? "lanczos3" : "cubic" });
    if (!pgm) pipeline = pipeline.normalise({ lower: 1, upper: 99 });
    let { data, info: out } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
    if (out.channels !== 1) {
      ({ data, info: out } = await sharp(data, { raw: { width: out.width, height: out.height, channels: out.channels } })
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true }));
    }
    const header = Buffer.from(`P5\n${out.width} ${out.height}\n255\n`, "latin1");
    return {
      pgm: Buffer.concat([header, data]),
      width: out.width,
      height: out.height,
      scale: out.width / info.width,
      dpi: knownDpi ? Math.round(knownDpi * scale) : undefined,
      inputWidth: info.width,
      inputHeight: info.height,
    };
  } catch (err) {
    throw sharpFailure(err);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Layout → Markdown

interface TBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TWord {
  text: string;
  confidence: number;
  bbox: TBox;
}
interface TLine {
  words: TWord[];
  confidence: number;
  bbox: TBox;
  rowAttributes?: { rowHeight?: number };
}
interface TParagraph {
  lines: TLine[];
  bbox: TBox;
  confidence: number;
}
interface TBlock {
  paragraphs: TParagraph[];
}

interface Line {
  text: string;
  height: number;
  confidence: number;
  bbox: TBox;
}

const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;
/** Glyphs that only ever mark list items. */
const BULLET_STRICT = /^[•●○◦▪▫■□‣⁃∙➢➤►▶✓✔❖◆◇]\s*(.*)$/u;
/** Glyphs tesseract also reads bullets as, or dashes; accepted at the start of a paragraph or inside a list. */
const BULLET_LOOSE = /^[»«*+·\-–—]\s+(.+)$/u;
const NUMBERED = /^(\d{1,3})[.)]\s+(.+)$/u;

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Joins the lines of one paragraph: spaces between lines, line-end hyphenation removed. */
export function joinOcrLines(lines: string[]): string {
  let out = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!out) {
      out = line;
      continue;
    }
    if (/\u00AD$/.test(out)) out = out.slice(0, -1) + line; // soft hyphen
    else if (/\p{L}[-\u2010]$/u.test(out)) {
      // "Versand-" + "kosten" → "Versandkosten"; "E-" + "Mail" keeps the hyphen
      out = /^\p{Ll}/u.test(line) ? out.slice(0, -1) + line : out + line;
    } else out += ` ${line}`;
  }
  return out;
}

function unionBox(boxes: TBox[]): TBox {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

function scaleBox(b: TBox, inv: number): OcrBox {
  return { x0: Math.round(b.x0 * inv), y0: Math.round(b.y0 * inv), x1: Math.round(b.x1 * inv), y1: Math.round(b.y1 * inv) };
}

function lineOf(l: TLine): Line | null {
  const words = (l.words ?? []).map((w) => w.text.trim()).filter(Boolean);
  const text = words.join(" ").replace(/\s+/g, " ").trim();
  if (!text) return null;
  // Noise from pictures, rules and page edges: no letters or digits at all, or hardly any confidence.
  if (!HAS_WORD_CHAR.test(text) || l.confidence < 20) return null;
  const height = l.rowAttributes?.rowHeight && l.rowAttributes.rowHeight > 0 ? l.rowAttributes.rowHeight : l.bbox.y1 - l.bbox.y0;
  return { text, height, confidence: l.confidence, bbox: l.bbox };
}

/**
 * Turns tesseract's block tree into blocks and Markdown. `scale` is prepared pixels per input pixel (boxes are
 * reported in input pixels). Exported for tests.
 */
export function ocrLayoutToMarkdown(tblocks: readonly TBlock[] | null | undefined, scale = 1): { markdown: string; text: string; blocks: OcrBlock[] } {
  const inv = 1 / scale;
  const paragraphs: { lines: Line[]; bbox: TBox; confidence: number }[] = [];
  for (const b of tblocks ?? []) {
    for (const p of b.paragraphs ?? []) {
      const lines = (p.lines ?? []).map(lineOf).filter((l): l is Line => l !== null);
      if (lines.length) paragraphs.push({ lines, bbox: unionBox(lines.map((l) => l.bbox)), confidence: p.confidence });
    }
  }
  // Body text height: median line height weighted by characters.
  const weighted: number[] = [];
  for (const p of paragraphs) for (const l of p.lines) for (let i = 0; i < Math.ceil(l.text.length / 10); i++) weighted.push(l.height);
  const bodyHeight = median(weighted);
  const totalLines = paragraphs.reduce((n, p) => n + p.lines.length, 0);

  const blocks: OcrBlock[] = [];
  const pushList = (item: { ordered: boolean; number?: number; text: string }, bbox: TBox, confidence: number) => {
    const last = blocks[blocks.length - 1];
    if (last?.kind === "list") {
      last.items!.push(item);
      last.bbox = unionBox([last.bbox, bbox]);
    } else blocks.push({ kind: "list", text: "", items: [item], bbox, confidence });
  };

  for (const p of paragraphs) {
    const pHeight = median(p.lines.map((l) => l.height));
    const ratio = bodyHeight > 0 ? pHeight / bodyHeight : 1;
    const joined = joinOcrLines(p.lines.map((l) => l.text));
    const box = scaleBox(p.bbox, inv);
    // Headings: clearly taller than the body text, short, not a sentence.
    if (totalLines >= 3 && p.lines.length <= 3 && joined.length <= 150 && !/[.,;]$/.test(joined) && /\p{L}/u.test(joined)) {
      const level = ratio >= 1.75 ? 1 : ratio >= 1.35 ? 2 : ratio >= 1.2 && p.lines.length === 1 && joined.length <= 80 ? 3 : 0;
      if (level) {
        blocks.push({ kind: "heading", level, text: joined, bbox: box, confidence: p.confidence });
        continue;
      }
    }
    // Lists: a line opening with a bullet or number starts an item; other lines continue it.
    const prev = blocks[blocks.length - 1];
    let inList = prev?.kind === "list";
    const items: { ordered: boolean; number?: number; lines: string[] }[] = [];
    const lead: string[] = [];
    for (let i = 0; i < p.lines.length; i++) {
      const t = p.lines[i].text;
      const open = i === 0 || inList;
      const strict = BULLET_STRICT.exec(t);
      const loose = open ? BULLET_LOOSE.exec(t) : null;
      const num = open ? NUMBERED.exec(t) : null;
      if (strict || loose) {
        items.push({ ordered: false, lines: [(strict ?? loose)![1]] });
        inList = true;
      } else if (num) {
        items.push({ ordered: true, number: Number(num[1]), lines: [num[2]] });
        inList = true;
      } else if (items.length) items[items.length - 1].lines.push(t);
      else lead.push(t);
    }
    if (lead.length) {
      blocks.push({ kind: "paragraph", text: joinOcrLines(lead), bbox: box, confidence: p.confidence });
    }
    for (const it of items) pushList({ ordered: it.ordered, number: it.number, text: joinOcrLines(it.lines) }, box, p.confidence);
  }

  const md: string[] = [];
  const plain: string[] = [];
  for (const b of blocks) {
    if (b.kind === "list") {
      b.text = b.items!.map((i) => (i.ordered ? `${i.number}. ${i.text}` : i.text)).join("\n");
      md.push(b.items!.map((i) => `${i.ordered ? `${i.number}.` : "-"} ${escapeMarkdownText(i.text)}`).join("\n"));
    } else if (b.kind === "heading") md.push(`${"#".repeat(b.level!)} ${escapeMarkdownText(b.text)}`);
    else md.push(escapeMarkdownText(b.text));
    plain.push(b.text);
  }
  return { markdown: md.join("\n\n"), text: plain.join("\n\n"), blocks };
}

// ---------------------------------------------------------------------------------------------------------
// Worker pool

type TesseractModule = typeof import("tesseract.js");
type TWorker = import("tesseract.js").Worker & { worker?: import("node:worker_threads").Worker };

/** Idle workers are terminated after this long (their 175–325 MB each are given back). */
const IDLE_WORKER_MS = 5 * 60_000;
/** A worker that has not loaded its language data by then is abandoned. */
const WORKER_START_TIMEOUT_MS = 60_000;

interface Slot {
  id: number;
  key: string;
  langs: OcrLanguage[];
  ready: Promise<TWorker>;
  worker?: TWorker;
  busy: boolean;
  dead: boolean;
  lastUsed: number;
  idleTimer?: NodeJS.Timeout;
  /** Fails the job running on this slot (worker crash). */
  failCurrent?: (err: unknown) => void;
}

interface Waiter {
  key: string;
  langs: OcrLanguage[];
  resolve: (slot: Slot) => void;
  reject: (err: unknown) => void;
  cleanup: () => void;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

function moduleRequire(): NodeJS.Require {
  // Resolved from the app's directory at run time, not by the bundler.
  return createRequire(path.join(process.cwd(), "package.json"));
}

function langDataFile(lang: OcrLanguage): string {
  const file = `${lang}.traineddata.gz`;
  try {
    const pkg = moduleRequire().resolve(`@tesseract.js-data/${lang}/package.json`);
    const p = path.join(path.dirname(pkg), "4.0.0_best_int", file);
    if (fs.existsSync(p)) return p;
  } catch {
    // fall through
  }
  const p = path.join(process.cwd(), "node_modules", "@tesseract.js-data", lang, "4.0.0_best_int", file);
  if (fs.existsSync(p)) return p;
  throw new AppError("internal_server_error", `OCR language data for "${lang}" is not installed (package @tesseract.js-data/${lang}).`);
}

function tesseractWorkerPath(): string | undefined {
  try {
    return moduleRequire().resolve("tesseract.js/src/worker-script/node/index.js");
  } catch {
    return undefined; // tesseract.js's own default
  }
}

const LANG_DIR_PREFIX = "docintel-tessdata-";

/** Removes language-data link directories left by processes that died without cleaning up (killed). */
function sweepStaleLanguageDirs(): void {
  try {
    for (const name of fs.readdirSync(os.tmpdir())) {
      const m = new RegExp(`^${LANG_DIR_PREFIX}(\\d+)-`).exec(name);
      if (!m || Number(m[1]) === process.pid) continue;
      try {
        process.kill(Number(m[1]), 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ESRCH") fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
      }
    }
  } catch {
    // best effort
  }
}

class OcrPool {
  readonly maxWorkers: number;
  readonly queueMax: number;
  readonly pageTimeoutMs: number;
  private tickets = 0;
  private running = 0;
  private slots: Slot[] = [];
  private waiters: Waiter[] = [];
  private nextId = 1;
  private closed = false;
  private langDir?: string;
  private tesseract?: Promise<TesseractModule>;

  constructor() {
    const e = env();
    this.maxWorkers = defaultWorkers();
    this.queueMax = e.OCR_QUEUE_MAX;
    this.pageTimeoutMs = e.OCR_PAGE_TIMEOUT_MS;
  }

  get capacity(): number {
    return this.maxWorkers + this.queueMax;
  }

  stats(): OcrStats {
    return {
      running: this.running,
      queued: this.tickets - this.running,
      capacity: this.capacity,
      workers: this.slots.length,
      maxWorkers: this.maxWorkers,
      workerLanguages: this.slots.map((s) => s.key),
    };
  }

  /** Takes up to `want` tickets (at least one) or throws 429. Synchronous, so callers are admitted in call order. */
  admit(want: number): number {
    if (this.closed) throw new AppError("service_maintenance", "The OCR service is shutting down.");
    const free = this.capacity - this.tickets;
    if (free < 1) {
      throw new AppError(
        "ocr_concurrent_limit",
        `The OCR capacity is in use (${this.running} page${this.running === 1 ? "" : "s"} running, ${this.tickets - this.running} waiting; limit ${this.capacity}). Retry in a few seconds.`,
        { retryAfterSeconds: 5 },
      );
    }
    const granted = Math.max(1, Math.min(want, free));
    this.tickets += granted;
    return granted;
  }

  release(n: number): void {
    this.tickets = Math.max(0, this.tickets - n);
  }

  /** Prepares and recognises one image; the caller holds a ticket. */
  async process(image: Uint8Array, langs: OcrLanguage[], opts: OcrOptions): Promise<OcrPageResult> {
    const { signal } = opts;
    signal?.throwIfAborted();
    const prepared = await prepareOcrImage(image, { dpi: opts.dpi });
    signal?.throwIfAborted();
    const slot = await this.acquire(langs, signal);
    let broken = true;
    try {
      const worker = await this.waitReady(slot, signal);
      const started = Date.now();
      const data = await this.recognize(slot, worker, prepared, opts.timeoutMs ?? this.pageTimeoutMs, signal);
      broken = false;
      const recognizeMs = Date.now() - started;
      const layout = ocrLayoutToMarkdown(data.blocks as TBlock[] | null, prepared.scale);
      const inv = 1 / prepared.scale;
      const words: OcrWord[] = [];
      for (const b of (data.blocks ?? []) as TBlock[]) {
        for (const p of b.paragraphs ?? []) {
          for (const l of p.lines ?? []) {
            for (const w of l.words ?? []) {
              const text = w.text.trim();
              if (text) words.push({ text, confidence: Math.round(w.confidence), bbox: scaleBox(w.bbox, inv) });
            }
          }
        }
      }
      return {
        markdown: layout.markdown,
        text: layout.text,
        confidence: words.length ? Math.round(Number(data.confidence) || 0) : 0,
        blocks: layout.blocks,
        words,
        width: prepared.inputWidth,
        height: prepared.inputHeight,
        languages: langs,
        recognizeMs,
      };
    } finally {
      this.releaseSlot(slot, broken);
    }
  }

  private recognize(slot: Slot, worker: TWorker, img: PreparedImage, timeoutMs: number, signal?: AbortSignal) {
    return new Promise<import("tesseract.js").Page>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        slot.failCurrent = undefined;
        fn();
      };
      const timer = setTimeout(
        () => finish(() => reject(renderingFailed(`OCR of the page did not finish within ${Math.round(timeoutMs / 1000)} s.`))),
        timeoutMs,
      );
      const onAbort = () => finish(() => reject(abortError(signal!)));
      signal?.addEventListener("abort", onAbort, { once: true });
      slot.failCurrent = (err) => finish(() => reject(renderingFailed(`The OCR engine failed: ${err instanceof Error ? err.message : String(err)}`)));
      const params: Record<string, string> = {};
      if (img.dpi) params.user_defined_dpi = String(Math.max(70, Math.min(2400, img.dpi)));
      worker.recognize(img.pgm, params, { text: false, blocks: true }).then(
        (r) => finish(() => resolve(r.data)),
        (err) => finish(() => reject(renderingFailed(`The image could not be recognised: ${err instanceof Error ? err.message : String(err)}`))),
      );
    });
  }

  private acquire(langs: OcrLanguage[], signal?: AbortSignal): Promise<Slot> {
    return new Promise<Slot>((resolve, reject) => {
      const key = langs.join("+");
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(abortError(signal!));
      };
      const waiter: Waiter = { key, langs, resolve, reject, cleanup: () => signal?.removeEventListener("abort", onAbort) };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  /** Hands free workers (or room for new ones) to waiters in FIFO order. */
  private pump(): void {
    while (this.waiters.length && !this.closed) {
      const w = this.waiters[0];
      let slot = this.slots.find((s) => !s.busy && !s.dead && s.key === w.key);
      if (!slot) {
        if (this.slots.length >= this.maxWorkers) {
          const idle = this.slots.filter((s) => !s.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
          if (!idle) return;
          this.retire(idle);
        }
        slot = this.startSlot(w.key, w.langs);
      }
      this.waiters.shift();
      w.cleanup();
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.busy = true;
      slot.worker?.worker?.ref();
      this.running++;
      w.resolve(slot);
    }
  }

  private startSlot(key: string, langs: OcrLanguage[]): Slot {
    const slot: Slot = { id: this.nextId++, key, langs, busy: true, dead: false, lastUsed: Date.now(), ready: undefined as never };
    slot.ready = this.createWorker(langs).then(
      (worker) => {
        if (slot.dead) {
          void worker.terminate();
          throw new AppError("internal_server_error", "The OCR worker was stopped.");
        }
        slot.worker = worker;
        const onCrash = (err: unknown) => {
          if (slot.dead) return;
          const fail = slot.failCurrent;
          this.retire(slot);
          fail?.(err);
          this.pump();
        };
        worker.worker?.on("error", onCrash);
        worker.worker?.on("exit", (code) => onCrash(new Error(`worker exited with code ${code}`)));
        return worker;
      },
      (err) => {
        throw err instanceof AppError ? err : new AppError("internal_server_error", `The OCR engine could not start: ${err instanceof Error ? err.message : String(err)}`);
      },
    );
    slot.ready.catch(() => {}); // observed by waitReady
    this.slots.push(slot);
    return slot;
  }

  private async createWorker(langs: OcrLanguage[]): Promise<TWorker> {
    this.tesseract ??= import("tesseract.js").then((m) => ((m as { default?: TesseractModule }).default ?? m) as TesseractModule);
    const T = await this.tesseract;
    const langPath = this.languageDir();
    const workerPath = tesseractWorkerPath();
    let starting = true;
    let failStart: (err: unknown) => void = () => {};
    const startFailed = new Promise<never>((_, reject) => {
      failStart = reject;
    });
    const creating = T.createWorker(langs.join("+"), T.OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: "none",
      ...(workerPath ? { workerPath } : {}),
      logger: () => {},
      // Without a handler tesseract.js throws job failures from a message listener, which would crash the
      // process. A failure while loading language data never settles createWorker: fail the start here.
      errorHandler: (err: unknown) => {
        if (starting) failStart(new Error(String(err)));
      },
    }) as Promise<TWorker>;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`language data did not load within ${WORKER_START_TIMEOUT_MS / 1000} s`)), WORKER_START_TIMEOUT_MS);
    });
    try {
      const worker = await Promise.race([creating, timeout, startFailed]);
      await worker.setParameters({
        tessedit_pageseg_mode: T.PSM.AUTO,
        tessedit_do_invert: "0",
        // tesseract's diagnostics ("Estimating resolution as …") would go to the server's stderr
        debug_file: "/dev/null",
      });
      return worker;
    } catch (err) {
      creating.then((w) => w.terminate()).catch(() => {});
      throw err;
    } finally {
      starting = false;
      clearTimeout(timer);
    }
  }

  /** A private directory with links to every supported language's data, so one langPath serves all combinations. */
  private languageDir(): string {
    // (re-created if a temp cleaner removed it from a long-running server)
    if (this.langDir && fs.existsSync(this.langDir)) return this.langDir;
    sweepStaleLanguageDirs();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${LANG_DIR_PREFIX}${process.pid}-`));
    for (const lang of SUPPORTED_OCR_LANGUAGES) {
      const target = path.join(dir, `${lang}.traineddata.gz`);
      const source = langDataFile(lang);
      try {
        fs.symlinkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
    this.langDir = dir;
    return dir;
  }

  private async waitReady(slot: Slot, signal?: AbortSignal): Promise<TWorker> {
    if (slot.worker) return slot.worker;
    if (!signal) return slot.ready;
    signal.throwIfAborted();
    return new Promise<TWorker>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      signal.addEventListener("abort", onAbort, { once: true });
      slot.ready.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  /** Returns a slot after a job; a broken one (timeout, abort, engine error) is terminated instead. */
  private releaseSlot(slot: Slot, broken: boolean): void {
    if (!slot.busy) return;
    slot.busy = false;
    this.running--;
    slot.lastUsed = Date.now();
    if (broken && slot.worker) this.retire(slot);
    else if (!slot.worker) {
      // Still starting (the job was aborted while waiting): keep it if it comes up, drop it if it fails.
      slot.ready.then(
        () => this.onIdle(slot),
        () => this.retire(slot),
      );
    } else this.onIdle(slot);
    this.pump();
  }

  private onIdle(slot: Slot): void {
    if (slot.dead || slot.busy) return;
    slot.worker?.worker?.unref(); // an idle pool does not keep scripts alive
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.busy) {
        this.retire(slot);
        this.pump();
      }
    }, IDLE_WORKER_MS);
    slot.idleTimer.unref();
    this.pump();
  }

  private retire(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    this.slots = this.slots.filter((s) => s !== slot);
    if (slot.worker) void slot.worker.terminate().catch(() => {});
  }

  async shutdown(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters.splice(0)) {
      w.cleanup();
      w.reject(new AppError("service_maintenance", "The OCR service was shut down."));
    }
    for (const slot of [...this.slots]) {
      const fail = slot.failCurrent;
      this.retire(slot);
      fail?.(new Error("the OCR service was shut down"));
    }
    if (this.langDir) fs.rmSync(this.langDir, { recursive: true, force: true });
    this.langDir = undefined;
  }
}

const POOL_KEY = Symbol.for("docintel.ocr.pool");
const EXIT_KEY = Symbol.for("docintel.ocr.exit-hook");
type Global = typeof globalThis & { [POOL_KEY]?: OcrPool };

function defaultWorkers(): number {
  const cpus = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  return env().OCR_WORKERS ?? Math.max(1, Math.min(2, cpus));
}

function pool(): OcrPool {
  const g = globalThis as Global & { [EXIT_KEY]?: boolean };
  if (!g[POOL_KEY]) g[POOL_KEY] = new OcrPool();
  if (!g[EXIT_KEY]) {
    g[EXIT_KEY] = true;
    // Synchronous part of shutdown: terminate workers, remove the language-data link directory.
    process.once("exit", () => void (globalThis as Global)[POOL_KEY]?.shutdown());
  }
  return g[POOL_KEY];
}

// ---------------------------------------------------------------------------------------------------------
// API

/**
 * OCRs one image (PNG, JPEG, other formats sharp reads, or the PGM pages of render.ts).
 * Rejects immediately with 429 ocr_concurrent_limit when the pool is full, 400 bad_request for unsupported
 * languages, 500 file_rendering_failed for unreadable or oversized images and pages over the timeout; an
 * aborted signal rejects with the signal's reason.
 */
export async function ocrImage(image: Uint8Array, opts: OcrOptions = {}): Promise<OcrPageResult> {
  const langs = parseOcrLanguages(opts.languages);
  opts.signal?.throwIfAborted();
  const p = pool();
  p.admit(1); // synchronous: before the first await
  try {
    return await p.process(image, langs, opts);
  } finally {
    p.release(1);
  }
}

export interface OcrPageInput {
  page: number;
  image: Uint8Array;
  dpi?: number;
}

export interface OcrPagesOptions extends OcrOptions {
  /** Pages of this document on workers at the same time; default OCR_WORKERS. */
  concurrency?: number;
}

/**
 * OCRs a stream of page images (e.g. renderPdfPages) and yields results as pages complete (not necessarily
 * in order). Capacity is reserved once, up front: a full pool rejects the first page with 429, and a
 * document that has started is not refused half-way by later requests. The next page is pulled from the
 * source while others are being recognised. On error or abort the source is closed and the error thrown.
 */
export async function* ocrPages(
  source: AsyncIterable<OcrPageInput> | Iterable<OcrPageInput>,
  opts: OcrPagesOptions = {},
): AsyncGenerator<{ page: number; result: OcrPageResult }> {
  const langs = parseOcrLanguages(opts.languages);
  opts.signal?.throwIfAborted();
  const p = pool();
  const granted = p.admit(Math.max(1, opts.concurrency ?? p.maxWorkers));
  const controller = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
  const iterator: AsyncIterator<OcrPageInput> | Iterator<OcrPageInput> =
    Symbol.asyncIterator in source ? (source as AsyncIterable<OcrPageInput>)[Symbol.asyncIterator]() : (source as Iterable<OcrPageInput>)[Symbol.iterator]();
  type Done = { kind: "ocr"; id: number; page: number; result?: OcrPageResult; error?: unknown } | { kind: "pull"; res?: IteratorResult<OcrPageInput>; error?: unknown };
  const running = new Map<number, Promise<Done>>();
  let pull: Promise<Done> | null = null;
  let buffered: OcrPageInput | null = null;
  let exhausted = false;
  let nextId = 0;
  let failed = false;
  try {
    for (;;) {
      if (!exhausted && !buffered && !pull) {
        pull = Promise.resolve()
          .then(() => iterator.next())
          .then(
            (res): Done => ({ kind: "pull", res }),
            (error): Done => ({ kind: "pull", error }),
          );
      }
      while (buffered && running.size < granted) {
        const item = buffered;
        buffered = null;
        const id = nextId++;
        running.set(
          id,
          p.process(item.image, langs, { ...opts, signal, dpi: item.dpi ?? opts.dpi }).then(
            (result): Done => ({ kind: "ocr", id, page: item.page, result }),
            (error): Done => ({ kind: "ocr", id, page: item.page, error }),
          ),
        );
        if (!exhausted && !pull) {
          pull = Promise.resolve()
            .then(() => iterator.next())
            .then(
              (res): Done => ({ kind: "pull", res }),
              (error): Done => ({ kind: "pull", error }),
            );
        }
      }
      const racers: Promise<Done>[] = [...running.values(), ...(pull && !buffered ? [pull] : [])];
      if (!racers.length) break;
      const done: Done = await Promise.race(racers);
      if (done.kind === "pull") {
        pull = null;
        if (done.error !== undefined) throw done.error;
        if (done.res!.done) exhausted = true;
        else buffered = done.res!.value;
        continue;
      }
      running.delete(done.id);
      if (done.error !== undefined) throw done.error;
      yield { page: done.page, result: done.result! };
    }
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    controller.abort(new DOMException("OCR of the document was stopped.", "AbortError"));
    await Promise.allSettled([...running.values(), ...(pull ? [pull] : [])]);
    if (failed || !exhausted) await Promise.resolve(iterator.return?.()).catch(() => {});
    p.release(granted);
  }
}

/** Current load of the pool (zeros before the first OCR call). */
export function ocrStats(): OcrStats {
  const g = globalThis as Global;
  if (!g[POOL_KEY]) {
    const maxWorkers = defaultWorkers();
    return { running: 0, queued: 0, capacity: maxWorkers + env().OCR_QUEUE_MAX, workers: 0, maxWorkers, workerLanguages: [] };
  }
  return g[POOL_KEY].stats();
}

/** Starts the workers for these languages ahead of the first page (benchmarks, warm start). */
export async function warmUpOcr(languages?: readonly string[] | string): Promise<void> {
  const langs = parseOcrLanguages(languages);
  const p = pool();
  const n = p.maxWorkers;
  // A tiny image per worker: admission as usual, so this never overruns the queue.
  const blank = await sharp({ create: { width: 64, height: 32, channels: 3, background: "#ffffff" } }).png().toBuffer();
  const granted = p.admit(n);
  try {
    await Promise.all(Array.from({ length: granted }, () => p.process(blank, langs, {})));
  } finally {
    p.release(granted);
  }
}

/** Terminates every worker and rejects waiting jobs; the next call starts a new pool with current settings. */
export async function shutdownOcr(): Promise<void> {
  const g = globalThis as Global;
  const p = g[POOL_KEY];
  delete g[POOL_KEY];
  await p?.shutdown();
}
