// The offline extractor (no model): schema-guided reading of the parsed Markdown.
//  1. fields: each property's kind and label phrases (name, title, description, en/de/fr synonyms)
//  2. layout: "label: value" candidates, key-value and data tables, text lines (local/layout.ts)
//  3. assignment: label similarity × type fit × layout reliability, best pairs first (local/assign.ts);
//     empty fields looked for in free text; arrays of objects filled from matching tables
//  4. granularity: document (one row) · page (the same per page) · record (one row per data-table row whose
//     columns match the schema, or per repeated section of labels) · auto (record when the document repeats
//     the schema's fields: a matching table with several rows or several sections, else document).
// Record rows inherit document-level values for fields the table or section lacks (an account holder above
// a statement table). Values come back typed with the detected locale; coerceRows re-checks them.
import { coerceRows } from "./coerce";
import { extractRow, type Row, scorePairs } from "./local/assign";
import { buildFields, type FieldSpec } from "./local/fields";
import { buildLayout, type Candidate, type Layout } from "./local/layout";
import { kvCandidates, readRows, recordTables, splitInnerHeaders } from "./local/tables";
import { detectLocale } from "./local/typing";
import type { ExtractionRequest, ExtractionResult, Extractor } from "./types";
import type { Locale } from "./values/number";

export class LocalExtractor implements Extractor {
  readonly id = "local";

  async extract(req: ExtractionRequest): Promise<ExtractionResult> {
    req.signal?.throwIfAborted();
    const fields = fieldsOf(req.schema);
    const layout = schemaLayout(fields, req.pages);
    const locale = detectLocale(req.pages.map((p) => p.markdown).join("\n"));
    let granularity: ExtractionResult["granularity"];
    let rows: Row[];
    if (req.granularity === "page") {
      granularity = "page";
      rows = [];
      for (const [i, p] of req.pages.entries()) {
        req.signal?.throwIfAborted();
        rows.push(extractRow(fields, schemaLayout(fields, [p]), locale));
        if (i % 10 === 9) await req.onProgress?.(i + 1);
        // Yield between pages so a long document does not hold the event loop.
        await new Promise((r) => setImmediate(r));
      }
    } else {
      const records = req.granularity === "document" ? null : findRecords(fields, layout, locale, req.granularity === "auto");
      if (records) {
        granularity = "record";
        rows = records;
      } else {
        granularity = req.granularity === "record" ? "record" : "document";
        rows = [extractRow(fields, layout, locale)];
      }
    }
    await req.onProgress?.(req.pages.length);
    return { rows: coerceRows(req.schema, rows, { locale }), granularity, pagesProcessed: req.pages.length, locale };
  }
}

// Field specs (and their memoised label scores) are reused while the same schema keeps coming.
const fieldCache = new Map<string, FieldSpec[]>();
function fieldsOf(schema: ExtractionRequest["schema"]): FieldSpec[] {
  const key = JSON.stringify(schema);
  let fields = fieldCache.get(key);
  if (!fields) {
    fields = buildFields(schema);
    fieldCache.set(key, fields);
    if (fieldCache.size > 16) fieldCache.delete(fieldCache.keys().next().value as string);
  }
  return fields;
}

/** The layout with key-value tables recognised for this schema, candidates in reading order. */
function schemaLayout(fields: FieldSpec[], pages: ExtractionRequest["pages"]): Layout {
  const layout = buildLayout(pages);
  splitInnerHeaders(fields, layout);
  // Pairs already read from the same table row (few filled cells) are not counted twice.
  const key = (c: Candidate) => `${c.scope}\u0000${c.label}\u0000${c.value}`;
  const seen = new Set(layout.candidates.map(key));
  const kv = kvCandidates(fields, layout).filter((c) => !seen.has(key(c)));
  if (kv.length) layout.candidates = [...layout.candidates, ...kv].sort((a, b) => a.order - b.order);
  return layout;
}

/**
 * Records of a document: rows of data tables whose columns match the schema, else repeated sections.
 * null when the document holds no repeated records (auto needs at least two).
 */
export function findRecords(fields: FieldSpec[], layout: Layout, locale: Locale | undefined, auto: boolean): Row[] | null {
  const tables = recordTables(fields, layout.tables, locale);
  const tableRows: Row[] = [];
  const tableFields = new Set<number>();
  for (const { table, map } of tables) {
    tableRows.push(...readRows(fields, table, map, locale));
    for (const fi of map.columns.keys()) tableFields.add(fi);
  }
  if (tableRows.length >= (auto ? 2 : 1)) {
    // Fields the tables lack come from the rest of the document (same value on every record).
    const rest = fields.filter((_, fi) => !tableFields.has(fi));
    const shared = rest.length
      ? extractRow(
          rest,
          withoutTables(
            layout,
            tables.map((t) => t.table.order),
          ),
          locale,
        )
      : {};
    return tableRows.map((r) => ({ ...shared, ...r }));
  }
  const sections = splitSections(fields, layout, locale);
  if (sections.length >= 2) return sections.map((s) => extractRow(fields, s, locale, { freeText: false }));
  return null;
}

function withoutTables(layout: Layout, orders: number[]): Layout {
  const skip = new Set(orders);
  return { ...layout, tables: layout.tables.filter((t) => !skip.has(t.order)) };
}

/**
 * Repeated sections: candidates in reading order, each with the field it fits best; a new section starts
 * when a field repeats within the current one. Only sections sharing at least two fields count.
 */
function splitSections(fields: FieldSpec[], layout: Layout, locale?: Locale): Layout[] {
  const best = new Map<number, number>();
  for (const p of scorePairs(fields, layout.candidates, locale)) if (!best.has(p.cand)) best.set(p.cand, p.field);
  const groups: { cands: number[]; fields: Set<number> }[] = [];
  let cur: { cands: number[]; fields: Set<number> } | null = null;
  layout.candidates.forEach((_, ci) => {
    const f = best.get(ci);
    if (f === undefined) return;
    if (!cur || cur.fields.has(f)) groups.push((cur = { cands: [], fields: new Set() }));
    cur.cands.push(ci);
    cur.fields.add(f);
  });
  if (groups.length < 2) return [];
  // The fields that repeat: present in most groups. A one-off header before the first record (document
  // date, title) is merged into the first group's context only when it shares no repeated field.
  const counts = new Map<number, number>();
  for (const g of groups) for (const f of g.fields) counts.set(f, (counts.get(f) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n >= 2).length;
  if (repeated < 2) return [];
  const records = groups.filter((g) => [...g.fields].filter((f) => (counts.get(f) ?? 0) >= 2).length >= 2);
  if (records.length < 2) return [];
  return records.map((g) => {
    const set = new Set(g.cands);
    return { candidates: layout.candidates.filter((_, ci) => set.has(ci)), tables: [], lines: [] };
  });
}
