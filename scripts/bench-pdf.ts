// Benchmark of the PDF text-layer path (no OCR): pages per second and peak RSS.
//
//   npx tsx --conditions=react-server scripts/bench-pdf.ts [--chapters 80] [--runs 5] [--pdf some.pdf] [--dense 5000]
//
// --dense N: one page of N tiny text items on a grid instead (table detection's worst case; seconds per page).
// Without --pdf it generates a text PDF (headings, paragraphs, lists, tables; > 100 pages) with
// LibreOffice once and caches it under $TMPDIR/docintel-bench-pdf/. The first run includes loading
// pdf.js (cold start); the figure to compare with the goal (>= 50 pages/s) is the warm median.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { convertPdf } from "@/lib/documents/convert/pdf";
import { arg, peakRssMiB, percentile, rng } from "./bench/common";

const run = promisify(execFile);

const WORDS = (
  "the of and to in is that for it as with was on be by this are from at or an which have not has its but " +
  "were all can their more one also other been into new some may these such than most about only over used many first " +
  "would time two between after both under well where through same part three because long during within states very " +
  "large each document revenue analysis quarterly customer contract service"
).split(" ");

export function benchHtml(chapters: number): string {
  const r = rng(42);
  const pick = () => WORDS[Math.floor(r() * WORDS.length)];
  const sentence = (n: number) => {
    const w = Array.from({ length: n }, pick);
    return `${w[0][0].toUpperCase()}${w[0].slice(1)} ${w.slice(1).join(" ")}.`;
  };
  const para = () => `<p>${Array.from({ length: 5 }, () => sentence(8 + Math.floor(r() * 12))).join(" ")}</p>`;
  const out = ['<html><head><meta charset="utf-8"><title>Benchmark</title></head><body>'];
  for (let ch = 1; ch <= chapters; ch++) {
    out.push(`<h1>Chapter ${ch} Overview</h1>`);
    for (let s = 1; s <= 2; s++) {
      out.push(`<h2>Section ${ch}.${s} Details</h2>`, para(), para(), para());
      out.push(`<ul>${Array.from({ length: 4 }, () => `<li>${sentence(6)}</li>`).join("")}</ul>`);
      const rows = Array.from(
        { length: 5 },
        (_, i) => `<tr><td>Item ${i}</td><td>${1 + Math.floor(r() * 99)}</td><td>${1 + Math.floor(r() * 999)}.00</td></tr>`,
      ).join("");
      out.push(`<table border="1" width="100%"><tr><th>Item</th><th>Quantity</th><th>Price</th></tr>${rows}</table>`);
      out.push(`<ol>${Array.from({ length: 3 }, () => `<li>${sentence(8)}</li>`).join("")}</ol>`);
    }
  }
  out.push("</body></html>");
  return out.join("\n");
}

async function benchPdf(chapters: number): Promise<string> {
  const html = benchHtml(chapters);
  const dir = path.join(os.tmpdir(), "docintel-bench-pdf");
  const name = `bench-${createHash("sha256").update(html).digest("hex").slice(0, 12)}`;
  const pdf = path.join(dir, `${name}.pdf`);
  if (fs.existsSync(pdf)) return pdf;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.html`), html);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lo-bench-"));
  try {
    console.log("generating the benchmark PDF with LibreOffice…");
    await run(
      "soffice",
      [
        `-env:UserInstallation=file://${profile}`,
        "--headless",
        "--infilter=HTML (StarWriter)",
        "--convert-to",
        "pdf:writer_pdf_Export",
        "--outdir",
        dir,
        path.join(dir, `${name}.html`),
      ],
      { timeout: 180_000 },
    );
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
  if (!fs.existsSync(pdf)) throw new Error("LibreOffice did not produce the PDF");
  return pdf;
}

/**
 * One page holding `items` tiny text items on a grid of 100 columns (3 pt, 5.8 pt apart): a dense data dump, the
 * worst case of table detection (a superlinear step made 5,000 items take 20 s).
 */
async function densePdf(items: number): Promise<string> {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const file = path.join(os.tmpdir(), "docintel-bench-pdf", `dense-${items}.pdf`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, Math.max(792, 40 + Math.ceil(items / 100) * 3.8)]);
  const top = page.getHeight() - 12;
  for (let i = 0; i < items; i++) {
    page.drawText(String.fromCharCode(97 + (i % 26)) + (i % 7), { x: 20 + (i % 100) * 5.8, y: top - Math.floor(i / 100) * 3.8, size: 3, font });
  }
  fs.writeFileSync(file, await doc.save());
  return file;
}

async function main() {
  const runs = Number(arg("runs", "5"));
  const dense = Number(arg("dense", "0"));
  const file = arg("pdf", "") || (dense ? await densePdf(dense) : await benchPdf(Number(arg("chapters", "80"))));
  const bytes = new Uint8Array(fs.readFileSync(file));
  console.log(`file: ${file} (${(bytes.length / 1024).toFixed(0)} KiB), ${os.cpus().length} CPUs, Node ${process.version}`);
  const rates: number[] = [];
  const cpuRates: number[] = [];
  let chars = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const out = await convertPdf({
      bytes,
      path: file,
      filename: path.basename(file),
      type: { kind: "pdf", mimeType: "application/pdf", extension: "pdf" },
      options: { ocr: "off", ocrLanguages: ["eng"] },
    });
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const rate = (out.pages.length / ms) * 1000;
    if (i > 0 || runs === 1) cpuRates.push((out.pages.length / cpuMs) * 1000);
    chars = out.pages.reduce((n, p) => n + p.markdown.length, 0);
    console.log(
      `run ${i + 1}${i === 0 ? " (cold)" : ""}: ${out.pages.length} pages in ${ms.toFixed(0)} ms = ${rate.toFixed(1)} pages/s (CPU ${cpuMs.toFixed(0)} ms)`,
    );
    if (i > 0 || runs === 1) rates.push(rate);
  }
  console.log(`markdown: ${chars} characters`);
  console.log(`text-layer PDF: ${percentile(rates, 50).toFixed(1)} pages/s (warm median of ${rates.length}; goal >= 50)`);
  console.log(`per CPU second: ${percentile(cpuRates, 50).toFixed(1)} pages (independent of other load; ${os.loadavg()[0].toFixed(1)} load average)`);
  console.log(`peak RSS: ${peakRssMiB().toFixed(0)} MiB`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
