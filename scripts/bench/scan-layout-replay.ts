// Scan LAYOUT replay: develops the post-recognition layout code (tables, headings, lists, reading order in
// lib/documents/ocr) in seconds instead of re-running tesseract. Recognition is nearly all of a page's OCR
// time, and the layout step only reads tesseract's block tree and the prepared pixels, so:
//
//   npx tsx --conditions=react-server scripts/bench/scan-layout-replay.ts --record <dir>[,<dir>]
//        recognises every page image of held-out scan sets (scan-quality.ts layout: `<id>.md` + page images)
//        once and stores tesseract's blocks and the prepared PGM under --cache (default
//        os.tmpdir()/docintel-scan-layout-cache/<set>/); pages already stored are skipped.
//   npx tsx --conditions=react-server scripts/bench/scan-layout-replay.ts <dir>[,<dir>] [--only <id part>]
//        runs the current layout code (rule detection, ocrLayoutToMarkdown) on the stored pages and scores the
//        documents exactly like scan-quality.ts (NID, TEDS, headings, overall, then ODL-MHS and ODL overall), writing the Markdown to
//        --out (default os.tmpdir()/docintel-scan-layout-out/<set>/<id>.md).
//
// Recording mirrors OcrPool.process (pool.ts: prepareOcrImage, shaded backgrounds flattened, ruled tables
// left empty or read across their rules and pages with dot leaders read again; the native engine when installed, else one eng worker; automatic page segmentation,
// the image's dpi) without its retries (the unscaled re-read of a weak page, the orientation check), so
// replayed figures equal scan-quality's for upright pages that read well; confirm a change with scan-quality.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { joinPages } from "@/lib/documents/join-pages";
import { flattenBackground } from "@/lib/documents/ocr/background";
import { findTables } from "@/lib/documents/ocr/erase-rules";
import { linkLanguageDir, tesseractWorkerPath } from "@/lib/documents/ocr/language-data";
import { ocrLayoutToMarkdown } from "@/lib/documents/ocr/layout-markdown";
import { rereadWithoutLeaders } from "@/lib/documents/ocr/leaders";
import { nativeTesseract, recognizeNative } from "@/lib/documents/ocr/native-tesseract";
import { parsePgmHeader, prepareOcrImage } from "@/lib/documents/ocr/prepare-image";
import { dropRunningLines } from "@/lib/documents/ocr/running-lines";
import { detectRules, tableGrids } from "@/lib/documents/ocr/table-lines";
import { rereadTables } from "@/lib/documents/ocr/table-reread";
import type { TBlock } from "@/lib/documents/ocr/tesseract-blocks";
import { typeMeter } from "@/lib/documents/ocr/type-style";
import { arg } from "./common";
import { scoreScan } from "./scan-quality";
import { type OdlScores, scoreOdl } from "./structure-score-odl";

const IMAGE = /\.(png|jpe?g|tiff?|webp)$/i;
const cacheRoot = arg("cache", path.join(os.tmpdir(), "docintel-scan-layout-cache"));
const outRoot = arg("out", path.join(os.tmpdir(), "docintel-scan-layout-out"));

/** Page images of each document of a set, in page order (same rule as scan-quality.ts). */
function documents(dir: string): { id: string; pages: string[]; truth: string }[] {
  const files = fs.readdirSync(dir);
  return files
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .sort()
    .map((md) => {
      const id = md.slice(0, -3);
      const own = new RegExp(`^${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-p\\d+$`);
      const pages = files
        .filter((f) => IMAGE.test(f) && (f.replace(IMAGE, "") === id || own.test(f.replace(IMAGE, ""))))
        .sort((a, b) => Number(/-p(\d+)\./.exec(a)?.[1] ?? 0) - Number(/-p(\d+)\./.exec(b)?.[1] ?? 0));
      return { id, pages, truth: fs.readFileSync(path.join(dir, md), "utf8") };
    })
    .filter((d) => d.pages.length);
}

async function record(dirs: string[]): Promise<void> {
  // The native tesseract binary when installed (as OCR_ENGINE=auto does), else one tesseract.js worker.
  const native = nativeTesseract();
  type T = typeof import("tesseract.js");
  const T = native ? null : await import("tesseract.js").then((m) => ((m as { default?: T }).default ?? m) as T);
  const workerPath = tesseractWorkerPath();
  const worker = T
    ? await T.createWorker("eng", T.OEM.LSTM_ONLY, {
        langPath: linkLanguageDir(),
        gzip: true,
        cacheMethod: "none",
        ...(workerPath ? { workerPath } : {}),
        logger: () => {},
      })
    : null;
  if (T && worker) await worker.setParameters({ tessedit_pageseg_mode: T.PSM.AUTO, tessedit_do_invert: "0", debug_file: "/dev/null" });
  try {
    for (const dir of dirs) {
      const cache = path.join(cacheRoot, path.basename(dir));
      fs.mkdirSync(cache, { recursive: true });
      for (const page of documents(dir).flatMap((d) => d.pages)) {
        const stored = path.join(cache, `${page}.json`);
        if (fs.existsSync(stored)) continue;
        // as pool.ts; with the native engine, ruled tables left empty or read across their rules are read again (table-reread.ts)
        const prepared = flattenBackground(await prepareOcrImage(fs.readFileSync(path.join(dir, page)), {}));
        const read = prepared;
        let blocks: unknown;
        if (worker) {
          const params: Record<string, string> = {};
          if (prepared.dpi) params.user_defined_dpi = String(Math.max(70, Math.min(2400, prepared.dpi)));
          blocks = (await worker.recognize(Buffer.from(read.pgm), params, { text: false, blocks: true })).data.blocks;
        } else {
          const native = (img: typeof prepared, psm?: number) => recognizeNative(img.pgm, { langs: ["eng"], dpi: img.dpi, timeoutMs: 120_000, psm });
          const reading = await rereadWithoutLeaders(prepared, await native(prepared), native);
          blocks = (await rereadTables(prepared, findTables(prepared).grids, reading, native)).blocks;
        }
        fs.writeFileSync(path.join(cache, `${page}.pgm`), prepared.pgm);
        fs.writeFileSync(stored, JSON.stringify({ scale: prepared.scale, blocks }));
        console.log(`recorded ${path.basename(dir)}/${page}`);
      }
    }
  } finally {
    await worker?.terminate();
  }
}

const fmt = (x: number | null) => (x === null ? "  -  " : x.toFixed(3));
const mean = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

function replay(dirs: string[], only: string): void {
  for (const dir of dirs) {
    const set = path.basename(dir);
    const rows: (ReturnType<typeof scoreScan> & { odl: OdlScores })[] = [];
    for (const doc of documents(dir).filter((d) => !only || d.id.includes(only))) {
      const pages: { page: number; markdown: string; ocr: boolean }[] = [];
      for (const page of doc.pages) {
        const base = path.join(cacheRoot, set, page);
        if (!fs.existsSync(`${base}.json`)) throw new Error(`${set}/${page} is not recorded: run with --record ${dir}`);
        const { scale, blocks } = JSON.parse(fs.readFileSync(`${base}.json`, "utf8")) as { scale: number; blocks: TBlock[] };
        const pgm = fs.readFileSync(`${base}.pgm`);
        const head = parsePgmHeader(pgm);
        const grids = head ? tableGrids(detectRules(pgm, head.width, head.height, head.offset), head.height) : [];
        pages.push({ page: pages.length + 1, markdown: ocrLayoutToMarkdown(blocks, scale, grids, typeMeter(pgm)).markdown, ocr: true });
      }
      // The pages of a document scanned as one PDF: its running headers and footers go, as in convert/pdf.ts.
      const markdown = joinPages(dropRunningLines(pages));
      fs.mkdirSync(path.join(outRoot, set), { recursive: true });
      fs.writeFileSync(path.join(outRoot, set, `${doc.id}.md`), markdown);
      const s = { ...scoreScan(markdown, doc.truth), odl: scoreOdl(markdown, doc.truth) };
      rows.push(s);
      console.log(
        `${doc.id.slice(0, 50).padEnd(50)} ${fmt(s.nid)}  ${fmt(s.teds)}  ${fmt(s.headings)}  ${fmt(s.overall)}    ${fmt(s.odl.mhs)}  ${fmt(s.odl.overall)}`,
      );
    }
    const m = (k: "nid" | "teds" | "headings" | "overall") => fmt(mean(rows.map((r) => r[k])));
    const o = (k: "mhs" | "overall") => fmt(mean(rows.map((r) => r.odl[k])));
    console.log(
      `${`MEAN ${set} (${rows.length})`.padEnd(50)} ${m("nid")}  ${m("teds")}  ${m("headings")}  ${m("overall")}    ${o("mhs")}  ${o("overall")}`,
    );
  }
}

async function main() {
  process.env.LOG_LEVEL ??= "warn";
  const recordDirs = arg("record", "");
  if (recordDirs) return record(recordDirs.split(",").filter(Boolean));
  const dirs = process.argv
    .slice(2)
    .filter((a, i, all) => !a.startsWith("--") && !["--only", "--cache", "--out"].includes(all[i - 1]))
    .flatMap((a) => a.split(",").filter(Boolean));
  if (!dirs.length) {
    console.log("usage: scan-layout-replay.ts --record <dir>[,<dir>] | <dir>[,<dir>] [--only <id part>]");
    return;
  }
  replay(dirs, arg("only", ""));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
