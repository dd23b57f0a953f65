// Segments of a table's rows assigned to its columns (given the gutters between them).
import { columnOf, type Interval } from "./gutters";
import type { Row, Segment } from "./model";

interface Item {
  k: number;
  s: Segment;
}

interface Extent {
  x0: number;
  x1: number;
}

/** The items of one table row (lines of wrapped cells) that overlap horizontally, as clusters with extents. */
function clusters(items: Item[]): { items: Item[]; x0: number; x1: number }[] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const [a, b] = [items[i].s, items[j].s];
      if (items[i].k !== items[j].k && Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1) parent[find(i)] = find(j);
    }
  }
  const out = new Map<number, { items: Item[]; x0: number; x1: number }>();
  items.forEach((it, i) => {
    const c = out.get(find(i)) ?? { items: [], x0: it.s.x0, x1: it.s.x1 };
    c.items.push(it);
    c.x0 = Math.min(c.x0, it.s.x0);
    c.x1 = Math.max(c.x1, it.s.x1);
    out.set(find(i), c);
  });
  return [...out.values()].sort((a, b) => a.x0 - b.x0);
}

const distance = (a: Extent, b: Extent) => (b.x0 > b.x1 ? 1e6 : Math.max(0, a.x0 - b.x1, b.x0 - a.x1));

/**
 * Header cells (left to right) matched to distinct columns in order, nearest to each column's body text:
 * a header left-aligned in its cell above right-aligned numbers sits nearer the previous column's text,
 * but that column has its own header. Null when there are more header cells than columns.
 */
function inOrder(cells: Extent[], columns: Extent[]): number[] | null {
  const n = cells.length;
  const m = columns.length;
  if (n > m) return null;
  // best[i][j]: cost of placing the first i cells in the first j columns.
  const best = Array.from({ length: n + 1 }, (_, i) => new Array<number>(m + 1).fill(i ? Infinity : 0));
  for (let i = 1; i <= n; i++) {
    for (let j = i; j <= m; j++) best[i][j] = Math.min(best[i][j - 1], best[i - 1][j - 1] + distance(cells[i - 1], columns[j - 1]));
  }
  const out = new Array<number>(n);
  for (let i = n, j = m; i > 0; j--) {
    if (best[i][j] !== best[i][j - 1] || j === i) {
      out[i - 1] = j - 1;
      i--;
    }
  }
  return out;
}

/**
 * Segments per row and column. Within a group of rows that form one table row (wrapped cells), segments
 * that overlap horizontally are one cell's lines and go to the column of their common extent ("Chiffre
 * d'affaires" over "(EUR)"). The header's cells are then matched to the columns in order (inOrder).
 */
export function byColumns(rows: Row[], gutters: Interval[], groups: number[][], headerGroups = 1): Segment[][][] {
  const cells: Segment[][][] = rows.map(() => Array.from({ length: gutters.length + 1 }, () => []));
  const extents: Extent[] = Array.from({ length: gutters.length + 1 }, () => ({ x0: Infinity, x1: -Infinity }));
  const grouped = groups.map((g) => clusters(g.flatMap((k) => rows[k].segments.map((s) => ({ k, s })))));
  grouped.forEach((list, gi) => {
    for (const c of list) {
      const col = columnOf(c, gutters);
      for (const { k, s } of c.items) cells[k][col].push(s);
      if (gi >= headerGroups) extents[col] = { x0: Math.min(extents[col].x0, c.x0), x1: Math.max(extents[col].x1, c.x1) };
    }
  });
  for (let gi = 0; gi < Math.min(headerGroups, groups.length); gi++) {
    const order = inOrder(grouped[gi], extents);
    if (!order) continue;
    for (const k of groups[gi]) cells[k] = cells[k].map(() => []);
    grouped[gi].forEach((c, i) => {
      for (const { k, s } of c.items) cells[k][order[i]].push(s);
    });
  }
  return cells;
}
