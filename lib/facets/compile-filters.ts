// Facet filters (AST of lib/facets/filter-grammar.ts) → one SQL condition over the files alias `f`.
// Every input is a bound parameter; operators come from a fixed table. A file matches an attribute
// filter only through its classifications: the value must be `linked` (an attribute that one of the
// file's classified nodes carries), and, in the scoped form, that node must lie in the scope's subtree
// and the scope node itself must carry the attribute.
//
// Values are stored in the column of their attribute's type (prisma/migrations/…_content_types), and a
// FilterValue carries every reading of the literal, so one condition ORs the readings over their
// columns; only the column of the attribute's own type is ever non-null, so each reading applies
// exactly to the attributes of its type:
//   eq        text/select/rich-text: exact (case-sensitive); multi-select: one of the selected choices;
//             number: equal; date: inside the literal's day range (2023, 2023-06, 2023-06-15); boolean.
//   compare   number and date columns (date ranges: `>2023` after 2023-12-31, `>=2023` from 2023-01-01…).
//   prefix    text-like values and multi-select choices, case-insensitive.
//   contains  same, case-insensitive.
import { Prisma } from "@/lib/db/generated/client";
import { VALUE_KEY_LENGTH, valueKeyOf } from "./attribute-types";
import type { AttributeFilter, ComparisonOp, ContentTypeMatch, FacetFilters, ValueMatch } from "./filter-grammar";

/** Escapes LIKE metacharacters (the default escape character is the backslash). */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

const OPS: Record<ComparisonOp, Prisma.Sql> = { ">": Prisma.raw(">"), ">=": Prisma.raw(">="), "<": Prisma.raw("<"), "<=": Prisma.raw("<=") };

const anyOf = (parts: Prisma.Sql[]): Prisma.Sql => (parts.length ? Prisma.sql`(${Prisma.join(parts, " OR ")})` : Prisma.sql`FALSE`);

/**
 * A test on a text-like value, or on any choice `x` of a multi-select value. CASE fixes the order, so
 * the per-row unnest subquery runs only for values without text (OR would evaluate both sides).
 */
function textOrChoices(onText: Prisma.Sql, onChoice: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(CASE WHEN v.value_text IS NOT NULL THEN ${onText}
    WHEN cardinality(v.value_array) > 0 THEN EXISTS (SELECT 1 FROM unnest(v.value_array) x WHERE ${onChoice}) ELSE FALSE END)`;
}

function prefixCondition(text: string): Prisma.Sql {
  const lower = text.toLowerCase();
  const keyPattern = `${likeEscape(lower.slice(0, VALUE_KEY_LENGTH))}%`;
  // value_key holds the first VALUE_KEY_LENGTH characters: longer prefixes are re-checked on the text.
  const onText =
    lower.length > VALUE_KEY_LENGTH
      ? Prisma.sql`(v.value_key LIKE ${keyPattern} AND starts_with(lower(v.value_text), ${lower}))`
      : Prisma.sql`v.value_key LIKE ${keyPattern}`;
  return textOrChoices(onText, Prisma.sql`starts_with(lower(x), ${lower})`);
}

function containsCondition(text: string): Prisma.Sql {
  const lower = text.toLowerCase();
  return textOrChoices(Prisma.sql`strpos(lower(v.value_text), ${lower}) > 0`, Prisma.sql`strpos(lower(x), ${lower}) > 0`);
}

function valueCondition(m: ValueMatch): Prisma.Sql {
  switch (m.kind) {
    case "eq": {
      const { text, number, date, boolean } = m.value;
      const parts = [Prisma.sql`(v.value_key = ${valueKeyOf(text)} AND v.value_text = ${text})`, Prisma.sql`v.value_array @> ARRAY[${text}]::text[]`];
      if (number !== null) parts.push(Prisma.sql`v.value_number = ${number}`);
      if (date) parts.push(Prisma.sql`v.value_date BETWEEN ${date.first}::date AND ${date.last}::date`);
      if (boolean !== null) parts.push(Prisma.sql`v.value_bool = ${boolean}`);
      return anyOf(parts);
    }
    case "compare": {
      const { number, date } = m.value;
      const parts: Prisma.Sql[] = [];
      if (number !== null) parts.push(Prisma.sql`v.value_number ${OPS[m.op]} ${number}`);
      if (date) {
        // `>` and `<=` compare with the range's last day, `>=` and `<` with its first.
        const bound = m.op === ">" || m.op === "<=" ? date.last : date.first;
        parts.push(Prisma.sql`v.value_date ${OPS[m.op]} ${bound}::date`);
      }
      return anyOf(parts);
    }
    case "prefix":
      return prefixCondition(m.text);
    case "contains":
      return containsCondition(m.text);
  }
}

/** `t.path` is the node at `path` or below it. */
function subtree(column: Prisma.Sql, path: string): Prisma.Sql {
  return Prisma.sql`(${column} = ${path} OR ${column} LIKE ${`${likeEscape(path)}:%`})`;
}

/**
 * `f.id` is in the file ids the subquery selects. The subquery is uncorrelated and wrapped in
 * `IS TRUE` so that Postgres does not pull it up into a semi-join: it runs once into a hash table and
 * every file row is a hash probe. As a semi-join, the planner's ORDER BY … LIMIT plans walk the files
 * index and probe the subquery row by row, which takes seconds when few files match (bench:facets).
 */
const fileIdIn = (ids: Prisma.Sql) => Prisma.sql`(f.id IN (${ids})) IS TRUE`;

const companyOf = (column: Prisma.Sql, companyId: number | undefined) =>
  companyId === undefined ? Prisma.empty : Prisma.sql`${column} = ${companyId} AND `;

function attributeCondition(a: AttributeFilter, companyId: number | undefined): Prisma.Sql {
  const value = a.test.kind === "exists" ? Prisma.sql`TRUE` : anyOf(a.test.alternatives.map(valueCondition));
  // `linked`: one of the file's classifications carries the attribute (maintained by lib/facets).
  const scope = a.scope?.path;
  const scoped = scope
    ? Prisma.sql` AND EXISTS (SELECT 1 FROM file_content_types c
        JOIN content_type_attribute_links l ON l.content_type_id = c.content_type_id
        JOIN content_types t ON t.id = c.content_type_id
        WHERE c.file_id = v.file_id AND l.attribute_id = v.attribute_id AND ${subtree(Prisma.sql`t.path`, scope)})
      AND EXISTS (SELECT 1 FROM content_types s
        JOIN content_type_attribute_links ls ON ls.content_type_id = s.id
        WHERE s.company_id = a.company_id AND s.path = ${scope} AND ls.attribute_id = v.attribute_id)`
    : Prisma.empty;
  return fileIdIn(Prisma.sql`SELECT v.file_id FROM file_attribute_values v
    JOIN content_type_attributes a ON a.id = v.attribute_id
    WHERE ${companyOf(Prisma.sql`a.company_id`, companyId)}a.name = ${a.name} AND v.linked AND ${value}${scoped}`);
}

function contentTypeCondition(m: ContentTypeMatch): Prisma.Sql {
  switch (m.kind) {
    case "subtree":
      return subtree(Prisma.sql`t.path`, m.path);
    case "prefix":
      return Prisma.sql`t.path LIKE ${`${likeEscape(m.text)}%`}`;
    case "contains":
      return Prisma.sql`strpos(t.path, ${m.text}) > 0`;
  }
}

export interface CompileOptions {
  /** The caller's company: restricts the subqueries to its content types (the files scope itself is the caller's). */
  companyId?: number;
}

/** SQL condition over the files alias `f` for the facet filters, or null when there are none. */
export function compileFacetFilters(filters: FacetFilters, opts: CompileOptions = {}): Prisma.Sql | null {
  const conditions = filters.attributes.map((a) => attributeCondition(a, opts.companyId));
  const contentTypes = filters.contentTypes.flatMap((c) => c.alternatives);
  if (contentTypes.length) {
    conditions.push(
      fileIdIn(Prisma.sql`SELECT c.file_id FROM file_content_types c JOIN content_types t ON t.id = c.content_type_id
        WHERE ${companyOf(Prisma.sql`t.company_id`, opts.companyId)}${anyOf(contentTypes.map(contentTypeCondition))}`),
    );
  }
  return conditions.length ? Prisma.join(conditions, " AND ") : null;
}
