// Document workers (lib/documents/worker/): converters run in worker threads with a heap limit, so a document
// that needs too much memory or time costs a worker, never this process; OCR pages from a worker go through
// this process's one tesseract pool, admission (429) included.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool as ocrPool, shutdownOcr } from "@/lib/documents/ocr/pool";
import { parseDocument } from "@/lib/documents/parse-document";
import { documentWorkerStats, shutdownDocumentWorkers, warmUpDocumentWorkers } from "@/lib/documents/worker/pool";
import { setEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { documentFixtures, type Fixtures } from "../fixtures/documents";
import { hugeImagePdf, hugePng, largeHtml } from "../fixtures/hostile-documents";

let fx: Fixtures;
let dir: string;

function write(name: string, bytes: Uint8Array): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

async function parseError(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const parse = (file: string, extra: Partial<Parameters<typeof parseDocument>[0]> = {}) =>
  parseDocument({ path: file, filename: path.basename(file), timeoutMs: 120_000, ...extra });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-doc-workers-"));
  setEnvForTests({ DOC_WORKERS: "1" });
  await shutdownDocumentWorkers();
  fx = await documentFixtures();
});

afterAll(async () => {
  await shutdownDocumentWorkers();
  await shutdownOcr();
  setEnvForTests({});
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("document workers", () => {
  it("start one worker ahead of the first document when warmed up, and convert in it", async () => {
    warmUpDocumentWorkers();
    warmUpDocumentWorkers(); // a second call starts nothing more
    expect(documentWorkerStats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
    const first = await parse(fx.files.pdf);
    expect(first.pageCount).toBe(3);
    expect(documentWorkerStats()).toMatchObject({ workers: 1, busy: 0 });
  });

  it("convert in a worker thread and keep it for the next document", async () => {
    const first = await parse(fx.files.pdf);
    expect(first.pageCount).toBe(3);
    expect(first.pages[0].markdown).toContain("# Quarterly Report");
    const second = await parse(fx.files.html);
    expect(second.pages[0].markdown).toContain("Quarterly Report");
    expect(documentWorkerStats()).toMatchObject({ workers: 1, busy: 0, queued: 0, maxWorkers: 1 });
  });

  it("keep the code of a failure the document's content causes: a truncated PDF is 400 unsupported_file_format, not 500", async () => {
    const pdf = fs.readFileSync(fx.files.pdf);
    const err = await parseError(parse(write("truncated.pdf", pdf.subarray(0, Math.floor(pdf.length / 3)))));
    expect(err.code).toBe("unsupported_file_format");
    expect(err.detail).toMatch(/damaged or truncated/);
  });

  it.skipIf(!fs.existsSync("/proc/self/task"))("run at DOC_WORKER_NICE, leaving this thread at its priority", () => {
    const nice = (task: string) => Number(fs.readFileSync(`/proc/self/task/${task}/stat`, "utf8").split(") ")[1].split(" ")[16]);
    const tasks = fs.readdirSync("/proc/self/task");
    expect(nice(String(process.pid))).toBe(0);
    expect(tasks.some((t) => nice(t) === 10)).toBe(true);
  });

  it("fail a document that needs more heap than DOC_WORKER_MAX_MB with file_rendering_failed, then start a fresh worker", async () => {
    setEnvForTests({ DOC_WORKERS: "1", DOC_WORKER_MAX_MB: "96" });
    await shutdownDocumentWorkers();
    try {
      const err = await parseError(parse(write("large.html", largeHtml())));
      expect(err.code).toBe("file_rendering_failed");
      expect(err.detail).toMatch(/more memory than a document worker may use \(96 MB\)/);
      const next = await parse(fx.files.txt);
      expect(next.pages[0].markdown).toContain("Quarterly Report");
    } finally {
      setEnvForTests({ DOC_WORKERS: "1" });
      await shutdownDocumentWorkers();
    }
  }, 120_000);

  it("stop a document over its time budget with the timeout error and terminate the worker still busy with it", async () => {
    const err = await parseError(parse(write("slow.html", largeHtml(100_000)), { timeoutMs: 1_000 }));
    expect(err.code).toBe("file_rendering_failed");
    expect(err.detail).toMatch(/within 1 s/);
    // The worker is asked to stop, then terminated (it is stuck in synchronous code): capacity comes back.
    await expect.poll(() => documentWorkerStats().busy, { timeout: 10_000 }).toBe(0);
    expect((await parse(fx.files.md)).pages[0].markdown).toContain("Quarterly Report");
  }, 60_000);

  it("convert in this thread with DOC_WORKERS=0, with the same page limits", async () => {
    setEnvForTests({ DOC_WORKERS: "0" });
    await shutdownDocumentWorkers();
    try {
      expect((await parse(fx.files.pdf)).pageCount).toBe(3);
      expect((await parseError(parse(fx.files.pdf, { maxPages: 2 }))).code).toBe("max_pages_exceeded");
      expect(documentWorkerStats()).toMatchObject({ workers: 0, maxWorkers: 0 });
    } finally {
      setEnvForTests({ DOC_WORKERS: "1" });
    }
    expect((await parseError(parse(fx.files.pdf, { maxPages: 2 }))).detail).toContain("the limit for this request is 2");
  });

  it.skipIf(!fs.existsSync("/proc/self/stat"))(
    "kill the programs a worker started when the worker is terminated (here: shut down mid-conversion)",
    async () => {
      // A stand-in for LibreOffice that records its pid and then runs far longer than the test.
      const pidFile = path.join(dir, "soffice.pid");
      const fake = write("fake-soffice.sh", new TextEncoder().encode(`#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 120\n`));
      fs.chmodSync(fake, 0o755);
      const running = (pid: number) => {
        try {
          return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1][0] !== "Z";
        } catch {
          return false;
        }
      };
      setEnvForTests({ DOC_WORKERS: "1", LIBREOFFICE_PATH: fake });
      await shutdownDocumentWorkers();
      try {
        const converting = parse(fx.files.doc).then(
          () => undefined,
          (e: unknown) => e,
        );
        await expect.poll(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").trim() !== "", { timeout: 30_000 }).toBe(true);
        const pid = Number(fs.readFileSync(pidFile, "utf8"));
        expect(running(pid)).toBe(true);
        await shutdownDocumentWorkers();
        expect(await converting).toBeInstanceOf(AppError);
        await expect.poll(() => running(pid), { timeout: 5_000 }).toBe(false);
      } finally {
        setEnvForTests({ DOC_WORKERS: "1" });
        await shutdownDocumentWorkers();
      }
    },
    60_000,
  );

  it("reject a cancelled document at once", async () => {
    const controller = new AbortController();
    const parsing = parse(fx.files.pdf, { signal: controller.signal });
    controller.abort(new Error("cancelled by the test"));
    await expect(parsing).rejects.toThrow("cancelled by the test");
    await expect.poll(() => documentWorkerStats().busy, { timeout: 10_000 }).toBe(0);
  });

  it("refuse a 20,000 × 20,000 pixel image before decoding it (the content: unsupported_file_format)", async () => {
    const err = await parseError(parse(write("huge.png", hugePng())));
    expect(err.code).toBe("unsupported_file_format");
    expect(err.detail).toMatch(/20000 × 20000 pixels \(400 MP\)/);
  });

  it("OCR a PDF page holding a 20,000 × 20,000 pixel scan at a bounded resolution", async () => {
    const out = await parse(write("huge-scan.pdf", await hugeImagePdf()));
    expect(out.pageCount).toBe(1);
    expect(out.ocrPages).toBe(1);
  }, 120_000);

  it("OCR an image through this process's tesseract pool, and pass its 429 back when the pool is full", async () => {
    const out = await parse(fx.files.png);
    expect(out.ocrPages).toBe(1);
    expect(out.pages[0].markdown).toContain("Quarterly Report");
    setEnvForTests({ DOC_WORKERS: "1", OCR_WORKERS: "1", OCR_QUEUE_MAX: "0" });
    await shutdownOcr();
    const held = ocrPool().admit(1);
    try {
      const err = await parseError(parse(fx.files.jpeg));
      expect(err.code).toBe("ocr_concurrent_limit");
    } finally {
      ocrPool().release(held);
      await shutdownOcr();
      setEnvForTests({ DOC_WORKERS: "1" });
    }
    expect(ocrPool().stats()).toMatchObject({ running: 0, queued: 0 });
  }, 120_000);
});
