// PDF pages → images for OCR, with poppler (pdftoppm, pdfinfo). One pdftoppm process per page, writing to
// its stdout (no temporary files to clean up), killed on abort, on a per-page timeout and when its output
// grows past what the page can need. Page sizes come from pdfinfo first, so a page with absurd dimensions is
// rendered at a lower resolution (≤ maxSidePx per side) instead of exhausting memory.
//
// The default output is 8-bit grayscale PGM: for OCR it is ~10× cheaper than PNG (no zlib on either side),
// and ocrImage reads it directly. `format: "png"` gives colour PNGs (previews).
//
// Scanned pages are rendered at the scan's own resolution when that is lower than `dpi` (but not below
// 200 dpi): rendering a 200 dpi scan at 300 dpi adds no detail, only ~20% more OCR time (pdfimages -list
// tells the resolution of the image that covers the page).
import { unreadableDocument } from "@/lib/documents/failures";
import { type ProcessOutcome, ProcessOutputLimit, ProcessTimeout, runProcess } from "@/lib/documents/run-process";
import { AppError } from "@/lib/errors";

export interface PdfPageSize {
  /** In PDF points (1/72 in), as pdfinfo reports them (before rotation). */
  width: number;
  height: number;
  rotation: number;
}

export interface PdfInfo {
  pages: number;
  encrypted: boolean;
  /** Sizes of the pages asked for (firstPage..lastPage), when pdfinfo reported them. */
  pageSizes: Map<number, PdfPageSize>;
}

export interface RenderedPage {
  /** 1-based page number. */
  page: number;
  image: Buffer;
  format: "pgm" | "png";
  /** Resolution actually used (lower than asked for oversized pages). */
  dpi: number;
  width: number;
  height: number;
}

export interface RenderOptions {
  /** Default 300. */
  dpi?: number;
  signal?: AbortSignal;
  /** Per page; default 60 s. */
  pageTimeoutMs?: number;
  /** "pgm" (8-bit gray, default: for OCR) or "png" (colour). */
  format?: "pgm" | "png";
  /** Longest side of a rendered page in pixels; the resolution is lowered to fit. Default 4000 (A3 at ~240 dpi). */
  maxSidePx?: number;
  /**
   * Render a page whose content is one scanned image at that image's resolution when it is below `dpi`
   * (never below MIN_SCAN_DPI). Default true for "pgm" (OCR), false for "png".
   */
  matchScanDpi?: boolean;
}

export const DEFAULT_RENDER_DPI = 300;
export const DEFAULT_RENDER_MAX_SIDE_PX = 4000;
const DEFAULT_PAGE_TIMEOUT_MS = 60_000;
const INFO_TIMEOUT_MS = 30_000;
const MIN_DPI = 36;
/** Scans are not rendered below this, even when stored at a lower resolution (small text needs the pixels). */
export const MIN_SCAN_DPI = 200;
const MAX_DPI = 1200;

function failed(detail: string): AppError {
  return new AppError("file_rendering_failed", detail);
}

interface RunResult {
  stdout: Buffer;
  stderr: string;
}

/** Runs a poppler tool; kills it on abort, timeout or too much output. */
async function runTool(
  cmd: string,
  args: string[],
  opts: { signal?: AbortSignal; timeoutMs: number; maxStdout: number; what: string },
): Promise<RunResult> {
  let out: ProcessOutcome;
  try {
    out = await runProcess(cmd, args, { signal: opts.signal, timeoutMs: opts.timeoutMs, maxStdout: opts.maxStdout });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    if (err instanceof ProcessTimeout) {
      throw failed(`${opts.what} took longer than ${Math.round(opts.timeoutMs / 1000)} s; the PDF is damaged or too complex.`);
    }
    if (err instanceof ProcessOutputLimit)
      throw unreadableDocument(`${opts.what} produced more data than expected; the page is too large to render.`);
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      throw new AppError("file_rendering_failed", `${cmd} (poppler-utils) is not installed on the server.`);
    throw failed(`${opts.what} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (out.code === 0) return out;
  throw popplerFailure(opts.what, out.stderr, out.code, out.signal);
}

function popplerFailure(what: string, stderr: string, code: number | null, sig: NodeJS.Signals | null): AppError {
  // Damaged and encrypted files are the content's fault (400); other poppler failures the engine's (500).
  if (/incorrect password|encrypted/i.test(stderr)) return unreadableDocument("The PDF is encrypted with a password; it cannot be read without it.");
  if (
    /may not be a PDF|couldn't find trailer|PDF file is damaged|Couldn't open file|Syntax Error/i.test(stderr) &&
    !/Wrong page range/i.test(stderr)
  ) {
    const first = stderr.split("\n").find((l) => l.trim()) ?? "";
    return unreadableDocument(`The file is not a readable PDF (damaged or truncated)${first ? `: ${first.trim()}` : ""}.`);
  }
  const first = stderr.split("\n").find((l) => l.trim());
  return failed(`${what} failed (${sig ? `signal ${sig}` : `exit code ${code}`})${first ? `: ${first.trim()}` : ""}.`);
}

/** pdfinfo: page count, encryption and (for firstPage..lastPage) page sizes. */
export async function pdfInfo(
  pdfPath: string,
  opts: { signal?: AbortSignal; firstPage?: number; lastPage?: number; timeoutMs?: number } = {},
): Promise<PdfInfo> {
  const args: string[] = [];
  if (opts.firstPage !== undefined && opts.lastPage !== undefined) args.push("-f", String(opts.firstPage), "-l", String(opts.lastPage));
  args.push(pdfPath);
  const { stdout } = await runTool("pdfinfo", args, {
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? INFO_TIMEOUT_MS,
    maxStdout: 16 * 1024 * 1024,
    what: "Reading the PDF's page information",
  });
  const text = stdout.toString("utf8");
  const pages = /^Pages:\s+(\d+)/m.exec(text);
  if (!pages) throw unreadableDocument("The PDF's page count could not be read.");
  const pageSizes = new Map<number, PdfPageSize>();
  for (const m of text.matchAll(/^Page\s+(\d+)\s+size:\s+([\d.]+)\s+x\s+([\d.]+)\s+pts/gm)) {
    pageSizes.set(Number(m[1]), { width: Number(m[2]), height: Number(m[3]), rotation: 0 });
  }
  for (const m of text.matchAll(/^Page\s+(\d+)\s+rot:\s+(-?\d+)/gm)) {
    const s = pageSizes.get(Number(m[1]));
    if (s) s.rotation = Number(m[2]);
  }
  if (!pageSizes.size) {
    // Without -f/-l pdfinfo prints the first page's size as "Page size:".
    const one = /^Page size:\s+([\d.]+)\s+x\s+([\d.]+)\s+pts/m.exec(text);
    const rot = /^Page rot:\s+(-?\d+)/m.exec(text);
    if (one) pageSizes.set(opts.firstPage ?? 1, { width: Number(one[1]), height: Number(one[2]), rotation: rot ? Number(rot[1]) : 0 });
  }
  return { pages: Number(pages[1]), encrypted: /^Encrypted:\s+yes/m.test(text), pageSizes };
}

/** Number of pages of a PDF (pdfinfo). */
export async function pdfPageCount(pdfPath: string, opts: { signal?: AbortSignal } = {}): Promise<number> {
  return (await pdfInfo(pdfPath, opts)).pages;
}

/** Resolution for a page so that neither side exceeds maxSidePx. */
export function effectiveDpi(size: PdfPageSize | undefined, dpi: number, maxSidePx: number): number {
  if (!size) return dpi;
  const longestPts = Math.max(size.width, size.height);
  if (!(longestPts > 0)) return dpi;
  const fit = Math.floor((maxSidePx * 72) / longestPts);
  return Math.max(MIN_DPI, Math.min(dpi, fit));
}

/**
 * Resolution of the scanned image that covers each page (pdfimages -list), for pages whose largest image
 * covers at least half of the page. Pages without such an image are absent.
 */
export async function pdfScanResolutions(
  pdfPath: string,
  opts: { firstPage: number; lastPage: number; pageSizes: Map<number, PdfPageSize>; signal?: AbortSignal; timeoutMs?: number },
): Promise<Map<number, number>> {
  const { stdout } = await runTool("pdfimages", ["-list", "-f", String(opts.firstPage), "-l", String(opts.lastPage), pdfPath], {
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? INFO_TIMEOUT_MS,
    maxStdout: 16 * 1024 * 1024,
    what: "Listing the PDF's images",
  });
  const best = new Map<number, { area: number; ppi: number }>();
  for (const line of stdout.toString("utf8").split("\n")) {
    const c = line.trim().split(/\s+/);
    // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
    if (c.length < 14 || !/^\d+$/.test(c[0]) || c[2] !== "image") continue;
    const page = Number(c[0]);
    const [w, h, xppi, yppi] = [Number(c[3]), Number(c[4]), Number(c[12]), Number(c[13])];
    const size = opts.pageSizes.get(page);
    if (!size || !(xppi > 0) || !(yppi > 0)) continue;
    const area = ((w / xppi) * 72 * (h / yppi) * 72) / (size.width * size.height);
    if (area >= 0.5 && area > (best.get(page)?.area ?? 0)) best.set(page, { area, ppi: Math.max(xppi, yppi) });
  }
  return new Map([...best].map(([page, b]) => [page, b.ppi]));
}

function pngSize(buf: Buffer): { width: number; height: number } {
  return buf.length >= 24 ? { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) } : { width: 0, height: 0 };
}

function pgmSize(buf: Buffer): { width: number; height: number } {
  const m = /^P5\s+(\d+)\s+(\d+)\s/.exec(buf.subarray(0, 64).toString("latin1"));
  return m ? { width: Number(m[1]), height: Number(m[2]) } : { width: 0, height: 0 };
}

/**
 * Renders the given 1-based pages (in the order given) one at a time, as the iterator is pulled.
 * A damaged or encrypted PDF → 400 unsupported_file_format; other failures → 500 file_rendering_failed; an aborted signal kills the running pdftoppm and rejects with the
 * signal's reason.
 */
export async function* renderPdfPages(pdfPath: string, pages: readonly number[], opts: RenderOptions = {}): AsyncGenerator<RenderedPage> {
  const dpi = Math.max(MIN_DPI, Math.min(MAX_DPI, Math.round(opts.dpi ?? DEFAULT_RENDER_DPI)));
  const maxSidePx = Math.max(100, opts.maxSidePx ?? DEFAULT_RENDER_MAX_SIDE_PX);
  const format = opts.format ?? "pgm";
  const timeoutMs = opts.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  if (!pages.length) return;
  for (const p of pages) {
    if (!Number.isInteger(p) || p < 1) throw new AppError("bad_request", `Invalid page number ${p}.`);
  }
  const { pages: pageCount } = await pdfInfo(pdfPath, { signal: opts.signal });
  const missing = pages.find((p) => p > pageCount);
  if (missing !== undefined) throw failed(`Page ${missing} does not exist; the PDF has ${pageCount} page${pageCount === 1 ? "" : "s"}.`);
  const firstPage = Math.min(...pages);
  const lastPage = Math.max(...pages);
  const info = await pdfInfo(pdfPath, { signal: opts.signal, firstPage, lastPage });
  let scanDpi = new Map<number, number>();
  if ((opts.matchScanDpi ?? format === "pgm") && dpi > MIN_SCAN_DPI) {
    // Only an optimisation: a PDF pdfimages cannot list is still rendered at `dpi`.
    scanDpi = await pdfScanResolutions(pdfPath, { firstPage, lastPage, pageSizes: info.pageSizes, signal: opts.signal }).catch((err: unknown) => {
      if (opts.signal?.aborted) throw err;
      return new Map<number, number>();
    });
  }
  for (const page of pages) {
    opts.signal?.throwIfAborted();
    const scan = scanDpi.get(page);
    const wanted = scan ? Math.max(MIN_SCAN_DPI, Math.min(dpi, Math.round(scan))) : dpi;
    const pageDpi = effectiveDpi(info.pageSizes.get(page), wanted, maxSidePx);
    const args = ["-f", String(page), "-l", String(page), "-r", String(pageDpi), "-singlefile"];
    args.push(...(format === "png" ? ["-png"] : ["-gray"]));
    args.push(pdfPath);
    // The page fits maxSidePx²; allow some slack for rounding and headers (pdfinfo may not have known the size).
    const maxStdout = maxSidePx * maxSidePx * (format === "png" ? 3 : 1) + 1024 * 1024;
    const { stdout } = await runTool("pdftoppm", args, { signal: opts.signal, timeoutMs, maxStdout, what: `Rendering page ${page}` });
    const size = format === "png" ? pngSize(stdout) : pgmSize(stdout);
    if (!size.width || !size.height) throw failed(`Rendering page ${page} produced no image.`);
    yield { page, image: stdout, format, dpi: pageDpi, width: size.width, height: size.height };
  }
}
