// A ruled table's header row above its top rule. Many tables rule only below the header (booktabs in papers,
// Word's "light" table styles: a thick rule under the header, thin ones between the rows), so the grid that
// table-lines.ts finds starts below the header and the header stayed text above the table. The text lines
// directly above the top rule (the nearest within 1.5 line heights, then lines at most 0.8 line heights
// apart, up to three: a wrapped header) are taken into the table as one more row when that changes nothing
// else: the table with them is the table without them plus a first row of two or more cells. A caption or a
// paragraph above the table is one run of words (no gap of a line height between two of its words) or crosses
// the columns and changes them, so it stays text; a grid whose column rules reach its top rule is boxed, its
// header inside.
import { type CellWord, cellRows, chartFrame, tableCells } from "./table-cells";
import { withoutFrameText } from "./table-frame";
import type { TableGrid } from "./table-lines";

const MAX_HEADER_LINES = 3;

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** The grid extended upwards over the text lines directly above its top rule; null when there are none. */
export function gridWithHeader(grid: TableGrid, words: readonly CellWord[], lineHeight: number): TableGrid | null {
  const { box } = grid;
  // A grid boxed at the top (column rules run up to its top rule) has its header inside.
  if (grid.cols.some((c) => c.rules.some((r) => r.y0 <= box.y0 + 4))) return null;
  const h = lineHeight || 1;
  const above = words.filter(
    (w) => w.bbox.x0 >= box.x0 - h && w.bbox.x1 <= box.x1 + h && w.bbox.y1 <= box.y0 + 2 && w.bbox.y0 >= box.y0 - (MAX_HEADER_LINES + 1) * 2 * h,
  );
  const lines: CellWord[][] = [];
  for (const w of [...above].sort((a, b) => b.bbox.y1 - a.bbox.y1)) {
    const cy = (w.bbox.y0 + w.bbox.y1) / 2;
    const line = lines.find((l) => Math.abs(l.reduce((s, x) => s + (x.bbox.y0 + x.bbox.y1) / 2, 0) / l.length - cy) <= h * 0.5);
    if (line) line.push(w);
    else lines.push([w]);
  }
  let top = box.y0;
  let taken = 0;
  for (const line of lines) {
    const bottom = Math.max(...line.map((w) => w.bbox.y1));
    if (top - bottom > (taken ? 0.8 : 1.5) * h || taken === MAX_HEADER_LINES) break;
    top = Math.min(...line.map((w) => w.bbox.y0));
    taken++;
  }
  if (!taken) return null;
  // A header row is cells apart from one another (a gap of a line height between the x extents of its words,
  // all its lines together): one run of words (a caption, a sentence) is not.
  const xs = lines
    .slice(0, taken)
    .flat()
    .sort((a, b) => a.bbox.x0 - b.bbox.x0);
  let reach = xs[0].bbox.x1;
  let apart = false;
  for (const w of xs.slice(1)) {
    if (w.bbox.x0 - reach >= h) apart = true;
    reach = Math.max(reach, w.bbox.x1);
  }
  if (!apart) return null;
  return { ...grid, box: { ...box, y0: top - 2 }, rows: [box.y0, ...grid.rows] };
}

/**
 * The table's rows with the header row above its top rule when there is one (see the file header), or, for a
 * chart's gridlines, `chart` and no rows; `wordsIn(box)` gives the page's words whose centres lie in a box.
 */
export function tableWithHeader(
  framed: TableGrid,
  wordsIn: (box: TableGrid["box"]) => CellWord[],
): { grid: TableGrid; rows: string[][]; chart?: true } | null {
  // (a frame's caption and notes bands are not rows: table-frame.ts)
  const framedWords = wordsIn(framed.box);
  const grid = withoutFrameText(framed, framedWords);
  const inside = grid === framed ? framedWords : wordsIn(grid.box);
  const rows = cellRows(grid, inside);
  if (!rows) return null;
  // (a chart's gridlines: its labels stay text; table-cells.ts chartFrame)
  if (chartFrame(rows)) return { grid: framed, rows: [], chart: true };
  const height = median(inside.map((w) => w.bbox.y1 - w.bbox.y0));
  const pad = 4 * height * (MAX_HEADER_LINES + 1);
  const near = wordsIn({ ...grid.box, y0: grid.box.y0 - pad });
  const extended = gridWithHeader(grid, near, height);
  if (!extended) return { grid, rows };
  const withHeader = tableCells(extended, wordsIn(extended.box));
  if (
    withHeader &&
    withHeader.length === rows.length + 1 &&
    withHeader[0].filter(Boolean).length >= 2 &&
    JSON.stringify(withHeader.slice(1)) === JSON.stringify(rows)
  )
    return { grid: extended, rows: withHeader };
  return { grid, rows };
}
