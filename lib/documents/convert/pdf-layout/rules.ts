// Ruling lines (table borders, underlines) from a pdf.js operator list (pure): stroked straight path
// segments that run horizontally or vertically, and thin filled rectangles (how many producers draw
// borders). Curves, clipping paths and large filled areas are ignored.

/** An axis-aligned line painted on the page, in PDF user space (y up). */
export interface PdfRule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** An edge of a shaded band (a filled area), not a drawn line: it parts rows, but it is no cell border. */
  band?: true;
  /** A band's edge shared with a band of the same extent abutting it (a shaded area painted line by line). */
  joint?: true;
}

/** The OPS codes this module reads (pdf.js `OPS`). */
export interface OpCodes {
  save: number;
  restore: number;
  transform: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  endPath: number;
  moveTo: number;
  lineTo: number;
  curveTo: number;
  curveTo2: number;
  curveTo3: number;
  closePath: number;
  rectangle: number;
  /** Fill colour operators (optional: without them every fill counts as one colour). */
  setFillRGBColor?: number;
  setFillGray?: number;
  setFillCMYKColor?: number;
  setFillColor?: number;
  setFillColorN?: number;
}

export interface OperatorList {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

/** A filled rectangle thinner than this (points) is a line. */
const THIN = 2.5;
/** Shorter lines are ignored (dots, glyph-like marks). */
const MIN_LENGTH = 2;
/** A filled rectangle at least this wide and at most this tall is a shaded band (row background). */
const MIN_BAND_WIDTH = 20;
const MAX_BAND_HEIGHT = 60;
/** Cells filled side by side (a table drawn as coloured cells on white) stand at most this far apart. */
const CELL_GAP = 6;
/** More rules than this on one page: a drawing or chart, not table borders. */
const MAX_RULES = 4000;

interface SubPath {
  points: number[];
  closed: boolean;
  curved: boolean;
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: ArrayLike<number>): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/** Path data of pdf.js ≥ 5: [paintOp, [data], minMax] with data = op, coordinates, op, … */
function pathsV5(data: ArrayLike<number>): SubPath[] {
  const out: SubPath[] = [];
  let cur: SubPath | null = null;
  for (let k = 0; k < data.length; ) {
    const op = data[k];
    if (op === 0) {
      cur = { points: [data[k + 1], data[k + 2]], closed: false, curved: false };
      out.push(cur);
      k += 3;
    } else if (op === 1) {
      cur?.points.push(data[k + 1], data[k + 2]);
      k += 3;
    } else if (op === 2 || op === 3) {
      if (cur) cur.curved = true;
      k += op === 2 ? 7 : 5;
    } else if (op === 4) {
      if (cur) cur.closed = true;
      k += 1;
    } else break;
  }
  return out;
}

/** Path data of older pdf.js: [ops, coordinates, minMax], painted by a separate operator. */
function pathsV4(ops: ArrayLike<number>, coords: ArrayLike<number>, OPS: OpCodes): SubPath[] {
  const out: SubPath[] = [];
  let cur: SubPath | null = null;
  let j = 0;
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k];
    if (op === OPS.moveTo) {
      cur = { points: [coords[j], coords[j + 1]], closed: false, curved: false };
      out.push(cur);
      j += 2;
    } else if (op === OPS.lineTo) {
      cur?.points.push(coords[j], coords[j + 1]);
      j += 2;
    } else if (op === OPS.rectangle) {
      const [x, y, w, h] = [coords[j], coords[j + 1], coords[j + 2], coords[j + 3]];
      out.push({ points: [x, y, x + w, y, x + w, y + h, x, y + h], closed: true, curved: false });
      cur = null;
      j += 4;
    } else if (op === OPS.curveTo || op === OPS.curveTo2 || op === OPS.curveTo3) {
      if (cur) cur.curved = true;
      j += op === OPS.curveTo ? 6 : 4;
    } else if (op === OPS.closePath) {
      if (cur) cur.closed = true;
    }
  }
  return out;
}

/** Horizontal and vertical lines painted by an operator list, in PDF user space. */
export function rulesFromOperatorList(list: OperatorList, OPS: OpCodes): PdfRule[] {
  const strokes = new Set([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const fills = new Set([OPS.fill, OPS.eoFill]);
  const out: PdfRule[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let color = "";
  const stack: [Matrix, string][] = [];
  const colorOps = new Set(
    [OPS.setFillRGBColor, OPS.setFillGray, OPS.setFillCMYKColor, OPS.setFillColor, OPS.setFillColorN].filter((o) => o !== undefined),
  );
  let pending: SubPath[] = [];
  const bands: Band[] = [];

  const add = (ax: number, ay: number, bx: number, by: number) => {
    const x0 = ctm[0] * ax + ctm[2] * ay + ctm[4];
    const y0 = ctm[1] * ax + ctm[3] * ay + ctm[5];
    const x1 = ctm[0] * bx + ctm[2] * by + ctm[4];
    const y1 = ctm[1] * bx + ctm[3] * by + ctm[5];
    const dx = Math.abs(x1 - x0);
    const dy = Math.abs(y1 - y0);
    if ((dx <= 0.5 || dy <= 0.5) && Math.max(dx, dy) >= MIN_LENGTH) {
      out.push({ x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1) });
    }
  };
  const paint = (paths: SubPath[], op: number) => {
    for (const p of paths) {
      if (p.curved) continue;
      const pts = p.points;
      if (strokes.has(op)) {
        for (let k = 2; k < pts.length; k += 2) add(pts[k - 2], pts[k - 1], pts[k], pts[k + 1]);
        if (p.closed && pts.length > 4) add(pts[pts.length - 2], pts[pts.length - 1], pts[0], pts[1]);
      } else if (fills.has(op) && (pts.length === 8 || pts.length === 10)) {
        // A thin filled rectangle: its centre line.
        const xs: number[] = [];
        const ys: number[] = [];
        for (let k = 0; k < 8; k += 2) {
          xs.push(ctm[0] * pts[k] + ctm[2] * pts[k + 1] + ctm[4]);
          ys.push(ctm[1] * pts[k] + ctm[3] * pts[k + 1] + ctm[5]);
        }
        const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        if (y1 - y0 <= THIN && x1 - x0 >= MIN_LENGTH) out.push({ x0, y0: (y0 + y1) / 2, x1, y1: (y0 + y1) / 2 });
        else if (x1 - x0 <= THIN && y1 - y0 >= MIN_LENGTH) out.push({ x0: (x0 + x1) / 2, y0, x1: (x0 + x1) / 2, y1 });
        else if (x1 - x0 >= MIN_BAND_WIDTH && y1 - y0 <= MAX_BAND_HEIGHT) {
          // A shaded band (a table's header or row background): its top and bottom edges separate rows
          // like rules. Only the horizontal edges: stripes alone (no vertical rules) never make a grid.
          bands.push({ x0, y0, x1, y1, color });
        }
      }
    }
  };

  for (let i = 0; i < list.fnArray.length && out.length + 2 * bands.length <= MAX_RULES; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push([ctm, color]);
    else if (fn === OPS.restore) [ctm, color] = stack.pop() ?? [ctm, color];
    else if (colorOps.has(fn)) color = `${fn}:${JSON.stringify(args)}`;
    else if (fn === OPS.transform && args?.length === 6) ctm = multiply(ctm, args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push([ctm, color]);
      const m = args?.[0] as number[] | undefined;
      if (m && m.length === 6) ctm = multiply(ctm, m);
    } else if (fn === OPS.paintFormXObjectEnd) [ctm, color] = stack.pop() ?? [ctm, color];
    else if (fn === OPS.constructPath && args) {
      if (typeof args[0] === "number") {
        const data = (args[1] as ArrayLike<number>[] | undefined)?.[0];
        if (data) paint(pathsV5(data), args[0]);
      } else if (args[0] && args[1]) pending.push(...pathsV4(args[0] as ArrayLike<number>, args[1] as ArrayLike<number>, OPS));
    } else if (pending.length && (strokes.has(fn) || fills.has(fn) || fn === OPS.endPath)) {
      paint(pending, fn);
      pending = [];
    }
  }
  out.push(...bandEdges(bands), ...cellBorders(bands, out));
  return out.length > MAX_RULES ? [] : out;
}

/** Band edges within half a point of each other are at one position. */
const near = (a: number, b: number) => Math.abs(a - b) <= 0.5;

interface Band {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The fill colour operator and its operands ("" before any). */
  color: string;
}

/**
 * The top and bottom edges of shaded bands. Bands of the same extent that abut (one's bottom is the next
 * one's top) may be one shaded area painted line by line (a cell's background behind each line of its text,
 * as SPSS draws them): their shared edge is marked joint (grid.ts parts no columned row there).
 */
function bandEdges(bands: Band[]): PdfRule[] {
  // A band painted twice (a fill repeated) counts once.
  const sorted = [...bands]
    .sort((a, b) => a.x0 - b.x0 || a.x1 - b.x1 || a.y0 - b.y0)
    .filter(
      (b, k, all) => k === 0 || ![b.x0 - all[k - 1].x0, b.x1 - all[k - 1].x1, b.y0 - all[k - 1].y0, b.y1 - all[k - 1].y1].every((d) => near(d, 0)),
    );
  const out: PdfRule[] = [];
  sorted.forEach((b, k) => {
    const abuts = (o: Band | undefined, y: number, oy: number) => !!o && near(o.x0, b.x0) && near(o.x1, b.x1) && near(oy, y);
    const below = abuts(sorted[k - 1], b.y0, sorted[k - 1]?.y1);
    const above = abuts(sorted[k + 1], b.y1, sorted[k + 1]?.y0);
    // A shared edge is given once, by the lower band (smaller y in PDF space).
    if (!below) out.push({ x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y0, band: true });
    out.push({ x0: b.x0, y0: b.y1, x1: b.x1, y1: b.y1, band: true, ...(above && { joint: true as const }) });
  });
  return out;
}

/**
 * Column borders of tables drawn as filled cells (each cell its own coloured rectangle, set a point or a few
 * apart on white, no lines drawn): between two bands of one row (same top and bottom) that stand 1 to
 * CELL_GAP apart, a vertical line in the middle of the gap, reaching half a gap into the rows above and
 * below so that the rows' borders touch it. Shaded rows alone (one band a row) give none. In a row whose
 * columns are ruled by drawn lines, only fills of two colours part cells (fills of one colour are cell
 * backgrounds there: their gaps may lie inside a merged cell).
 */
function cellBorders(bands: Band[], drawn: PdfRule[]): PdfRule[] {
  const out: PdfRule[] = [];
  // Rows: bands of one top and bottom (within half a point), found in one pass over the bands sorted by them.
  const rows: Band[][] = [];
  for (const b of [...bands].sort((a, b) => a.y0 - b.y0 || a.y1 - b.y1)) {
    let row: Band[] | undefined;
    for (let k = rows.length - 1; k >= 0 && near(b.y0, rows[k][0].y0) && !row; k--) if (near(rows[k][0].y1, b.y1)) row = rows[k];
    if (row) row.push(b);
    else rows.push([b]);
  }
  for (const row of rows) {
    const sorted = row.sort((a, b) => a.x0 - b.x0);
    const [x0, x1, y0, y1] = [sorted[0].x0, sorted[sorted.length - 1].x1, sorted[0].y0, sorted[0].y1];
    const ruled = drawn.some((r) => r.x1 - r.x0 <= 0.5 && r.x0 > x0 && r.x0 < x1 && r.y0 < y1 && r.y1 > y0);
    for (let k = 1; k < sorted.length; k++) {
      const gap = sorted[k].x0 - sorted[k - 1].x1;
      if (gap < 1 || gap > CELL_GAP || (ruled && sorted[k].color === sorted[k - 1].color)) continue;
      const x = (sorted[k - 1].x1 + sorted[k].x0) / 2;
      out.push({ x0: x, y0: sorted[k].y0 - CELL_GAP / 2, x1: x, y1: sorted[k].y1 + CELL_GAP / 2 });
    }
  }
  return out;
}
