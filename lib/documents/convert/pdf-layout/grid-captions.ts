// A ruled frame round a table often boxes its caption ("Exhibit 19 Percentage of …") above the header and
// its notes ("Note: …", "Source: …") under the last row, each in a band that no column border crosses.
// Those bands are not table rows (issue 14, class 5; ICDAR 2013 tables): the grid is cut above and below
// them, so that they read as the text around the table.
import { CAPTION, NOTES } from "./captions";
import { type Grid, TOUCH } from "./grid-borders";
import type { Row } from "./model";

/** Whether a column border crosses the band between ys[i] and ys[i + 1]. */
function crossed(grid: Grid, i: number): boolean {
  const y = (grid.ys[i] + grid.ys[i + 1]) / 2;
  const inner = grid.xs.slice(1, -1);
  return grid.v.some((l) => inner.some((x) => Math.abs(l.x - x) <= 3) && l.y0 - TOUCH <= y && y <= l.y1 + TOUCH);
}

/** The text of the rows whose baselines lie in band i. */
function bandText(rows: Row[], grid: Grid, i: number): string {
  const [top, bottom] = [grid.ys[i], grid.ys[i + 1]];
  return rows
    .filter((r) => r.y - 0.3 * r.size >= top && r.y - 0.3 * r.size < bottom)
    .map((r) => r.segments.map((s) => s.text).join(" "))
    .join(" ")
    .trim();
}

/** The grid without its first band when that holds a caption, and its last when that holds notes. */
export function withoutCaptionBands(rows: Row[], grid: Grid): Grid {
  if (grid.xs.length < 3) return grid;
  let ys = grid.ys;
  const band = (i: number, re: RegExp) => !crossed({ ...grid, ys }, i) && re.test(bandText(rows, { ...grid, ys }, i));
  if (ys.length >= 4 && band(0, CAPTION)) ys = ys.slice(1);
  if (ys.length >= 4 && band(ys.length - 2, NOTES)) ys = ys.slice(0, -1);
  return ys === grid.ys ? grid : { ...grid, ys };
}
