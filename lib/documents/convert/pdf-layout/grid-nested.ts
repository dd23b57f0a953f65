// Tables nested in a cell of a ruled table (issue 14): the inner table's lines would otherwise add column
// and row borders to the outer table (its cells repeated across the inner columns, the inner rows cut into
// the outer row). An inner table is a box inside one column of the outer table, drawn by vertical lines
// that do not run the outer table's height (its edges and inner borders, three or more) and by horizontal
// lines that run from its left edge to its right edge; its lines are left out of the outer grid, so the
// inner table's text reads as the outer cell's text, row by row.
import { TOUCH } from "./grid-borders";

interface Line {
  at: number;
  from: number;
  to: number;
}

/** The lines of a set of touching ruling lines, without those of tables nested in its cells. */
export function withoutNested<T extends Line>(v: T[], h: T[], y0: number, y1: number): { v: T[]; h: T[] } {
  const full = (l: T) => l.from <= y0 + 3 && l.to >= y1 - 3;
  const edges = [...new Set(v.filter(full).map((l) => l.at))].sort((a, b) => a - b);
  if (edges.length < 2) return { v, h };
  const dropV = new Set<T>();
  const dropH = new Set<T>();
  for (let k = 1; k < edges.length; k++) {
    const [a, b] = [edges[k - 1], edges[k]];
    const inside = v.filter((l) => !full(l) && l.at > a + TOUCH && l.at < b - TOUCH).sort((p, q) => p.from - q.from);
    // Boxes: partial verticals whose extents overlap, one cluster per nested table.
    const clusters: T[][] = [];
    for (const l of inside) {
      const last = clusters[clusters.length - 1];
      if (last && l.from <= Math.max(...last.map((m) => m.to)) + TOUCH) last.push(l);
      else clusters.push([l]);
    }
    for (const box of clusters) {
      const xs = box.map((l) => l.at);
      const [left, right] = [Math.min(...xs), Math.max(...xs)];
      const [top, bottom] = [Math.min(...box.map((l) => l.from)), Math.max(...box.map((l) => l.to))];
      const rows = h.filter(
        (l) => Math.abs(l.from - left) <= TOUCH && Math.abs(l.to - right) <= TOUCH && l.at >= top - TOUCH && l.at <= bottom + TOUCH,
      );
      // Its top and bottom lines may have merged into the outer row's borders: one inner line is enough.
      if (new Set(xs.map(Math.round)).size < 3 || rows.length < 1) continue;
      for (const l of box) dropV.add(l);
      for (const l of rows) dropH.add(l);
    }
  }
  if (!dropV.size) return { v, h };
  return { v: v.filter((l) => !dropV.has(l)), h: h.filter((l) => !dropH.has(l)) };
}
