// OCR words inside a ruled table region (table-lines.ts) → rows of cell text.
//   - Words that are rules read as text (`|`, `[`, `l`, `1`… lying on a vertical rule or the box's edge)
//     are dropped.
//   - Columns: the grid's vertical rules, except "rules" that run through a word (letter strokes: a real
//     separator never crosses the text of a cell); without any, the gaps that (almost) no text line crosses.
//   - Rows: the grid's horizontal rules make bands; inside a band, a text line starts a new row when it
//     fills two or more columns or stands apart from the previous line (more than 0.8 line heights);
//     other lines continue the cells above (wrapped cell text).
// A region that gives fewer than 2 columns or 2 rows is not a table (null): its words stay in the text.
import type { Box, TableGrid } from "./table-lines";

export interface CellWord {
  text: string;
  bbox: Box;
}

const RULE_TEXT = /^[|[\]{}()!lIi1\\/_—–-]{1,2}$/;
const ONLY_BARS = /^[|[\]{}]+$/;

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** A rule at x touches the word (letter strokes at a word's first or last letter included). */
const crossesWord = (x: number, w: CellWord) => w.bbox.x0 <= x + 2 && w.bbox.x1 >= x - 2;

/** Rows of cell text for the words of one table region, or null when they do not make a table. */
export function tableCells(grid: TableGrid, words: CellWord[]): string[][] | null {
  const edges = [grid.box.x0, grid.box.x1, ...grid.cols.map((c) => c.x)];
  const kept = words.filter((w) => {
    const t = w.text.trim();
    if (!t || ONLY_BARS.test(t)) return false;
    if (RULE_TEXT.test(t) && edges.some((x) => x >= w.bbox.x0 - 4 && x <= w.bbox.x1 + 4)) return false;
    return true;
  });
  if (kept.length < 2) return null;
  const height = median(kept.map((w) => w.bbox.y1 - w.bbox.y0)) || 1;

  // Columns
  let bounds = grid.cols
    .filter((c) => c.rules.some((r) => !kept.some((w) => crossesWord(c.x, w) && w.bbox.y1 > r.y0 + 2 && w.bbox.y0 < r.y1 - 2)))
    .map((c) => c.x);
  if (!bounds.length) bounds = gapColumns(grid.box, kept, height);
  const colOf = (w: CellWord) => {
    const cx = (w.bbox.x0 + w.bbox.x1) / 2;
    let i = 0;
    while (i < bounds.length && cx > bounds[i]) i++;
    return i;
  };
  const nCols = bounds.length + 1;

  // Rows
  const bandEdges = [grid.box.y0, ...grid.rows, grid.box.y1];
  const bandOf = (w: CellWord) => {
    const cy = (w.bbox.y0 + w.bbox.y1) / 2;
    let i = 0;
    while (i < bandEdges.length - 2 && cy > bandEdges[i + 1]) i++;
    return i;
  };
  const rows: string[][][] = [];
  for (let band = 0; band < bandEdges.length - 1; band++) {
    const bandWords = kept.filter((w) => bandOf(w) === band).sort((a, b) => a.bbox.y0 + a.bbox.y1 - (b.bbox.y0 + b.bbox.y1));
    const lines: CellWord[][] = [];
    for (const w of bandWords) {
      const cy = (w.bbox.y0 + w.bbox.y1) / 2;
      const line = lines.find((l) => Math.abs(l.reduce((s, x) => s + (x.bbox.y0 + x.bbox.y1) / 2, 0) / l.length - cy) <= height * 0.5);
      if (line) line.push(w);
      else lines.push([w]);
    }
    lines.sort((a, b) => Math.min(...a.map((w) => w.bbox.y0)) - Math.min(...b.map((w) => w.bbox.y0)));
    let prevBottom = Number.NEGATIVE_INFINITY;
    let row: string[][] | null = null;
    for (const line of lines) {
      line.sort((a, b) => a.bbox.x0 - b.bbox.x0);
      const cells: string[][] = Array.from({ length: nCols }, () => []);
      for (const w of line) cells[colOf(w)].push(w.text.trim());
      const filled = cells.filter((c) => c.length).length;
      const top = Math.min(...line.map((w) => w.bbox.y0));
      if (!row || filled >= 2 || top - prevBottom > 0.8 * height) {
        row = cells;
        rows.push(row);
      } else {
        for (let i = 0; i < nCols; i++) row[i].push(...cells[i]);
      }
      prevBottom = Math.max(...line.map((w) => w.bbox.y1));
    }
  }
  let table = rows.map((r) => r.map((c) => c.join(" ")));
  // drop empty columns
  const used = Array.from({ length: nCols }, (_, i) => table.some((r) => r[i]));
  table = table.map((r) => r.filter((_, i) => used[i])).filter((r) => r.some(Boolean));
  const width = used.filter(Boolean).length;
  if (width < 2 || table.length < 2) return null;
  // a table has rows with two or more cells; a box around a paragraph does not
  if (table.filter((r) => r.filter(Boolean).length >= 2).length < Math.min(2, table.length)) return null;
  return table;
}

/** Column boundaries from the x ranges that at most 10% of the text lines cover (gaps ≥ 1.2 line heights). */
function gapColumns(box: Box, words: CellWord[], height: number): number[] {
  const x0 = Math.floor(box.x0);
  const width = Math.ceil(box.x1) - x0 + 1;
  if (width <= 0) return [];
  // text lines by y
  const lines: CellWord[][] = [];
  for (const w of [...words].sort((a, b) => a.bbox.y0 - b.bbox.y0)) {
    const cy = (w.bbox.y0 + w.bbox.y1) / 2;
    const line = lines.find((l) => Math.abs((l[0].bbox.y0 + l[0].bbox.y1) / 2 - cy) <= height * 0.5);
    if (line) line.push(w);
    else lines.push([w]);
  }
  const cover = new Uint16Array(width);
  for (const line of lines) {
    const mark = new Uint8Array(width);
    for (const w of line) for (let x = Math.max(0, Math.floor(w.bbox.x0) - x0); x <= Math.min(width - 1, Math.ceil(w.bbox.x1) - x0); x++) mark[x] = 1;
    for (let x = 0; x < width; x++) cover[x] += mark[x];
  }
  const limit = Math.floor(lines.length * 0.1);
  const out: number[] = [];
  const textStart = Math.min(...words.map((w) => w.bbox.x0)) - x0;
  const textEnd = Math.max(...words.map((w) => w.bbox.x1)) - x0;
  let start = -1;
  for (let x = Math.max(0, Math.floor(textStart)); x <= Math.min(width - 1, Math.ceil(textEnd)); x++) {
    if (cover[x] <= limit) {
      if (start < 0) start = x;
    } else if (start >= 0) {
      if (x - start >= 1.2 * height) out.push(x0 + (start + x) / 2);
      start = -1;
    }
  }
  return out;
}
