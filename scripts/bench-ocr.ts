// Benchmark of the OCR path (scanned pages): seconds per page through the worker pool, and peak RSS.
//
//   npx tsx --conditions=react-server scripts/bench-ocr.ts [--pages 6] [--runs 2] [--dpi 200] [--scan-dpi 300] [--workers N]
//                                [--lang eng] [--pt 11] [--pdf some.pdf] [--show]
//
// Without --pdf it generates a 6-page report (headings, dense paragraphs, bullet lists; ~380 words a page,
// --pt sets the font size) with LibreOffice, then turns it into a scanned PDF: every page one gray image at
// --scan-dpi, no text layer. Both are cached under $TMPDIR/docintel-bench-ocr/. Every page is rendered with
// pdftoppm (--dpi, default OCR_TARGET_DPI; the scan's own resolution when lower) and OCR'd, pages in parallel through the pool
// (ocrPages + renderPdfPages, the path the PDF converter uses), after the workers have been started (their
// start-up is printed separately).
// Also printed: CPU seconds per page, child processes (pdftoppm, native tesseract) included (stable on a busy
// machine, unlike wall time), render-only time, word
// recall against the source text, headings found, and the machine's load average (a shared machine skews
// wall times). --workers sets OCR_WORKERS for this run.
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { arg, flag, median, peakRssMiB, rng } from "./bench/common";

const run = promisify(execFile);

// OCR settings are read from the environment on first use: set them before the OCR module is loaded.
if (flag("workers")) process.env.OCR_WORKERS = arg("workers", "2");
process.env.OCR_QUEUE_MAX ??= "16";
process.env.LOG_LEVEL ??= "warn";

const SENTENCES = [
  "The committee reviewed the quarterly results and found that revenue increased in every region.",
  "Costs remained stable, although shipping expenses rose slightly because of higher fuel prices.",
  "Management expects growth to continue next year while investments in new facilities are completed.",
  "Customers reported high satisfaction with delivery times and with the quality of the products.",
  "The northern office opened two new branches and hired forty additional employees in March.",
  "Several suppliers agreed to longer payment terms, which improved the cash position considerably.",
  "An independent audit confirmed that the accounts give a true and fair view of the company.",
  "The board approved a dividend of twelve cents per share, payable at the end of the next quarter.",
  "Research spending increased by nine percent as the engineering team expanded its product range.",
  "Energy consumption per unit produced fell for the third consecutive year thanks to new equipment.",
  "The marketing department launched a campaign aimed at small businesses in the southern provinces.",
  "Training programmes were extended to all warehouse staff and the number of accidents declined.",
  "Currency movements reduced reported earnings, but the underlying performance remained strong.",
  "Inventory levels were reduced by better forecasting and by closer cooperation with distributors.",
];

export function benchHtml(pages: number, pt = 11): { html: string; text: string[] } {
  const r = rng(7);
  const pick = () => SENTENCES[Math.floor(r() * SENTENCES.length)];
  const para = () => Array.from({ length: 4 + Math.floor(r() * 2) }, pick).join(" ");
  const out = [`<html><head><meta charset="utf-8"><title>OCR benchmark</title></head><body style="font-family: DejaVu Serif; font-size: ${pt}pt">`];
  const text: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const parts = [`Section ${p}: Operations Review`, para(), para(), para(), "Key points", pick(), pick(), pick(), para(), para()];
    text.push(parts.join(" "));
    out.push(`<h1${p > 1 ? ' style="page-break-before: always"' : ""}>${parts[0]}</h1>`);
    out.push(`<p>${parts[1]}</p><p>${parts[2]}</p><p>${parts[3]}</p>`);
    out.push(`<h2>${parts[4]}</h2><ul><li>${parts[5]}</li><li>${parts[6]}</li><li>${parts[7]}</li></ul>`);
    out.push(`<p>${parts[8]}</p><p>${parts[9]}</p>`);
  }
  out.push("</body></html>");
  return { html: out.join("\n"), text };
}

async function generatePdf(pages: number, pt: number): Promise<{ pdf: string; text: string[] }> {
  const { html, text } = benchHtml(pages, pt);
  const dir = path.join(os.tmpdir(), "docintel-bench-ocr");
  fs.mkdirSync(dir, { recursive: true });
  const name = createHash("sha256").update(html).digest("hex").slice(0, 16);
  const pdf = path.join(dir, `${name}.pdf`);
  if (!fs.existsSync(pdf)) {
    const work = fs.mkdtempSync(path.join(dir, "lo-"));
    try {
      fs.writeFileSync(path.join(work, `${name}.html`), html);
      await run(
        "soffice",
        [
          `-env:UserInstallation=file://${work}/profile`,
          "--headless",
          "--infilter=HTML (StarWriter)",
          "--convert-to",
          "pdf:writer_pdf_Export",
          "--outdir",
          work,
          path.join(work, `${name}.html`),
        ],
        { timeout: 120_000 },
      );
      fs.renameSync(path.join(work, `${name}.pdf`), pdf);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  return { pdf, text };
}

/** An image-only PDF from a text PDF: each page rendered to gray pixels at `dpi` and embedded (Flate). */
async function scannedCopy(source: string, dpi: number): Promise<string> {
  const target = source.replace(/\.pdf$/, `-scan${dpi}.pdf`);
  if (fs.existsSync(target)) return target;
  const { pdfPageCount, renderPdfPages } = await import("@/lib/documents/render");
  const { parsePgmHeader } = await import("@/lib/documents/ocr");
  const count = await pdfPageCount(source);
  const objects: (string | Buffer)[] = [];
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${Array.from({ length: count }, (_, i) => `${3 + i * 3} 0 R`).join(" ")}] /Count ${count} >>`;
  let i = 0;
  for await (const page of renderPdfPages(
    source,
    Array.from({ length: count }, (_, k) => k + 1),
    { dpi, matchScanDpi: false },
  )) {
    const head = parsePgmHeader(page.image)!;
    const w = (head.width / page.dpi) * 72;
    const h = (head.height / page.dpi) * 72;
    const content = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} 0 0 cm /Im0 Do Q`;
    objects[3 + i * 3] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w.toFixed(2)} ${h.toFixed(2)}] /Resources << /XObject << /Im0 ${5 + i * 3} 0 R >> >> /Contents ${4 + i * 3} 0 R >>`;
    objects[4 + i * 3] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
    const z = zlib.deflateSync(page.image.subarray(head.offset));
    objects[5 + i * 3] = Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${head.width} /Height ${head.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${z.length} >>\nstream\n`,
        "latin1",
      ),
      z,
      Buffer.from("\nendstream", "latin1"),
    ]);
    i++;
  }
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  let size = parts[0].length;
  const offsets: number[] = [];
  for (let k = 1; k < objects.length; k++) {
    offsets[k] = size;
    const body = Buffer.concat([
      Buffer.from(`${k} 0 obj\n`, "latin1"),
      Buffer.from(objects[k] as string | Buffer),
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(body);
    size += body.length;
  }
  let tail = `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let k = 1; k < objects.length; k++) tail += `${String(offsets[k]).padStart(10, "0")} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(Buffer.from(tail, "latin1"));
  fs.writeFileSync(`${target}.tmp`, Buffer.concat(parts));
  fs.renameSync(`${target}.tmp`, target);
  return target;
}

const words = (s: string) => s.toLowerCase().match(/\p{L}+/gu) ?? [];
const TICK_S = 1 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);

/**
 * CPU seconds of this process and of its finished child processes (pdftoppm, the native tesseract engine): utime,
 * stime, cutime and cstime of /proc/self/stat. process.cpuUsage() would leave the children out.
 */
function cpuSecondsWithChildren(): number {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_S;
}

async function main() {
  const { ocrPages, ocrStats, shutdownOcr, warmUpOcr } = await import("@/lib/documents/ocr");
  const { pdfPageCount, renderPdfPages } = await import("@/lib/documents/render");
  const wantPages = Number(arg("pages", "6"));
  const runs = Number(arg("runs", "2"));
  const { OCR_TARGET_DPI } = await import("@/lib/documents/ocr");
  const dpi = Number(arg("dpi", String(OCR_TARGET_DPI)));
  const lang = arg("lang", "eng");
  let pdf = arg("pdf", "");
  let truth: string[] | null = null;
  if (!pdf) {
    ({ pdf, text: truth } = await generatePdf(wantPages, Number(arg("pt", "11"))));
    pdf = await scannedCopy(pdf, Number(arg("scan-dpi", "300")));
  }
  const count = Math.min(wantPages, await pdfPageCount(pdf));
  const pages = Array.from({ length: count }, (_, i) => i + 1);

  console.log(`OCR benchmark: ${count} pages of ${path.basename(pdf)} at ${dpi} dpi, languages ${lang}`);
  console.log(
    `machine: ${os.availableParallelism()} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

  let t = performance.now();
  for await (const _ of renderPdfPages(pdf, pages, { dpi })) void _;
  const renderS = (performance.now() - t) / 1000;

  t = performance.now();
  await warmUpOcr(lang);
  const stats = ocrStats();
  console.log(`workers: ${stats.maxWorkers} (started in ${((performance.now() - t) / 1000).toFixed(2)} s), queue capacity ${stats.capacity}`);

  const perPage: number[] = [];
  const cpuPerPage: number[] = [];
  let last: Map<number, { text: string; confidence: number; words: number; markdown: string }> = new Map();
  for (let i = 0; i < runs; i++) {
    const results = new Map<number, { text: string; confidence: number; words: number; markdown: string }>();
    const cpu = cpuSecondsWithChildren();
    t = performance.now();
    for await (const { page, result } of ocrPages(renderPdfPages(pdf, pages, { dpi }), { languages: lang })) {
      results.set(page, { text: result.text, confidence: result.confidence, words: result.words.length, markdown: result.markdown });
    }
    const wall = (performance.now() - t) / 1000;
    const cpuS = cpuSecondsWithChildren() - cpu;
    perPage.push(wall / count);
    cpuPerPage.push(cpuS / count);
    console.log(
      `run ${i + 1}: ${wall.toFixed(2)} s for ${count} pages = ${(wall / count).toFixed(2)} s/page (CPU ${(cpuS / count).toFixed(2)} s/page)`,
    );
    last = results;
  }

  const all = [...last.values()];
  const wordsPerPage = all.reduce((n, r) => n + r.words, 0) / all.length;
  const confidence = all.reduce((n, r) => n + r.confidence, 0) / all.length;
  const headings = all.reduce((n, r) => n + (r.markdown.match(/^#{1,3} /gm)?.length ?? 0), 0);
  let recall: number | null = null;
  if (truth) {
    let found = 0;
    let total = 0;
    for (const p of pages) {
      const got = new Set(words(last.get(p)?.text ?? ""));
      const want = words(truth[p - 1]);
      total += want.length;
      found += want.filter((w) => got.has(w)).length;
    }
    recall = found / total;
  }
  const rssMb = peakRssMiB();
  console.log("");
  console.log(
    `seconds per page: median ${median(perPage).toFixed(2)} s, best ${Math.min(...perPage).toFixed(2)} s of ${runs} run${runs === 1 ? "" : "s"}  [goal <= 1.5 s/page]`,
  );
  const cores = Math.min(stats.maxWorkers, os.availableParallelism());
  const share = median(cpuPerPage) / median(perPage);
  console.log(`CPU seconds per page: ${median(cpuPerPage).toFixed(2)} s  (render alone: ${(renderS / count).toFixed(2)} s/page)`);
  console.log(
    `CPU-bound estimate with ${cores} idle core${cores === 1 ? "" : "s"}: ${(median(cpuPerPage) / cores).toFixed(2)} s/page (this run got ${share.toFixed(2)} of ${cores} cores; other load skews wall time)`,
  );
  console.log(
    `words per page: ${wordsPerPage.toFixed(0)}, mean confidence ${confidence.toFixed(0)}${recall !== null ? `, word recall ${(recall * 100).toFixed(1)}%` : ""}, headings found ${headings}${truth ? ` of ${count * 2}` : ""}`,
  );
  console.log(`peak RSS: ${rssMb.toFixed(0)} MB (process incl. worker threads)`);
  if (flag("show")) console.log(`\n--- page 1 ---\n${last.get(1)?.markdown ?? ""}`);
  await shutdownOcr();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
