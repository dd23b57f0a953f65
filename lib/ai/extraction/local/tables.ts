// Data tables: header cells matched to fields (label similarity, then the column's values checked against
// the field's type), rows read as records (top-level fields, record granularity) or as items of an array
// property (e.g. line_items). Totals/subtotal/tax rows at the foot of an item table are not items.
import type { Locale } from "../values/number";
import { type FieldSpec, labelTokens, scoreLabel } from "./fields";
import { type Candidate, type Layout, looksLikeLabel, type Table } from "./layout";
import { CONCEPTS } from "./synonyms";
import { typeValue } from "./typing";

const HEADER_THRESHOLD = 0.7;

export interface ColumnMap {
  /** field index → column index */
  columns: Map<number, number>;
  score: number;
}

/**
 * Columns of a table for the given fields, best label pairs first, one column per field. A column whose
 * cells mostly do not read as the field's type is rejected (a "Total" text column for a number field).
 */
export function mapColumns(fields: FieldSpec[], table: Table, locale?: Locale): ColumnMap {
  const pairs: { f: number; c: number; s: number }[] = [];
  const header = table.header.length ? table.header : [];
  header.forEach((h, c) => {
    const tokens = labelTokens(h);
    if (!tokens.length) return;
    fields.forEach((f, fi) => {
      if (f.kind === "objects") return;
      const s = scoreLabel(tokens, f);
      if (s >= HEADER_THRESHOLD) pairs.push({ f: fi, c, s });
    });
  });
  pairs.sort((a, b) => b.s - a.s || a.c - b.c);
  const columns = new Map<number, number>();
  const usedCols = new Set<number>();
  let score = 0;
  for (const p of pairs) {
    if (columns.has(p.f) || usedCols.has(p.c)) continue;
    const cells = table.rows.map((r) => r[p.c] ?? "").filter(Boolean);
    const typed = cells.filter((v) => typeValue(fields[p.f], v, locale) !== null).length;
    if (cells.length && typed / cells.length < 0.5) continue;
    columns.set(p.f, p.c);
    usedCols.add(p.c);
    score += p.s;
  }
  return { columns, score };
}

const SUMMARY = new Set(
  ["total", "subtotal", "tax", "tax_rate"].flatMap((c) => CONCEPTS[c].map((p) => labelTokens(p).join(" "))).filter((p) => p.length > 2),
);
SUMMARY.add("total");
SUMMARY.add("summe");
SUMMARY.add("gesamt");

/** A totals label ("Subtotal", "VAT 19 %", "Total due"), whether or not the schema asks for it. */
function isSummaryLabel(cell: string): boolean {
  const t = labelTokens(cell).join(" ");
  return t.length > 2 && (SUMMARY.has(t) || [...SUMMARY].some((s) => s.length > 4 && t.startsWith(`${s} `)));
}

/** A totals/subtotal/tax line or an empty line of an item table (not a record). */
export function isSummaryRow(row: string[], columns: Map<number, number>): boolean {
  const mapped = [...columns.values()];
  const filled = mapped.filter((c) => row[c]?.trim()).length;
  if (filled < Math.min(2, mapped.length) || filled < mapped.length / 2) return true;
  return row.some((cell) => {
    const t = labelTokens(cell).join(" ");
    return t.length > 2 && (SUMMARY.has(t) || [...SUMMARY].some((s) => s.length > 4 && t.startsWith(s + " ")));
  });
}

function minColumns(fields: FieldSpec[]): number {
  return Math.min(2, fields.filter((f) => f.kind !== "objects").length);
}

/** Rows of one table as objects keyed by field path (values typed), summary rows skipped. */
export function readRows(fields: FieldSpec[], table: Table, map: ColumnMap, locale?: Locale): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const row of table.rows) {
    if (isSummaryRow(row, map.columns)) continue;
    const obj: Record<string, unknown> = {};
    for (const [fi, c] of map.columns) {
      const typed = typeValue(fields[fi], row[c] ?? "", locale);
      const path = fields[fi].path;
      if (path.length === 1) obj[path[0]] = typed ? typed.value : null;
      else ((obj[path[0]] ??= {}) as Record<string, unknown>)[path[1]] = typed ? typed.value : null;
    }
    out.push(obj);
  }
  return out;
}

export interface RecordTable {
  table: Table;
  map: ColumnMap;
}

const width = (t: Table) => Math.max(t.header.length, ...t.rows.map((r) => r.length));

/**
 * Tables whose header matches at least two of the fields, plus their continuations: a table at the top of
 * a later page with the same number of columns and no matching header is the same table broken by the page
 * (Markdown made its first row a header, so that row is read as data again).
 */
export function matchingTables(fields: FieldSpec[], tables: Table[], locale?: Locale): RecordTable[] {
  const out: RecordTable[] = [];
  let last: RecordTable | null = null;
  for (const table of tables) {
    if (table.kv) continue;
    const map = mapColumns(fields, table, locale);
    if (map.columns.size >= minColumns(fields)) {
      out.push((last = { table, map }));
      continue;
    }
    if (last && table.page > last.table.page && width(table) === width(last.table) && table.header.some(Boolean)) {
      const continued: Table = { ...table, header: last.table.header, rows: [table.header, ...table.rows] };
      out.push((last = { table: continued, map: last.map }));
    }
  }
  return out;
}

/** Items of an array-of-objects field from every table whose header matches its item fields. */
export function itemsFromTables(field: FieldSpec, tables: Table[], locale?: Locale): Record<string, unknown>[] {
  const items = field.items ?? [];
  if (!items.length) return [];
  return matchingTables(items, tables, locale).flatMap(({ table, map }) => readRows(items, table, map, locale));
}

/**
 * Tables whose columns match at least two top-level fields: each data row is a record. A table that
 * matches the items of an array property at least as well (line items of an invoice) is not one.
 */
export function recordTables(fields: FieldSpec[], tables: Table[], locale?: Locale): RecordTable[] {
  const itemSets = fields.filter((f) => f.kind === "objects").map((f) => f.items ?? []);
  return matchingTables(fields, tables, locale).filter(
    ({ table, map }) => !itemSets.some((items) => mapColumns(items, table, locale).columns.size >= map.columns.size),
  );
}

/**
 * A data table: its header names at least two fields (top-level or item fields) and the cells below those
 * header cells are values, not labels (in a key-value grid the cells under a label are labels again).
 */
function isDataTable(t: Table, fields: FieldSpec[], all: FieldSpec[]): boolean {
  const sets = [fields, ...fields.filter((f) => f.kind === "objects").map((f) => f.items ?? [])];
  return sets.some((set) => {
    const map = mapColumns(set, t);
    if (map.columns.size < 2) return false;
    let cells = 0;
    let labels = 0;
    for (const c of map.columns.values()) {
      for (const r of t.rows) {
        if (!r[c]) continue;
        cells++;
        if (looksLikeLabel(r[c]) && all.some((f) => scoreLabel(labelTokens(r[c]), f) >= HEADER_THRESHOLD)) labels++;
      }
    }
    return cells > 0 && labels / cells < 0.3;
  });
}

/**
 * Key-value tables (label | value, possibly two or three pairs per row): tables whose even columns are
 * mostly labels of the schema's fields. They are marked `kv` (not read as data tables) and their pairs
 * become candidates; the header row counts as a pair (Markdown tables always have one).
 */
export function kvCandidates(fields: FieldSpec[], layout: Layout): Candidate[] {
  const all = fields.flatMap((f) => (f.kind === "objects" ? (f.items ?? []) : [f]));
  const out: Candidate[] = [];
  for (const t of layout.tables) {
    const rows = t.header.length ? [t.header, ...t.rows] : t.rows;
    const width = Math.max(...rows.map((r) => r.length));
    if (width % 2 !== 0 || width > 8) continue;
    let labels = 0;
    let cells = 0;
    for (const r of rows) {
      for (let j = 0; j < width; j += 2) {
        if (!r[j]) continue;
        cells++;
        // A totals block (Subtotal · VAT · Total due) is key-value even when the schema asks only for the total.
        if (looksLikeLabel(r[j]) && (isSummaryLabel(r[j]) || all.some((f) => scoreLabel(labelTokens(r[j]), f) >= HEADER_THRESHOLD))) labels++;
      }
    }
    if (!cells || labels / cells < 0.5 || isDataTable(t, fields, all)) continue;
    t.kv = true;
    let k = 0;
    const isLabel = (cell: string) => looksLikeLabel(cell) && all.some((f) => scoreLabel(labelTokens(cell), f) >= HEADER_THRESHOLD);
    for (const r of rows) {
      // Each label cell takes the next filled cell (PDF tables sometimes shift a value one column right).
      for (let j = 0; j < r.length; j++) {
        if (!r[j] || !looksLikeLabel(r[j])) continue;
        let v = j + 1;
        while (v < r.length && !r[v]) v++;
        if (v >= r.length || (isLabel(r[v]) && !isLabel(r[j]))) continue;
        if (isLabel(r[v]) && v + 1 < r.length && r[v + 1]) continue;
        out.push({ label: r[j], value: r[v], page: t.page, order: t.order + ++k / 1000, source: "kv-table", scope: t.scope });
        j = v;
      }
    }
  }
  return out;
}

/**
 * PDF tables laid out one under the other can arrive as one table: a row inside a table whose cells are all
 * labels of (item or top-level) fields, followed by a row of values, starts a new table with that row as
 * its header.
 */
export function splitInnerHeaders(fields: FieldSpec[], layout: Layout): void {
  const sets = [fields, ...fields.filter((f) => f.kind === "objects").map((f) => f.items ?? [])];
  const labelOf = (cell: string, set: FieldSpec[]) => looksLikeLabel(cell) && set.some((f) => scoreLabel(labelTokens(cell), f) >= HEADER_THRESHOLD);
  const out: Table[] = [];
  for (const t of layout.tables) {
    let cur = t;
    for (let i = 1; i < cur.rows.length - 1; i++) {
      const row = cur.rows[i - 1];
      const next = cur.rows[i];
      const filled = row.filter(Boolean);
      const isHeader = sets.some((set) => filled.length >= 2 && filled.length === row.length && filled.filter((c) => labelOf(c, set)).length >= 2);
      if (!isHeader || next.filter((c) => c && labelOf(c, fields)).length > 1) continue;
      out.push({ ...cur, rows: cur.rows.slice(0, i - 1) });
      cur = { ...cur, order: cur.order + 0.1, header: row, rows: cur.rows.slice(i) };
      i = 0;
    }
    out.push(cur);
  }
  layout.tables = out;
}
