// Unruled tables in a scanned page: columns aligned by whitespace alone (no ruling lines), found from the OCR
// word boxes that no ruled table (table-lines.ts) took.
//   1. Visual lines: words whose boxes overlap vertically, followed left to right (a skewed line drifts).
//   2. Segments: a line splits where the gap between two words is wider than COLUMN_GAP line heights (words
//      of a sentence are a fraction of a line height apart); next to a line of two or more segments, also at
//      the widest gap of NARROW_GUTTER line heights or more inside each of that line's column gaps, when the
//      pieces then line up with its segments (cells set close together).
//   3. Runs: consecutive lines of two or more segments, a vertical gap no wider than a few row pitches
//      apart (the first two rows up to LOOSE_ROW_GAP line heights apart when their columns line up; the pitch
//      counts rows, not lines beside a cell of two lines); a one-segment line may continue a run when it lies
//      under one of its columns (a total, a wrapped cell: aligned with the column's cells unless it directly
//      follows), or stands beside the line before where a later column starts (a cell centred on a first
//      cell of two lines).
//   4. Columns: segments of the run's multi-segment lines that overlap in x (or share a left or right edge)
//      are one column; two neighbouring columns that never hold text on the same line are one column too
//      (a left-aligned header over right-aligned numbers).
//   5. A run is a table when its cells are short (not prose: two text columns side by side stay text) and it
//      has a column of figures (amounts, years, quantities, dates), or three or more columns filled on
//      three or more lines, or is a header of labels over one row of figures. A line that fills one cell directly under the line before it (closer than
//      WRAP_GAP line heights) continues that line's cell (wrapped text), or fills its empty cell when beside it.
// Pure: boxes in, rows of cell text out. Line geometry: text-table-geometry.ts; cell-text rules: text-table-rows.ts.

import { lineText } from "./reading-order";
import {
  COLUMN_GAP,
  columnsLineUp,
  continues,
  median,
  resegment,
  rowLabel,
  type Segment,
  segmentsOf,
  type TextBox,
  type TextWord,
  type VLine,
  visualLines,
} from "./text-table-geometry";
import { FIGURE, fillRowLabels, isNumbering, LIST_ITEM, LIST_MARKER } from "./text-table-rows";
import { groupHeaders, straddlers } from "./text-table-straddle";

export { type TextBox, type TextWord, visualLines } from "./text-table-geometry";
export { fillRowLabels, isNumbering } from "./text-table-rows";

export interface TextTable<W extends TextWord = TextWord> {
  box: TextBox;
  /** Cell text, first row the header. */
  rows: string[][];
  /** The words the table took (they leave the running text). */
  words: W[];
}

/** A one-cell line this close (line heights) under the line before continues its cell. */
const WRAP_GAP = 0.6;
/** Two lines this many line heights apart may still be rows of one table when their columns line up. */
const LOOSE_ROW_GAP = 3.5;
/** Cells longer than this (characters) on average are prose, not a table. */
const MAX_MEAN_CELL_CHARS = 28;
const MAX_CELL_WORDS = 12;

/** Unruled tables among the words (see the file header); their words are listed so the caller can drop them. */
export function textTables<W extends TextWord>(words: readonly W[]): TextTable<W>[] {
  const kept = words.filter((w) => w.text.trim() && w.bbox.x1 > w.bbox.x0 && w.bbox.y1 > w.bbox.y0);
  if (kept.length < 4) return [];
  const height = median(kept.map((w) => w.bbox.y1 - w.bbox.y0)) || 1;
  const lines: (VLine<W> & { segs: Segment<W>[] })[] = visualLines(kept).map((ws) => {
    const y0 = Math.min(...ws.map((w) => w.bbox.y0));
    const y1 = Math.max(...ws.map((w) => w.bbox.y1));
    const h = median(ws.map((w) => w.bbox.y1 - w.bbox.y0)) || height;
    return { words: ws, y0, y1, height: h, segs: segmentsOf(ws, COLUMN_GAP * height) };
  });

  // Runs of lines with two or more segments (one-segment lines under a column may continue them).
  const runs: (typeof lines)[] = [];
  let run: typeof lines = [];
  const close = () => {
    if (run.filter((l) => l.segs.length >= 2).length >= 2) runs.push(run);
    run = [];
  };
  for (const [k, l] of lines.entries()) {
    const prev = run[run.length - 1];
    // (cells set close together: a line splits at narrower gaps where the run's columns part)
    const ref = run.reduce<(typeof run)[number] | undefined>(
      (best, r) => (r.segs.length >= 2 && r.segs.length >= (best?.segs.length ?? 0) ? r : best),
      undefined,
    );
    if (ref && l.segs.length < ref.segs.length) {
      const segs = resegment(l.words, ref.segs, height);
      if (segs.length > l.segs.length && columnsLineUp(ref.segs, segs, 0.5 * height)) l.segs = segs;
    }
    // (row pitch: lines overlapping the line before, cells beside a cell of two lines, start no row)
    const starts = run.filter((r, i) => i === 0 || r.y0 >= run[i - 1].y1);
    const pitches = starts.slice(1).map((r, i) => r.y0 - starts[i].y0);
    const pitch = pitches.length ? median(pitches) : 0;
    const gap = prev ? l.y0 - prev.y1 : 0;
    const tooFar =
      prev &&
      gap > Math.max(1.5 * height, pitch ? 1.6 * pitch - (prev.y1 - prev.y0) : 2 * height) &&
      // (rows set far apart, a table printed with cell padding: the next row's columns line up with this one's)
      !(pitch === 0 && gap <= LOOSE_ROW_GAP * height && columnsLineUp(prev.segs, l.segs, 0.5 * height));
    if (prev && tooFar) close();
    if (l.segs.length >= 2) run.push(l);
    // (a line overlapping the line before in height: a cell beside it, centred on a cell of two lines)
    else if (run.length && continues(run, l.segs[0], gap <= WRAP_GAP * height, height, gap < 0)) run.push(l);
    else if (ref && rowLabel(run, ref, l, lines[k + 1], height)) run.push(l);
    else close();
  }
  close();

  const out: TextTable<W>[] = [];
  for (const r of runs) {
    // the first line of a header that wraps (a one-segment line right above, its words over the columns)
    const i = lines.indexOf(r[0]);
    const above = lines[i - 1];
    const t = tableOf(r, height, above && r[0].y0 - above.y1 <= WRAP_GAP * height && !runs.some((o) => o.includes(above)) ? above : undefined);
    if (t) out.push(t);
  }
  return out;
}

function tableOf<W extends TextWord>(run: (VLine<W> & { segs: Segment<W>[] })[], height: number, above?: VLine<W>): TextTable<W> | null {
  // A right-aligned figure close to the next column's left-aligned text reads as one segment
  // ("48,8 07/02/2025"): split segments where a word gap wider than a word space lies in a gap between the
  // segments of the line with the most of them (the header, usually), when two or more lines split there
  // (a column of figures, not one wide cell).
  const ref = run.reduce((best, l) => (l.segs.length > best.segs.length ? l : best), run[0]);
  const gaps = ref.segs.slice(1).map((s, i) => ({ x0: ref.segs[i].x1, x1: s.x0 }));
  const gapAt = (prev: W, w: W) =>
    w.bbox.x0 - prev.bbox.x1 >= 0.5 * height ? gaps.findIndex((g) => Math.min(g.x1, w.bbox.x0) - Math.max(g.x0, prev.bbox.x1) > 0) : -1;
  const splits = new Map<number, number>();
  // (a line with as many segments as the reference has no cell left to split)
  for (const l of run)
    if (l !== ref && l.segs.length < ref.segs.length)
      for (const seg of l.segs) {
        const seen = new Set<number>();
        for (let k = 1; k < seg.words.length; k++) seen.add(gapAt(seg.words[k - 1], seg.words[k]));
        for (const g of seen) if (g >= 0) splits.set(g, (splits.get(g) ?? 0) + 1);
      }
  for (const l of run) {
    if (l === ref || l.segs.length >= ref.segs.length) continue;
    l.segs = l.segs.flatMap((seg) => {
      // (one cut per column gap: at the widest word gap inside it, not at every word space there)
      const widest = new Map<number, number>();
      for (let k = 1; k < seg.words.length; k++) {
        const g = gapAt(seg.words[k - 1], seg.words[k]);
        const width = (k: number) => seg.words[k].bbox.x0 - seg.words[k - 1].bbox.x1;
        if (g >= 0 && (!widest.has(g) || width(k) > width(widest.get(g)!))) widest.set(g, k);
      }
      const parts: Segment<W>[] = [];
      for (const [k, w] of seg.words.entries()) {
        const cur = parts[parts.length - 1];
        const prev = cur?.words[cur.words.length - 1];
        const g = prev ? gapAt(prev, w) : -1;
        if (cur && (g < 0 || widest.get(g) !== k || (splits.get(g) ?? 0) < 2)) {
          cur.words.push(w);
          cur.x1 = Math.max(cur.x1, w.bbox.x1);
          cur.text += ` ${w.text.trim()}`;
        } else parts.push({ words: [w], x0: w.bbox.x0, x1: w.bbox.x1, text: w.text.trim() });
      }
      return parts;
    });
  }
  // Columns: x intervals of the multi-segment lines' segments, merged where they overlap or share an edge;
  // group headers left out (they would merge the columns they span).
  const tol = 0.5 * height;
  const spanning = groupHeaders(run, height);
  // (and segments running across a column gap that most lines keep open: a cell's text overflowing into the
  // next column, words run together by a skewed line; their words go to the columns they stand in)
  const straddling = straddlers(run, height);
  const cols: { x0: number; x1: number }[] = [];
  for (const s of run.filter((l) => l.segs.length >= 2).flatMap((l) => l.segs))
    if (!spanning.has(s) && !straddling.has(s)) cols.push({ x0: s.x0, x1: s.x1 });
  const joins = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) =>
    Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0 || Math.abs(a.x0 - b.x0) <= tol || Math.abs(a.x1 - b.x1) <= tol;
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < cols.length && !changed; i++) {
      for (let j = i + 1; j < cols.length; j++) {
        if (!joins(cols[i], cols[j])) continue;
        cols[i] = { x0: Math.min(cols[i].x0, cols[j].x0), x1: Math.max(cols[i].x1, cols[j].x1) };
        cols.splice(j, 1);
        changed = true;
        break;
      }
    }
  }
  cols.sort((a, b) => a.x0 - b.x0);
  if (cols.length < 2) return null;
  const colOf = (s: Segment<W>) => {
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    cols.forEach((c, i) => {
      const score = Math.min(c.x1, s.x1) - Math.max(c.x0, s.x0);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    return best;
  };
  // Cells per line.
  const grid: { cells: Segment<W>[][]; line: VLine<W> }[] = run.map((l) => {
    const cells: Segment<W>[][] = cols.map(() => []);
    for (const s of l.segs) {
      if (!straddling.has(s) || spanning.has(s)) cells[colOf(s)].push(s);
      else for (const piece of s.words.flatMap((w) => segmentsOf([w], 0))) cells[colOf(piece)].push(piece);
    }
    return { cells, line: l };
  });
  // A group header stands over each column it spans (GFM has no colspan: its text is repeated).
  for (const g of grid)
    for (const s of g.cells.flat().filter((t) => spanning.has(t)))
      cols.forEach((c, i) => {
        if (!g.cells[i].length && Math.min(c.x1, s.x1) - Math.max(c.x0, s.x0) > 0) g.cells[i].push(s);
      });
  // Neighbouring columns that never share a line are one column.
  for (let i = cols.length - 1; i >= 1; i--) {
    if (!grid.some((g) => g.cells[i].length && g.cells[i - 1].length)) {
      for (const g of grid) g.cells[i - 1].push(...g.cells[i]);
      for (const g of grid) g.cells.splice(i, 1);
      cols[i - 1] = { x0: Math.min(cols[i - 1].x0, cols[i].x0), x1: Math.max(cols[i - 1].x1, cols[i].x1) };
      cols.splice(i, 1);
    }
  }
  if (cols.length < 2) return null;
  // Rows: a one-cell line right under the line before (wrapped text) continues its cell; one beside the row
  // above (overlapping it in height) fills that row's empty cell (a cell centred beside a cell of two lines).
  const rows: { cells: Segment<W>[][]; y0: number; y1: number }[] = [];
  for (const g of grid) {
    const filled = g.cells.filter((c) => c.length).length;
    const last = rows[rows.length - 1];
    const col = g.cells.findIndex((c) => c.length);
    const close = last && g.line.y0 - last.y1 <= WRAP_GAP * height;
    if (close && filled === 1 && (last.cells[col].length || g.line.y0 < last.y1)) {
      last.cells[col].push(...g.cells[col]);
      last.y1 = Math.max(last.y1, g.line.y1);
    } else if (
      close &&
      rows.length === 1 &&
      !last.cells[0].length &&
      g.cells[0].length &&
      last.cells.filter((c) => c.length).length < filled &&
      last.cells.every((c, i) => !c.length || g.cells[i].length)
    ) {
      // the first line of a wrapped header (over some columns, not the first) and the header line below it
      for (let i = 0; i < cols.length; i++) last.cells[i].push(...g.cells[i]);
      last.y1 = g.line.y1;
    } else rows.push({ cells: g.cells.map((c) => [...c]), y0: g.line.y0, y1: g.line.y1 });
  }
  let table = fillRowLabels(rows.map((r) => r.cells.map((c) => c.map((s) => lineText(s.words)).join(" "))));
  // A header's first line above the run: each of its words over a column goes before that column's header.
  let headWords: W[] = [];
  if (above) {
    const at = above.words.map((w) => cols.findIndex((c) => Math.min(c.x1, w.bbox.x1) - Math.max(c.x0, w.bbox.x0) > 0));
    // (a caption centred over the table is one run of words across columns; a wrapped header's parts stand
    // apart, one over each column)
    const parts = segmentsOf(above.words, COLUMN_GAP * height);
    const onePerColumn = parts.every((p) => new Set(p.words.map((w) => at[above.words.indexOf(w)])).size === 1);
    if (at.every((c) => c >= 0) && onePerColumn) {
      headWords = above.words;
      const head = cols.map((_, c) => lineText(above.words.filter((_, k) => at[k] === c)));
      table = [table[0].map((cell, c) => [head[c], cell].filter(Boolean).join(" ")), ...table.slice(1)];
    }
  }
  // Validation: short cells, and figures or a wide grid.
  const cells = table.flat().filter(Boolean);
  if (table.length < 2 || cells.length < 4) return null;
  const meanChars = cells.reduce((n, c) => n + c.length, 0) / cells.length;
  if (meanChars > MAX_MEAN_CELL_CHARS || cells.some((c) => c.split(/\s+/).length > MAX_CELL_WORDS)) return null;
  const body = table.slice(1);
  // A list: item markers ("1.", "2)", "a.", "iv.", "I." read for "1.") beside the items' text.
  if (cols.length === 2 && body.length >= 2 && body.every((r) => LIST_MARKER.test(r[0].trim()))) return null;
  // Text boxes side by side holding lists (a slide's columns): two or more columns whose cells are mostly
  // list items ("1. List item", "•Bar", "2.List2") are columns of text, not a table.
  const listColumns = cols.filter((_, i) => {
    const vals = table.map((r) => r[i]).filter(Boolean);
    return vals.length >= 2 && vals.filter((v) => LIST_ITEM.test(v.trim())).length >= 0.6 * vals.length;
  }).length;
  if (listColumns >= 2) return null;
  const figureColumn = cols.some((_, i) => {
    const vals = body.map((r) => r[i]).filter(Boolean);
    if (i === 0 && isNumbering(table.map((r) => r[0]).filter(Boolean))) return false;
    return vals.length >= 2 && vals.filter((v) => FIGURE.test(v)).length >= 0.6 * vals.length;
  });
  const wide = cols.length >= 3 && table.filter((r) => r.filter(Boolean).length >= 3).length >= 3;
  // A header of labels over one row of figures in every column ("A | B" over "1... | 2...").
  const figureRow = body.length === 1 && body[0].every((c) => FIGURE.test(c)) && table[0].every((c) => c && !FIGURE.test(c));
  // Two columns of text are a table when laid out as one: four or more rows, every row filled in both
  // columns, set apart like table rows (a line height or more between them: not the lines of a paragraph),
  // labels in the first column (short words, not "Key:" pairs of a form).
  // (between rows, when the table's rows are those laid out: rows of wrapped cells are set apart as well)
  const rowGaps = table.length === rows.length ? rows.slice(1).map((r, i) => r.y0 - rows[i].y1) : run.slice(1).map((l, i) => l.y0 - run[i].y1);
  const spaced = (rows: string[][]) =>
    rows.length >= 4 &&
    rows.every((r) => r.every(Boolean)) &&
    rowGaps.length === rows.length - 1 &&
    rowGaps.every((g) => g >= 0.9 * height) &&
    // (and words, not bullets: "•", "e", "o" beside list items)
    rows.every((r) => r[0].split(/\s+/).length <= 4 && !/:$/.test(r[0]) && (r[0].match(/[\p{L}\p{N}]/gu) ?? []).length >= 2);
  const twoColumns = cols.length === 2 && spaced(table);
  if (!figureColumn && !wide && !twoColumns && !figureRow) return null;
  const words = [...headWords, ...run.flatMap((l) => l.words)];
  return {
    box: {
      x0: Math.min(...words.map((w) => w.bbox.x0)),
      y0: Math.min(...words.map((w) => w.bbox.y0)),
      x1: Math.max(...words.map((w) => w.bbox.x1)),
      y1: Math.max(...words.map((w) => w.bbox.y1)),
    },
    rows: table,
    words,
  };
}
