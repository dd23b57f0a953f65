// Entry points of the OCR service: one image (ocrImage), a stream of rendered pages (ocrPages) and a warm
// start (warmUpOcr). Each validates the languages, takes capacity from the shared pool (pool.ts) and gives it
// back when done.
import sharp from "sharp";
import { parseOcrLanguages } from "./languages";
import { pool } from "./pool";
import type { OcrOptions, OcrPageResult } from "./types";

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
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<OcrPageInput>)[Symbol.asyncIterator]()
      : (source as Iterable<OcrPageInput>)[Symbol.iterator]();
  type Done =
    | { kind: "ocr"; id: number; page: number; result?: OcrPageResult; error?: unknown }
    | { kind: "pull"; res?: IteratorResult<OcrPageInput>; error?: unknown };
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

/** Starts the workers for these languages ahead of the first page (benchmarks, warm start). */
export async function warmUpOcr(languages?: readonly string[] | string): Promise<void> {
  const langs = parseOcrLanguages(languages);
  const p = pool();
  const n = p.maxWorkers;
  // A tiny image per worker: admission as usual, so this never overruns the queue.
  const blank = await sharp({ create: { width: 64, height: 32, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  const granted = p.admit(n);
  try {
    await Promise.all(Array.from({ length: granted }, () => p.process(blank, langs, {})));
  } finally {
    p.release(granted);
  }
}
