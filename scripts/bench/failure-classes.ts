// The failure classes of issue 14 a held-out document exercises, read from the document and its ground truth
// (not from any result), so that bench:parse and scan-quality can report held-out quality per class without
// hand-made manifests (a manifest.json in the set's directory still adds classes: {"x.pdf": ["1", "5"]}).
//   1 running headers/footers   a line repeated at the top or bottom of at least half the pages (≥ 2 pages)
//   2 scanned pages             every page image of the scan sets
//   3 two-column pages          a page with ≥ 8 lines read side by side as two runs of prose (pdftotext -layout)
//   4 tables of contents/index  ≥ 3 dot-leader lines ending in a page number, or a "Contents"/"Index" heading
//   5 tables (born-digital)     the ground truth holds a table
//   6 tables in scans           a scanned document whose ground truth holds a table
//   7 code/preformatted         the ground truth holds a fenced code block
import { execFileSync } from "node:child_process";

export const FAILURE_CLASSES: Record<string, string> = {
  "1": "running headers/footers",
  "2": "scanned pages",
  "3": "two-column pages",
  "4": "tables of contents/index",
  "5": "tables (born-digital)",
  "6": "tables in scans",
  "7": "code/preformatted",
};

const hasTable = (truth: string) => /^\s*\|.*\|\s*\n\s*\|[\s:|-]+\|\s*$/m.test(truth) || /<table[\s>]/i.test(truth);
const hasCode = (truth: string) => /^\s*(```|~~~)/m.test(truth);
const CONTENTS_HEADING = /^#{1,6}\s*(table of contents|contents|index)\s*$/im;

/** Classes of a scanned document (page images): 2, and 6 when its truth holds a table. */
export function scanClasses(truth: string): string[] {
  return hasTable(truth) ? ["2", "6"] : ["2"];
}

/** Classes of a born-digital PDF from its text layer (`pdftotext -layout`) and its ground truth. */
export function pdfClasses(pdfPath: string, truth: string): string[] {
  let layout = "";
  try {
    layout = execFileSync("pdftotext", ["-layout", "-q", pdfPath, "-"], { maxBuffer: 1 << 28, timeout: 60_000 }).toString();
  } catch {
    // no poppler or an unreadable PDF: classes from the ground truth only
  }
  return textLayerClasses(layout, truth);
}

/** The classification itself, on `pdftotext -layout` output (pages separated by form feeds). */
export function textLayerClasses(layout: string, truth: string): string[] {
  const classes: string[] = [];
  const pages = layout.split("\f").filter((p) => p.trim());
  if (repeatedEdgeLines(pages)) classes.push("1");
  if (pages.some((p) => sideBySideLines(p) >= 8)) classes.push("3");
  const leaders = layout.split("\n").filter((l) => /(\.\s?){4,}\s*\d+\s*$/.test(l)).length;
  if (leaders >= 3 || CONTENTS_HEADING.test(truth)) classes.push("4");
  if (hasTable(truth)) classes.push("5");
  if (hasCode(truth)) classes.push("7");
  return classes;
}

/** Whether the first or the last line of at least half the pages (≥ 2) is the same, digits aside. */
function repeatedEdgeLines(pages: string[]): boolean {
  if (pages.length < 2) return false;
  const edges = (pick: (lines: string[]) => string | undefined) => {
    const counts = new Map<string, number>();
    for (const page of pages) {
      const line = pick(page.split("\n").filter((l) => l.trim()));
      const key = line?.trim().replace(/\s+/g, " ").replace(/\d+/g, "#");
      if (key && key.length <= 120) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return Math.max(0, ...counts.values());
  };
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  return edges((l) => l[0]) >= needed || edges((l) => l[l.length - 1]) >= needed;
}

/** Lines of a page that hold two runs of prose side by side (each ≥ 3 words and ≥ 20 characters). */
function sideBySideLines(page: string): number {
  let n = 0;
  for (const line of page.split("\n")) {
    const runs = line
      .trim()
      .split(/\s{3,}/)
      .filter((r) => r.length >= 20 && r.split(/\s+/).length >= 3 && /[a-z]{3}/i.test(r));
    if (runs.length >= 2) n++;
  }
  return n;
}
