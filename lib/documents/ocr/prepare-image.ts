// Image preparation. Images are normalised with sharp before OCR (EXIF orientation, alpha flattened onto
// white, grayscale, scaled to ≤ 200 dpi-equivalent (OCR_TARGET_DPI) and ≤ 4000 px per side, small images
// enlarged) and sent to tesseract as uncompressed PGM, which is cheaper than PNG on both sides. Corrupt
// images and images over OCR_MAX_INPUT_PIXELS are refused with 400 unsupported_file_format (the content's fault).
//
// Preparation must never make a page worse than the raw image (measured on real scans, see
// scripts/bench/scan-quality.ts), hence:
// - no contrast stretch: a percentile stretch (1–99 %) on a page whose ink covers under 1 % of the pixels
//   maps the paper's noise or JPEG ringing to black, and tesseract then reads nothing (0 words on a clean
//   noisy-background invoice) — tesseract binarises each page itself (Otsu), which a linear stretch does not
//   help;
// - a file's dpi metadata is often wrong (a 120 dpi page labelled 300 dpi), so it is only used to scale
//   down when it describes a page-sized image (both sides ≥ 5 inches at that resolution), and it is never
//   passed to tesseract, which estimates the resolution from the text itself (a wrong value makes it drop
//   glyphs as noise); a resolution given by the caller (rendered PDF pages) is trusted.
import sharp, { type Metadata } from "sharp";
import { unreadableDocument } from "@/lib/documents/failures";
import { AppError } from "@/lib/errors";

/** Longest side of the image handed to tesseract. */
export const OCR_MAX_SIDE_PX = 4000;
/**
 * Resolution images above it are scaled down to, and the one to render PDF pages at for OCR. Measured on
 * generated pages (6–11 pt, clean and blurred/JPEG-degraded): the same words as at 300 dpi down to 200 dpi
 * (6 pt: word recall 100% at 200 and 240 dpi, scripts/bench-ocr.ts --pt 6), and the same scores on the
 * held-out scans (scripts/bench/scan-quality.ts); rendering, layout analysis, ruling-line search and the
 * hand-over to the worker scale with the pixel count (240 dpi: +44% pixels, ~7–10% more CPU per page).
 */
export const OCR_TARGET_DPI = 200;
/** Larger inputs are refused (decompression bombs; 120 MP ≈ A0 at 250 dpi). */
export const OCR_MAX_INPUT_PIXELS = 120_000_000;
/** File dpi metadata is trusted for scaling only when the image is at least this many inches on its shorter side. */
const MIN_PAGE_INCHES = 5;
/** Images whose longest side is below this are enlarged ×2 (screenshots, small scans): tesseract reads small glyphs badly. */
const UPSCALE_BELOW_PX = 1200;

export interface PreparedImage {
  /** Binary PGM (P5, 8-bit gray). */
  pgm: Buffer;
  width: number;
  height: number;
  /** Prepared pixels per input pixel. */
  scale: number;
  /** Resolution of the prepared image when the caller gave it (rendered pages); never from file metadata. */
  dpi?: number;
  /** Input size after EXIF orientation. */
  inputWidth: number;
  inputHeight: number;
  /** Skew the page was turned back by (degrees, deskew.ts); unset when not turned. */
  skew?: number;
}

export function renderingFailed(detail: string): AppError {
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

/** A binary 8-bit PGM of `width` × `height` gray pixels (the inverse of parsePgmHeader). */
export function toPgm(width: number, height: number, data: Uint8Array): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, "latin1");
  const out = Buffer.allocUnsafe(header.length + data.length);
  header.copy(out, 0);
  out.set(data, header.length);
  return out;
}

/**
 * The paper's gray level in 8-bit gray pixels `gray[offset .. offset + n)`: the 90th percentile (10% of the
 * pixels are at least this bright), from at most ~200,000 samples.
 */
export function paperLevel(gray: Uint8Array, offset: number, n: number): number {
  const hist = new Uint32Array(256);
  const step = Math.max(1, Math.floor(n / 200_000));
  let total = 0;
  for (let i = 0; i < n; i += step) {
    hist[gray[offset + i]]++;
    total++;
  }
  let acc = 0;
  for (let v = 255; v >= 0; v--) {
    acc += hist[v];
    if (acc >= total * 0.1) return v;
  }
  return 255;
}

function tooLarge(width: number, height: number): AppError {
  return unreadableDocument(
    `The image is ${width} × ${height} pixels (${((width * height) / 1e6).toFixed(0)} MP); images over ${OCR_MAX_INPUT_PIXELS / 1e6} MP are not processed.`,
  );
}

function sharpFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return unreadableDocument(`The image is larger than ${OCR_MAX_INPUT_PIXELS / 1e6} MP and is not processed.`);
  return unreadableDocument(`The image could not be read (corrupt or unsupported): ${message.split("\n")[0]}`);
}

/** Reads the image's size (cheap, no decoding); corrupt or oversized images → 400 unsupported_file_format. */
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
  if (!meta.width || !meta.height) throw unreadableDocument("The image has no dimensions.");
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  if (width * height > OCR_MAX_INPUT_PIXELS) throw tooLarge(width, height);
  return { width, height, format: meta.format ?? "unknown", density: meta.density };
}

/**
 * Normalises an image for OCR (see the file header) and encodes it as PGM. `dpi` is the known resolution
 * (rendered pages); otherwise the file's density is used when plausible. `resample: false` keeps the pixels
 * as they are (only images over OCR_MAX_SIDE_PX are scaled): the fallback when a scaled page reads badly.
 */
export async function prepareOcrImage(image: Uint8Array, opts: { dpi?: number; resample?: boolean } = {}): Promise<PreparedImage> {
  const info = await inspectImage(image);
  const pgm = parsePgmHeader(image);
  const metaDpi =
    info.density && info.density >= 100 && info.density <= 2400 && Math.min(info.width, info.height) / info.density >= MIN_PAGE_INCHES
      ? info.density
      : undefined;
  const knownDpi = opts.dpi ?? metaDpi;
  const longest = Math.max(info.width, info.height);
  let scale = 1;
  const resample = opts.resample ?? true;
  if (resample && knownDpi && knownDpi > OCR_TARGET_DPI * 1.1) scale = OCR_TARGET_DPI / knownDpi;
  if (longest * scale > OCR_MAX_SIDE_PX) scale = OCR_MAX_SIDE_PX / longest;
  if (resample && longest < UPSCALE_BELOW_PX && (!knownDpi || knownDpi < 200)) scale = Math.min(2, OCR_MAX_SIDE_PX / longest);
  const width = Math.max(1, Math.round(info.width * scale));
  const height = Math.max(1, Math.round(info.height * scale));
  if (pgm && scale === 1) {
    // A rendered page that needs no scaling is already what tesseract reads: handed on as it is (no copy).
    return {
      pgm: Buffer.from(image.buffer, image.byteOffset, pgm.offset + pgm.width * pgm.height),
      width: pgm.width,
      height: pgm.height,
      scale: 1,
      dpi: opts.dpi,
      inputWidth: info.width,
      inputHeight: info.height,
    };
  }
  try {
    let pipeline = pgm
      ? sharp(Buffer.from(image.buffer, image.byteOffset + pgm.offset, pgm.width * pgm.height), {
          raw: { width: pgm.width, height: pgm.height, channels: 1 },
          limitInputPixels: OCR_MAX_INPUT_PIXELS,
        })
      : sharp(image, { limitInputPixels: OCR_MAX_INPUT_PIXELS, failOn: "error" }).rotate().flatten({ background: "#ffffff" });
    if (scale !== 1) pipeline = pipeline.resize(width, height, { fit: "fill", kernel: scale < 1 ? "lanczos3" : "cubic" });
    let { data, info: out } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
    if (out.channels !== 1) {
      ({ data, info: out } = await sharp(data, { raw: { width: out.width, height: out.height, channels: out.channels } })
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true }));
    }
    return {
      pgm: toPgm(out.width, out.height, data),
      width: out.width,
      height: out.height,
      scale: out.width / info.width,
      dpi: opts.dpi ? Math.round(opts.dpi * scale) : undefined,
      inputWidth: info.width,
      inputHeight: info.height,
    };
  } catch (err) {
    throw sharpFailure(err);
  }
}
