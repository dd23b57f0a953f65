// A frame around a table, its caption and its notes (an "Exhibit" box: the title at the top, "Exhibit reads:",
// "Note:" and "Source:" at the bottom, all inside one outer rule). The column rules run through the table's
// rows only; the caption's and the notes' bands have none, and their lines run across the columns' x. Such
// bands (of some words: a short header spanning every column is a row) at the top or the bottom of the grid
// are not rows of the table: the grid is cut down to the bands the columns run through, and their words stay
// text above and below the table.
import type { Box, TableGrid } from "./table-lines";

/** A caption or notes band holds at least this many words (sentences, not a header's label). */
const MIN_FRAME_WORDS = 8;

interface Word {
  bbox: Box;
}

/** The grid without the caption and notes bands of its frame (see the file header); the grid itself if none. */
export function withoutFrameText(grid: TableGrid, words: readonly Word[]): TableGrid {
  if (!grid.cols.length || !grid.rows.length) return grid;
  const ys = [grid.box.y0, ...grid.rows, grid.box.y1];
  const bands = ys.slice(1).map((y1, b) => ({ y0: ys[b], y1 }));
  const ruled = bands.map(({ y0, y1 }) => grid.cols.some((c) => c.rules.some((r) => r.y0 <= (y0 + y1) / 2 && (y0 + y1) / 2 <= r.y1)));
  const across = bands.map(({ y0, y1 }) => {
    const inBand = words.filter((w) => (w.bbox.y0 + w.bbox.y1) / 2 > y0 && (w.bbox.y0 + w.bbox.y1) / 2 < y1);
    // (prose: a header spanning every column, "Assignment Categories", is a row of the table)
    return inBand.length >= MIN_FRAME_WORDS && inBand.some((w) => grid.cols.some((c) => w.bbox.x0 < c.x && c.x < w.bbox.x1));
  });
  const frameText = (b: number) => !ruled[b] && across[b];
  let first = 0;
  while (first < bands.length && frameText(first)) first++;
  let last = bands.length - 1;
  while (last > first && frameText(last)) last--;
  if ((first === 0 && last === bands.length - 1) || last - first < 1 || !ruled.slice(first, last + 1).some(Boolean)) return grid;
  const y0 = bands[first].y0;
  const y1 = bands[last].y1;
  return {
    ...grid,
    box: { ...grid.box, y0, y1 },
    rows: grid.rows.filter((y) => y > y0 && y < y1),
    rowRules: grid.rowRules?.filter((r) => r.y1 >= y0 - 4 && r.y0 <= y1 + 4),
  };
}
