// Reporting of parse-quality.ts: per-set metric tables, worst documents with the diff to run, per failure class,
// born-digital vs scanned, and the summary over formats.
import { FAILURE_CLASSES } from "./failure-classes";
import type { StructureScores } from "./structure-score";
import type { OdlScores } from "./structure-score-odl";
import type { TreeScores } from "./structure-score-tree";

export type Format = "pdf" | "docx" | "odt" | "png";

export interface DocResult {
  id: string;
  format: Format | "public";
  pages: number;
  pageCountReported: number | null;
  ocrPages: number;
  seconds: number;
  features: string[];
  error?: string;
  scores: StructureScores;
  tree: TreeScores;
  odl: OdlScores;
  /** Failure classes the document was chosen for (public documents with a manifest). */
  classes: string[];
  predictedPath: string;
  truthPath: string;
}

const METRICS: { key: string; label: string; get: (r: DocResult) => number | null }[] = [
  { key: "text", label: "text F1", get: (r) => r.scores.textF1 },
  { key: "char", label: "char similarity", get: (r) => r.scores.charSimilarity },
  { key: "heading", label: "heading F1", get: (r) => r.scores.headingF1 },
  { key: "headingText", label: "heading text F1", get: (r) => r.scores.headingTextF1 },
  { key: "table", label: "table cell F1", get: (r) => r.scores.tableCellF1 },
  { key: "shape", label: "table shape ok", get: (r) => r.scores.tableShapeAccuracy },
  { key: "list", label: "list F1", get: (r) => r.scores.listF1 },
  { key: "order", label: "reading order", get: (r) => r.scores.readingOrder },
  { key: "overall", label: "OVERALL", get: (r) => r.scores.overall },
  { key: "nidPlain", label: "NID plain text", get: (r) => r.tree.nid },
  { key: "tedsAll", label: "TEDS all tables", get: (r) => r.tree.teds },
  { key: "headingTree", label: "heading outline+levels", get: (r) => r.tree.headingTree },
  { key: "strict", label: "strict tree overall", get: (r) => r.tree.odlOverall },
  { key: "nid", label: "ODL NID", get: (r) => r.odl.nid },
  { key: "teds", label: "ODL TEDS", get: (r) => r.odl.teds },
  { key: "mhs", label: "ODL MHS (headings)", get: (r) => r.odl.mhs },
  { key: "odl", label: "ODL OVERALL", get: (r) => r.odl.overall },
];

const f3 = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? "  –  " : x.toFixed(3));

function stats(xs: (number | null)[]): { mean: number | null; min: number | null; n: number } {
  const v = xs.filter((x): x is number => x !== null);
  if (v.length === 0) return { mean: null, min: null, n: 0 };
  return { mean: v.reduce((a, b) => a + b, 0) / v.length, min: Math.min(...v), n: v.length };
}

function table(header: string[], rows: string[][], alignRightFrom = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i >= alignRightFrom ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  return [fmt(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(fmt)].join("\n");
}

/**
 * opendataloader-bench publishes its "Overall" as the mean of the three metric means (each over the documents
 * where it applies), not as the mean of per-document overalls: TEDS counts a third however few pages hold a
 * table. null when no metric applies.
 */
export function odlPublishedOverall(results: DocResult[]): number | null {
  const means = (["nid", "teds", "mhs"] as const).map((k) => stats(results.map((r) => r.odl[k])).mean).filter((m): m is number => m !== null);
  return means.length ? sum(means) / means.length : null;
}

export function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

export function printFormat(label: string, results: DocResult[], worst: number): void {
  const pages = sum(results.map((r) => r.pages));
  const seconds = sum(results.map((r) => r.seconds));
  const ocr = sum(results.map((r) => r.ocrPages));
  const errors = results.filter((r) => r.error);
  const pageMismatch = results.filter((r) => r.pageCountReported !== null && r.pageCountReported !== r.pages);
  console.log(
    `\n=== ${label}: ${results.length} documents, ${pages} pages, ${seconds.toFixed(1)} s (${(pages / Math.max(seconds, 1e-9)).toFixed(1)} pages/s, ${(seconds / Math.max(pages, 1)).toFixed(2)} s/page), OCR pages ${ocr}`,
  );
  const rows = METRICS.map((m) => {
    const s = stats(results.map((r) => m.get(r)));
    return [m.label, f3(s.mean), f3(s.min), String(s.n)];
  });
  console.log(table(["metric", "mean", "min", "docs"], rows));
  const judged = odlPublishedOverall(results);
  if (judged !== null) console.log(`ODL overall as the benchmark publishes it (mean of the NID, TEDS and MHS means): ${f3(judged)}`);
  const tE = sum(results.map((r) => r.scores.tables.expected));
  const tP = sum(results.map((r) => r.scores.tables.predicted));
  const hE = sum(results.map((r) => r.scores.headings?.expected ?? 0));
  const hP = sum(results.map((r) => r.scores.headings?.predicted ?? 0));
  const lE = sum(results.map((r) => r.scores.lists?.expected ?? 0));
  const lP = sum(results.map((r) => r.scores.lists?.predicted ?? 0));
  console.log(`counts (expected → predicted): headings ${hE} → ${hP}, tables ${tE} → ${tP}, list items ${lE} → ${lP}`);
  if (pageMismatch.length) {
    console.log(
      `page count differs from the PDF's for ${pageMismatch.length} document(s): ${pageMismatch
        .slice(0, 6)
        .map((r) => `${r.id} ${r.pageCountReported}≠${r.pages}`)
        .join(", ")}${pageMismatch.length > 6 ? ", …" : ""}`,
    );
  }
  for (const e of errors) console.log(`ERROR ${e.id}: ${e.error}`);
  const rank = (r: DocResult) => (r.format === "public" ? (r.odl.overall ?? 1) : r.scores.overall);
  const worstDocs = [...results].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id)).slice(0, worst);
  if (worstDocs.length) {
    console.log(`worst ${worstDocs.length}:`);
    console.log(
      table(
        [
          "document",
          "overall",
          "odl",
          "nid",
          "teds",
          "mhs",
          "text",
          "char",
          "head",
          "headTxt",
          "table",
          "shape",
          "list",
          "order",
          "tables e→p",
          "heads e→p",
          "items e→p",
        ],
        worstDocs.map((r) => [
          r.id,
          f3(r.scores.overall),
          f3(r.odl.overall),
          f3(r.odl.nid),
          f3(r.odl.teds),
          f3(r.odl.mhs),
          f3(r.scores.textF1),
          f3(r.scores.charSimilarity),
          f3(r.scores.headingF1),
          f3(r.scores.headingTextF1),
          f3(r.scores.tableCellF1),
          f3(r.scores.tableShapeAccuracy),
          f3(r.scores.listF1),
          f3(r.scores.readingOrder),
          `${r.scores.tables.expected}→${r.scores.tables.predicted}`,
          `${r.scores.headings?.expected ?? 0}→${r.scores.headings?.predicted ?? 0}`,
          `${r.scores.lists?.expected ?? 0}→${r.scores.lists?.predicted ?? 0}`,
        ]),
      ),
    );
    for (const r of worstDocs) console.log(`  ${r.id} [${r.features.join(" ")}]\n    diff ${r.truthPath} ${r.predictedPath}`);
    if (results[0]?.format === "public") {
      // Per metric too: a document can be worst at tables while its overall is average.
      for (const m of METRICS.filter((x) => ["nid", "teds", "mhs"].includes(x.key))) {
        const ranked = results.filter((r) => m.get(r) !== null).sort((a, b) => (m.get(a) ?? 0) - (m.get(b) ?? 0) || a.id.localeCompare(b.id));
        console.log(
          `worst by ${m.label}: ${ranked
            .slice(0, worst)
            .map((r) => `${r.id} ${f3(m.get(r))}`)
            .join(", ")}`,
        );
      }
    }
  }
  printClasses(results);
  printScanned(results);
}

/** Public sets: born-digital documents (no page OCR'd) and scanned ones apart. */
function printScanned(results: DocResult[]): void {
  if (results[0]?.format !== "public") return;
  const keys = ["nid", "teds", "mhs", "odl", "strict"];
  const chosen = METRICS.filter((m) => keys.includes(m.key));
  const groups: [string, DocResult[]][] = [
    ["born-digital", results.filter((r) => !r.ocrPages && !r.error)],
    ["scanned (OCR)", results.filter((r) => r.ocrPages > 0 && !r.error)],
  ];
  console.log("born-digital vs scanned (mean over the documents where a metric applies):");
  console.log(
    table(
      ["kind", "docs", ...chosen.map((m) => m.label)],
      groups.map(([label, docs]) => [label, String(docs.length), ...chosen.map((m) => f3(stats(docs.map((r) => m.get(r))).mean))]),
    ),
  );
}

/** Scores per failure class (documents tagged in a public set's manifest.json). */
function printClasses(results: DocResult[]): void {
  const classes = [...new Set(results.flatMap((r) => r.classes))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  if (!classes.length) return;
  const keys = ["nid", "teds", "mhs", "odl", "overall"];
  const chosen = METRICS.filter((m) => keys.includes(m.key));
  console.log("per failure class of issue 14 (failure-classes.ts, plus a manifest.json's tags; mean over the documents where a metric applies):");
  console.log(
    table(
      ["class", "docs", ...chosen.map((m) => m.label)],
      classes.map((c) => {
        const docs = results.filter((r) => r.classes.includes(c));
        return [`${c} ${FAILURE_CLASSES[c] ?? ""}`.trim(), String(docs.length), ...chosen.map((m) => f3(stats(docs.map((r) => m.get(r))).mean))];
      }),
    ),
  );
}

export function printSummary(byFormat: Map<string, DocResult[]>): void {
  const formats = [...byFormat.keys()];
  const all = [...byFormat.values()].flat();
  console.log(`\n=== Summary: mean per format (min in brackets)`);
  const rows = METRICS.map((m) => [
    m.label,
    ...formats.map((f) => {
      const s = stats(byFormat.get(f)!.map((r) => m.get(r)));
      return `${f3(s.mean)} (${f3(s.min)})`;
    }),
    (() => {
      const s = stats(all.map((r) => m.get(r)));
      return `${f3(s.mean)} (${f3(s.min)})`;
    })(),
  ]);
  const per = (f: string, get: (r: DocResult) => number) => sum(byFormat.get(f)!.map(get));
  rows.push(["documents", ...formats.map((f) => String(byFormat.get(f)!.length)), String(all.length)]);
  rows.push(["pages", ...formats.map((f) => String(per(f, (r) => r.pages))), String(sum(all.map((r) => r.pages)))]);
  rows.push(["seconds", ...formats.map((f) => per(f, (r) => r.seconds).toFixed(1)), sum(all.map((r) => r.seconds)).toFixed(1)]);
  rows.push([
    "s/page",
    ...formats.map((f) =>
      (
        per(f, (r) => r.seconds) /
        Math.max(
          1,
          per(f, (r) => r.pages),
        )
      ).toFixed(3),
    ),
    (sum(all.map((r) => r.seconds)) / Math.max(1, sum(all.map((r) => r.pages)))).toFixed(3),
  ]);
  console.log(table(["metric", ...formats, "all"], rows));
  const worst = [...all].sort((a, b) => a.scores.overall - b.scores.overall).slice(0, 3);
  console.log(`worst overall: ${worst.map((r) => `${r.format}/${r.id} ${f3(r.scores.overall)}`).join(", ")}`);
}
