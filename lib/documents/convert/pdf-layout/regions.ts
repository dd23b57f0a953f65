// Regions of a page, in this order of evidence: ruled tables (a grid of ruling lines, grid.ts),
// multi-column text (columns.ts), then tables without rules (tables.ts).
import { findColumnRuns, splitColumns } from "./columns";
import { type Grid, gridCells, rowsInGrid } from "./grid";
import { besideGrid } from "./grid-beside";
import { withoutCaptionBands } from "./grid-captions";
import type { Row } from "./model";
import { tryTable } from "./tables";

export type Region =
  | { kind: "rows"; rows: Row[] }
  /**
   * band: blocks side by side above columns (authors), whose text does not run on into what follows; aside:
   * the text, then a marginal note that stood beside it (columns in that order; the note runs on from nothing).
   */
  | { kind: "columns"; columns: Row[][]; band?: boolean; aside?: boolean }
  | { kind: "table"; cells: string[][] };

export interface RegionOptions {
  /** Look for multi-column text (off inside a column that is already narrow). */
  columns: boolean;
  /** Ruled grids of the page (grid.ts). */
  grids?: Grid[];
}

const MAX_ROWS_FOR_REGIONS = 3000;

/** Splits rows (top-down order) into plain rows, multi-column regions and tables. */
export function findRegions(rows: Row[], options: RegionOptions): Region[] {
  if (!rows.length) return [];
  if (rows.length > MAX_ROWS_FOR_REGIONS) return [{ kind: "rows", rows }];
  const claims: { start: number; end: number; region: Region }[] = [];
  const free = (start: number, end: number) => claims.every((c) => end <= c.start || start >= c.end);
  const beside: Grid[] = [];
  for (const ruled of options.grids ?? []) {
    const grid = withoutCaptionBands(rows, ruled);
    const span = rowsInGrid(rows, grid);
    const cells = span && free(span.start, span.end) ? gridCells(rows.slice(span.start, span.end), grid) : null;
    if (span && cells) claims.push({ ...span, region: { kind: "table", cells } });
    else if (!span) beside.push(grid);
  }
  if (options.columns) {
    for (const found of findColumnRuns(rows)) {
      // Columns running down to a ruled table (its cells line up with the gutter) stop above it; they are
      // not dropped, or the whole page above the table would read across its columns.
      const run = free(found.start, found.end) ? found : freePart(found, claims);
      if (run)
        claims.push({
          start: run.start,
          end: run.end,
          region: run.note
            ? { kind: "columns", columns: splitColumns(rows, run).reverse(), aside: true }
            : { kind: "columns", columns: splitColumns(rows, run), ...(run.band ? { band: true } : {}) },
        });
    }
  }
  // A ruled table with content standing clear beside it (grid-beside.ts), where no column run took the rows:
  // the table, then that content.
  for (const grid of beside) {
    const found = besideGrid(rows, grid);
    const table = found && free(found.start, found.end) ? found.columns.find((c) => rowsInGrid(c, grid)) : undefined;
    if (found && table && gridCells(table, grid))
      claims.push({ start: found.start, end: found.end, region: { kind: "columns", columns: found.columns } });
  }
  claims.sort((a, b) => a.start - b.start);
  const out: Region[] = [];
  let cursor = 0;
  for (const c of claims) {
    out.push(...textTables(rows.slice(cursor, c.start)), c.region);
    cursor = c.end;
  }
  out.push(...textTables(rows.slice(cursor)));
  return out;
}

/** Rows a column run keeps once claimed rows are left out: its longest stretch of 3 rows or more, or null. */
function freePart<T extends { start: number; end: number }>(run: T, claims: { start: number; end: number }[]): T | null {
  let best: T | null = null;
  let start = run.start;
  const cuts = claims.filter((c) => c.end > run.start && c.start < run.end).sort((a, b) => a.start - b.start);
  for (const c of [...cuts, { start: run.end, end: run.end }]) {
    const end = Math.min(c.start, run.end);
    if (end - start >= 3 && (!best || end - start > best.end - best.start)) best = { ...run, start, end };
    start = Math.max(start, c.end);
  }
  return best;
}

/** Tables without rules among rows; everything else stays plain rows. */
function textTables(input: Row[]): Region[] {
  const rows = input.slice();
  const out: Region[] = [];
  let cursor = 0;
  for (let i = 0; i < rows.length; i++) {
    // Code set in a fixed-pitch font keeps its alignment as code, not as a table (a typed page's tables are
    // set in that font too).
    if (rows[i].segments.length < 2 || (!rows[i].typed && rows[i].segments.every((s) => s.mono))) continue;
    const found = tryTable(rows, i, cursor);
    if (!found) continue;
    if (found.start > cursor) out.push({ kind: "rows", rows: rows.slice(cursor, found.start) });
    out.push("cells" in found ? { kind: "table", cells: found.cells } : { kind: "columns", columns: found.columns });
    cursor = found.end;
    i = found.end - 1;
  }
  if (rows.length > cursor) out.push({ kind: "rows", rows: rows.slice(cursor) });
  return out;
}
