// Hostile documents through the document engine (issue 14, "bounded memory per document"): a 20,000 × 20,000
// pixel page as PNG, as JPEG and as the scan of a PDF page, a PDF of 5,000 pages, and an HTML page whose DOM
// needs more heap than a worker may have (DOC_WORKER_MAX_MB). Each goes through parseDocument as ingestion calls
// it (no page limit: the 5,000 pages are parsed) and prints its outcome, time, and the process's peak RSS (the
// document workers are threads of this process, so their memory is included) and heap.
//
//   npx tsx --conditions=react-server scripts/bench-hostile-documents.ts [--only png,jpeg,scan,pages,html]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const i = process.argv.indexOf("--only");
const ONLY = i > 0 ? process.argv[i + 1].split(",") : ["png", "jpeg", "scan", "pages", "html"];

const { parseDocument } = await import("@/lib/documents/parse-document");
const { documentWorkerStats, shutdownDocumentWorkers } = await import("@/lib/documents/worker/pool");
const { shutdownOcr } = await import("@/lib/documents/ocr");
const { hugeImagePdf, hugePng, largeHtml, manyPagesPdf } = await import("../tests/fixtures/hostile-documents");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-bench-hostile-"));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
sampler.unref();

const cases: { name: string; make: () => Promise<Uint8Array> | Uint8Array; file: string }[] = [
  { name: "png", file: "huge.png", make: () => hugePng() },
  {
    name: "jpeg",
    file: "huge.jpg",
    make: () =>
      sharp({ create: { width: 20_000, height: 20_000, channels: 3, background: "#ffffff" }, limitInputPixels: false })
        .jpeg({ quality: 50 })
        .toBuffer(),
  },
  { name: "scan", file: "huge-scan.pdf", make: () => hugeImagePdf() },
  { name: "pages", file: "pages-5000.pdf", make: () => manyPagesPdf(5_000, 20) },
  { name: "html", file: "large.html", make: () => largeHtml(400_000) },
];

const workers = documentWorkerStats();
console.log(
  `document workers: ${workers.maxWorkers} (heap limit ${workers.maxHeapMb} MB); load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
console.log(`baseline RSS ${mb(process.memoryUsage().rss)}`);
for (const c of cases.filter((c) => ONLY.includes(c.name))) {
  const file = path.join(dir, c.file);
  let t = Date.now();
  fs.writeFileSync(file, await c.make());
  const madeS = (Date.now() - t) / 1000;
  peak = process.memoryUsage().rss;
  t = Date.now();
  let outcome: string;
  try {
    const out = await parseDocument({ path: file, filename: c.file, timeoutMs: 900_000 });
    const chars = out.pages.reduce((n, p) => n + p.markdown.length, 0);
    outcome = `ok: ${out.pageCount} page(s), ${out.ocrPages} OCR'd, ${chars} Markdown characters`;
  } catch (err) {
    const e = err as { code?: string; message: string };
    outcome = `${e.code ?? "error"}: ${e.message}`;
  }
  const s = (Date.now() - t) / 1000;
  console.log(
    `${c.name.padEnd(6)} ${(fs.statSync(file).size / 1024).toFixed(0).padStart(6)} KiB (made in ${madeS.toFixed(1)} s)  ${s.toFixed(1).padStart(6)} s  ` +
      `peak RSS ${mb(peak).padStart(8)}  heap ${mb(process.memoryUsage().heapUsed).padStart(7)}  → ${outcome}`,
  );
}
console.log(`process high-water RSS ${mb(process.resourceUsage().maxRSS * 1024)}; the process is alive`);
await shutdownDocumentWorkers();
await shutdownOcr();
fs.rmSync(dir, { recursive: true, force: true });
