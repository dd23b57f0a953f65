// Proves that prisma/schema.prisma and prisma/migrations describe the same database schema.
//
// The schema is parsed with Prisma's own parser (@prisma/prisma-schema-wasm → DMMF) and turned into the
// shape Prisma Migrate would create; the migrations are applied to a fresh in-memory PGlite and the real
// schema is read back from pg_catalog. Both sides become the same plain description (tables; columns with
// type, nullability and default; enums; primary keys; unique and plain indexes; foreign keys with their
// ON DELETE / ON UPDATE actions; extensions) and must be equal, so a change to either side alone fails.
//
// Prisma conventions encoded here (what `prisma migrate diff` would expect):
// - list columns (`String[]`) are nullable in the database; `DateTime` without @db is `timestamp(3)`;
// - `@default(uuid()|cuid()|nanoid()|ulid())` are client-side: no database default;
// - without onDelete, a relation is `SET NULL` when its scalar fields are optional, else `RESTRICT`;
//   without onUpdate it is `CASCADE`;
// - constraint and index names default to `<table>_pkey`, `<table>_<cols>_key`, `<table>_<cols>_idx`.
// `Unsupported("…")` fields are absent from the DMMF: they are read from the schema text, and the database
// may hold such a column only if the schema declares it (type and nullability are compared). Indexes the
// schema language cannot express (HNSW on a vector, GIN on a tsvector) are allowed only when every column
// they cover is such an Unsupported column. Operator classes and FK constraint names are not compared.
import fs from "node:fs";
import path from "node:path";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { get_dmmf } from "@prisma/prisma-schema-wasm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "@/lib/db/client";
import { MIGRATIONS_DIR, migrate } from "@/lib/db/migrate";

const SCHEMA_PATH = path.join(process.cwd(), "prisma", "schema.prisma");
const PG_MAX_IDENTIFIER = 63;

interface Shape {
  extensions: string[];
  enums: Record<string, string[]>;
  tables: string[];
  columns: Record<string, { type: string; nullable: boolean; default: string | null }>;
  primaryKeys: Record<string, string>;
  uniqueIndexes: string[];
  indexes: string[];
  foreignKeys: string[];
}

const ASPECTS = ["extensions", "enums", "tables", "columns", "primaryKeys", "uniqueIndexes", "indexes", "foreignKeys"] as const;

// ───────────────────────────── schema.prisma → Shape ─────────────────────────────

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  isList: boolean;
  isRequired: boolean;
  hasDefaultValue: boolean;
  type: string;
  nativeType?: [string, string[]] | null;
  default?: unknown;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string;
  algorithm?: string;
  fields: { name: string; sortOrder?: "asc" | "desc" }[];
}
interface Dmmf {
  datamodel: {
    models: DmmfModel[];
    enums: { name: string; dbName: string | null; values: { name: string; dbName: string | null }[] }[];
    indexes: DmmfIndex[];
  };
}

interface UnsupportedField {
  model: string;
  name: string;
  column: string;
  type: string;
  nullable: boolean;
}

const normType = (t: string) =>
  t
    .replace(/"/g, "")
    .replace(/\s*\(\s*/g, "(")
    .replace(/\s*,\s*/g, ",")
    .trim();
const truncate = (name: string) => name.slice(0, PG_MAX_IDENTIFIER);

/** Unsupported("…") fields, which the DMMF leaves out, read from the schema text. */
function unsupportedFields(schema: string): UnsupportedField[] {
  const out: UnsupportedField[] = [];
  const withoutComments = schema.replace(/\/\/.*$/gm, "");
  for (const block of withoutComments.matchAll(/^\s*model\s+(\w+)\s*\{([\s\S]*?)^\s*\}/gm)) {
    for (const line of block[2].split("\n")) {
      const m = /^\s*(\w+)\s+Unsupported\(\s*"([^"]+)"\s*\)(\[\])?(\?)?(.*)$/.exec(line);
      if (!m) continue;
      const mapped = /@map\(\s*(?:name:\s*)?"([^"]+)"\s*\)/.exec(m[5]);
      out.push({
        model: block[1],
        name: m[1],
        column: mapped ? mapped[1] : m[1],
        type: normType(m[2]) + (m[3] ? "[]" : ""),
        nullable: !!m[4] || !!m[3],
      });
    }
  }
  return out;
}

function schemaExtensions(schema: string): string[] {
  const ds = /datasource\s+\w+\s*\{([\s\S]*?)\}/.exec(schema.replace(/\/\/.*$/gm, ""));
  const list = ds && /extensions\s*=\s*\[([^\]]*)\]/.exec(ds[1]);
  if (!list) return [];
  return list[1]
    .split(/,(?![^(]*\))/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => /map:\s*"([^"]+)"/.exec(s)?.[1] ?? s.replace(/\(.*\)$/, "").trim())
    .sort();
}

function scalarDbType(f: DmmfField, enumDbName: (name: string) => string): string {
  if (f.kind === "enum") return enumDbName(f.type);
  const [native, args = []] = f.nativeType ?? [null, []];
  const a = args.length ? `(${args.join(",")})` : "";
  switch (f.type) {
    case "String":
      if (!native || native === "Text") return "text";
      return (
        (
          {
            VarChar: `character varying${a}`,
            Char: `character${a}`,
            Uuid: "uuid",
            Inet: "inet",
            Citext: "citext",
            Xml: "xml",
            Bit: `bit${a}`,
            VarBit: `bit varying${a}`,
          } as Record<string, string>
        )[native] ?? `unknown String @db.${native}`
      );
    case "Int":
      return native === "SmallInt" ? "smallint" : native === "Oid" ? "oid" : "integer";
    case "BigInt":
      return "bigint";
    case "Float":
      return native === "Real" ? "real" : "double precision";
    case "Decimal":
      return native === "Money" ? "money" : `numeric${a || "(65,30)"}`;
    case "Boolean":
      return "boolean";
    case "DateTime":
      if (!native) return "timestamp(3) without time zone";
      return (
        (
          {
            Timestamp: `timestamp${a} without time zone`,
            Timestamptz: `timestamp${a} with time zone`,
            Date: "date",
            Time: `time${a} without time zone`,
            Timetz: `time${a} with time zone`,
          } as Record<string, string>
        )[native] ?? `unknown DateTime @db.${native}`
      );
    case "Json":
      return native === "Json" ? "json" : "jsonb";
    case "Bytes":
      return "bytea";
    default:
      return `unknown ${f.type}`;
  }
}

const CLIENT_SIDE_DEFAULTS = new Set(["uuid", "cuid", "nanoid", "ulid"]);

function expectedDefault(f: DmmfField, enumValue: (enumName: string, value: string) => string): string | null {
  if (!f.hasDefaultValue) return null;
  const d = f.default;
  const literal = (v: unknown) => (f.kind === "enum" ? enumValue(f.type, String(v)) : String(v));
  if (Array.isArray(d)) return `[${d.map(literal).join(",")}]`;
  if (d && typeof d === "object" && "name" in d) {
    const name = (d as { name: string }).name;
    if (name === "autoincrement" || name === "sequence") return "autoincrement";
    if (name === "now") return "now";
    if (name === "dbgenerated") return "dbgenerated";
    if (CLIENT_SIDE_DEFAULTS.has(name)) return null;
    return `function ${name}`;
  }
  return literal(d);
}

function shapeFromSchema(schema: string): Shape {
  const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: schema }))) as Dmmf;
  const { models, enums, indexes } = dmmf.datamodel;
  const enumByName = new Map(enums.map((e) => [e.name, e]));
  const enumDbName = (name: string) => enumByName.get(name)?.dbName ?? name;
  const enumValue = (enumName: string, value: string) => enumByName.get(enumName)?.values.find((v) => v.name === value)?.dbName ?? value;
  const modelByName = new Map(models.map((m) => [m.name, m]));
  const tableOf = (model: string) => modelByName.get(model)?.dbName ?? model;
  const unsupported = unsupportedFields(schema);
  const columnOf = (model: string, field: string) => {
    const f = modelByName.get(model)?.fields.find((x) => x.name === field);
    if (f) return f.dbName ?? f.name;
    return unsupported.find((u) => u.model === model && u.name === field)?.column ?? field;
  };

  const shape: Shape = {
    extensions: schemaExtensions(schema),
    enums: Object.fromEntries(enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)])),
    tables: models.map((m) => m.dbName ?? m.name).sort(),
    columns: {},
    primaryKeys: {},
    uniqueIndexes: [],
    indexes: [],
    foreignKeys: [],
  };

  for (const m of models) {
    const table = m.dbName ?? m.name;
    for (const f of m.fields) {
      if (f.kind === "object") {
        if (!f.relationFromFields?.length) continue;
        const from = f.relationFromFields.map((x) => columnOf(m.name, x));
        const to = (f.relationToFields ?? []).map((x) => columnOf(f.type, x));
        const anyOptional = f.relationFromFields.some((x) => !m.fields.find((y) => y.name === x)?.isRequired);
        const onDelete = f.relationOnDelete ?? (anyOptional ? "SetNull" : "Restrict");
        const onUpdate = f.relationOnUpdate ?? "Cascade";
        shape.foreignKeys.push(fk(table, from, tableOf(f.type), to, onDelete, onUpdate));
        continue;
      }
      const type = scalarDbType(f, enumDbName) + (f.isList ? "[]" : "");
      shape.columns[`${table}.${f.dbName ?? f.name}`] = {
        type,
        nullable: !f.isRequired || f.isList,
        default: expectedDefault(f, enumValue),
      };
    }
  }
  for (const u of unsupported) {
    shape.columns[`${tableOf(u.model)}.${u.column}`] = { type: u.type, nullable: u.nullable, default: "(unchecked)" };
  }

  for (const ix of indexes) {
    const table = tableOf(ix.model);
    const colNames = ix.fields.map((f) => columnOf(ix.model, f.name));
    const cols = ix.fields.map((f, i) => colNames[i] + (f.sortOrder === "desc" ? " DESC" : ""));
    if (ix.type === "id") {
      shape.primaryKeys[table] = `${ix.dbName ?? truncate(`${table}_pkey`)} (${cols.join(", ")})`;
    } else if (ix.type === "unique") {
      shape.uniqueIndexes.push(`${table}: ${ix.dbName ?? truncate(`${table}_${colNames.join("_")}_key`)} (${cols.join(", ")})`);
    } else {
      const method = (ix.algorithm ?? "BTree").toLowerCase();
      shape.indexes.push(`${table}: ${ix.dbName ?? truncate(`${table}_${colNames.join("_")}_idx`)} USING ${method} (${cols.join(", ")})`);
    }
  }
  shape.uniqueIndexes.sort();
  shape.indexes.sort();
  shape.foreignKeys.sort();
  return shape;
}

function fk(table: string, cols: string[], refTable: string, refCols: string[], onDelete: string, onUpdate: string): string {
  return `${table}(${cols.join(", ")}) → ${refTable}(${refCols.join(", ")}) ON DELETE ${onDelete} ON UPDATE ${onUpdate}`;
}

// ───────────────────────────── migrated database → Shape ─────────────────────────────

type Query = <T>(sql: string) => Promise<{ rows: T[] }>;

const FK_ACTIONS: Record<string, string> = { a: "NoAction", r: "Restrict", c: "Cascade", n: "SetNull", d: "SetDefault" };
const EXCLUDED_TABLES = "('_prisma_migrations')";

/** Splits `a, 'b,c', d` on top-level commas. */
function splitList(s: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "'") {
      if (quoted && s[i + 1] === "'") {
        cur += "''";
        i++;
        continue;
      }
      quoted = !quoted;
    }
    if (ch === "," && !quoted) {
      out.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** `'free'::"CompanyTier"` → `free`; `0` → `0`; `'{}'::jsonb` → `{}`. */
function literalOf(expr: string): string {
  let e = expr.trim();
  // Strip trailing casts such as ::text, ::"CompanyTier", ::character varying, ::text[].
  for (;;) {
    const m = /^(.*?)::(?:"[^"]+"|[a-z_ ]+(?:\(\d+(?:,\d+)?\))?)(?:\[\])*$/i.exec(e);
    if (!m) break;
    e = m[1].trim();
  }
  if (e.startsWith("(") && e.endsWith(")")) e = e.slice(1, -1).trim();
  if (e.startsWith("'") && e.endsWith("'")) return e.slice(1, -1).replace(/''/g, "'");
  return e;
}

function actualDefault(expr: string | null, identity: string, generated: string): string | null {
  if (identity) return "autoincrement";
  if (generated) return "generated";
  if (expr === null) return null;
  const e = expr.trim();
  if (/^nextval\(/i.test(e)) return "autoincrement";
  if (/^(CURRENT_TIMESTAMP|now\(\))(\(\d\))?$/i.test(e) || /^\(?now\(\)\)?::timestamp/i.test(e)) return "now";
  const arr = /^ARRAY\[(.*)\]$/s.exec(e.replace(/::(?:"[^"]+"|[a-z_ ]+)(?:\[\])+$/i, ""));
  if (arr) return `[${splitList(arr[1]).map(literalOf).join(",")}]`;
  if (/^'\{\}'::/.test(e) && /\[\]$/.test(e)) return "[]";
  return literalOf(e);
}

async function shapeFromDatabase(query: Query): Promise<Shape> {
  const [ext, enumRows, colRows, ixRows, fkRows] = await Promise.all([
    query<{ extname: string }>(`SELECT extname FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname`),
    query<{ name: string; value: string }>(`
      SELECT t.typname AS name, e.enumlabel AS value
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' ORDER BY t.typname, e.enumsortorder`),
    query<{ table: string; column: string; type: string; nullable: boolean; default: string | null; identity: string; generated: string }>(`
      SELECT t.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type",
             NOT a.attnotnull AS "nullable", pg_get_expr(d.adbin, d.adrelid) AS "default",
             a.attidentity::text AS "identity", a.attgenerated::text AS "generated"
      FROM pg_attribute a
      JOIN pg_class t ON t.oid = a.attrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND t.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        AND t.relname NOT IN ${EXCLUDED_TABLES}
      ORDER BY t.relname, a.attnum`),
    query<{ table: string; name: string; primary: boolean; unique: boolean; method: string; expr: boolean; partial: boolean; cols: string[] }>(`
      SELECT t.relname AS "table", i.relname AS "name", ix.indisprimary AS "primary", ix.indisunique AS "unique",
             am.amname AS "method", ix.indexprs IS NOT NULL AS "expr", ix.indpred IS NOT NULL AS "partial",
             ARRAY(
               SELECT a.attname::text || CASE WHEN (ix.indoption[k.ord - 1] & 1) = 1 THEN ' DESC' ELSE '' END
               FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
               WHERE k.ord <= ix.indnkeyatts
               ORDER BY k.ord
             ) AS "cols"
      FROM pg_index ix
      JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_am am ON am.oid = i.relam
      WHERE n.nspname = 'public' AND t.relname NOT IN ${EXCLUDED_TABLES}`),
    query<{ table: string; ref_table: string; cols: string[]; ref_cols: string[]; on_delete: string; on_update: string }>(`
      SELECT t.relname AS "table", rt.relname AS "ref_table",
             ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS "cols",
             ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS "ref_cols",
             c.confdeltype::text AS "on_delete", c.confupdtype::text AS "on_update"
      FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class rt ON rt.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE c.contype = 'f' AND n.nspname = 'public'`),
  ]);

  const shape: Shape = {
    extensions: ext.rows.map((r) => r.extname).sort(),
    enums: {},
    tables: [...new Set(colRows.rows.map((r) => r.table))].sort(),
    columns: {},
    primaryKeys: {},
    uniqueIndexes: [],
    indexes: [],
    foreignKeys: fkRows.rows
      .map((r) => fk(r.table, r.cols, r.ref_table, r.ref_cols, FK_ACTIONS[r.on_delete] ?? r.on_delete, FK_ACTIONS[r.on_update] ?? r.on_update))
      .sort(),
  };
  for (const r of enumRows.rows) (shape.enums[r.name] ??= []).push(r.value);
  for (const r of colRows.rows) {
    shape.columns[`${r.table}.${r.column}`] = {
      type: normType(r.type),
      nullable: r.nullable,
      default: actualDefault(r.default, r.identity, r.generated),
    };
  }
  for (const r of ixRows.rows) {
    const cols = [...r.cols, ...(r.expr ? ["<expression>"] : [])].join(", ");
    const where = r.partial ? " WHERE <predicate>" : "";
    if (r.primary) shape.primaryKeys[r.table] = `${r.name} (${cols})${where}`;
    else if (r.unique) shape.uniqueIndexes.push(`${r.table}: ${r.name} (${cols})${where}`);
    else shape.indexes.push(`${r.table}: ${r.name} USING ${r.method} (${cols})${where}`);
  }
  shape.uniqueIndexes.sort();
  shape.indexes.sort();
  return shape;
}

/**
 * Reconciles what the schema language cannot state: defaults of Unsupported columns and `dbgenerated`
 * expressions are compared for presence only; indexes covering only Unsupported columns may exist in
 * the database without appearing in the schema.
 */
function reconcile(expected: Shape, actual: Shape, schema: string): Shape {
  const out: Shape = structuredClone(actual);
  for (const [key, col] of Object.entries(out.columns)) {
    const want = expected.columns[key];
    if (!want) continue;
    if (want.default === "(unchecked)") col.default = "(unchecked)";
    else if (want.default === "dbgenerated" && col.default !== null) col.default = "dbgenerated";
  }
  const unsupportedCols = new Set(unsupportedFields(schema).map((u) => u.column));
  const expectedIdx = new Set([...expected.indexes, ...expected.uniqueIndexes]);
  const onlyUnsupported = (entry: string) => {
    const cols =
      /\(([^()]*)\)(?: WHERE <predicate>)?$/
        .exec(entry)?.[1]
        .split(", ")
        .map((c) => c.replace(/ DESC$/, "")) ?? [];
    return cols.length > 0 && cols.every((c) => unsupportedCols.has(c));
  };
  out.indexes = out.indexes.filter((ix) => expectedIdx.has(ix) || !onlyUnsupported(ix));
  return out;
}

/** JSON with object keys sorted, so that equal shapes compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

function differingAspects(expected: Shape, actual: Shape): string[] {
  return ASPECTS.filter((a) => canonical(expected[a]) !== canonical(actual[a]));
}

// ───────────────────────────── the tests ─────────────────────────────

let database: Database;
let pglite: PGlite;
let schemaText: string;
let expected: Shape;
let actual: Shape;

beforeAll(async () => {
  schemaText = fs.readFileSync(SCHEMA_PATH, "utf8");
  database = createDatabase("memory://");
  await migrate(database, MIGRATIONS_DIR);
  pglite = await database.pglite!();
  expected = shapeFromSchema(schemaText);
  actual = reconcile(expected, await shapeFromDatabase((sql) => pglite.query(sql)), schemaText);
});

afterAll(async () => {
  await database?.close();
});

describe("schema.prisma and prisma/migrations describe the same schema", () => {
  for (const aspect of ASPECTS) {
    it(`same ${aspect}`, () => {
      expect(actual[aspect], `${aspect} of the migrated database (received) vs schema.prisma (expected)`).toEqual(expected[aspect]);
    });
  }

  it("describes a non-trivial schema (the comparison is not vacuous)", () => {
    expect(expected.tables.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(expected.columns).length).toBeGreaterThan(50);
    expect(Object.keys(expected.enums).length).toBeGreaterThanOrEqual(4);
    expect(expected.foreignKeys.length).toBeGreaterThan(5);
    expect(expected.indexes.length).toBeGreaterThan(5);
    expect(expected.columns["companies.created_at"]).toEqual({ type: "timestamp(3) with time zone", nullable: false, default: "now" });
    expect(expected.columns["usage_events.id"]).toEqual({ type: "bigint", nullable: false, default: "autoincrement" });
    expect(expected.columns["maintenance_periods.endpoint_category_names"]).toEqual({ type: "text[]", nullable: true, default: "[]" });
    expect(expected.columns["companies.tier"]).toEqual({ type: "CompanyTier", nullable: false, default: "free" });
    expect(expected.columns["audit_logs.metadata"]).toEqual({ type: "jsonb", nullable: false, default: "{}" });
  });
});

// Self-checks: a change to either side alone must be detected. Schema edits work on a copy of the text;
// database edits run inside a transaction on the migrated database and are rolled back.

function mutateSchema(from: string | RegExp, to: string): string {
  const next = schemaText.replace(from, to);
  if (next === schemaText) throw new Error(`self-check target not found in schema.prisma: ${String(from)} (update this self-check)`);
  return next;
}

async function dbShapeAfter(sql: string, schema = schemaText): Promise<Shape> {
  let shape: Shape | undefined;
  await pglite.transaction(async (tx: Transaction) => {
    await tx.exec(sql);
    shape = await shapeFromDatabase((q) => tx.query(q));
    await tx.rollback();
  });
  return reconcile(shapeFromSchema(schema), shape!, schema);
}

describe("self-check: a change to schema.prisma alone is detected", () => {
  const cases: [string, string | RegExp, string, string][] = [
    ["column default removed", /(authMethod\s+String\s+)@default\("password"\)/, "$1", "columns"],
    ["column made optional", /(slug\s+String)(\s+@unique)/, "$1?$2", "columns"],
    ["timestamptz(3) → timestamp(3)", /(lastUsedAt\s+DateTime\?\s+@map\("last_used_at"\)) @db\.Timestamptz\(3\)/, "$1", "columns"],
    ["jsonb → text", /(metadata\s+)Json(\s+@default\("\{\}"\)\n\s+ip)/, "$1String$2", "columns"],
    [
      "bigint → integer",
      /(id\s+)BigInt(\s+@id @default\(autoincrement\(\)\)\n\s+companyId\s+Int\s+@map\("company_id"\)\n\s+userId\s+Int\?\s+@map\("user_id"\)\n\s+apiKeyId)/,
      "$1Int$2",
      "columns",
    ],
    ["list → scalar", /(endpointCategoryNames\s+)String\[\](\s+)@default\(\[\]\)/, '$1String$2@default("")', "columns"],
    ["column added", /(model User \{\n)/, "$1  nickname String?\n", "columns"],
    ["enum value added", /(enum CompanyTier \{\n\s+free)/, "$1\n  enterprise", "enums"],
    ["table added", /$/, '\nmodel Extra {\n  id Int @id\n  @@map("extras")\n}\n', "tables"],
    ["unique removed", /(email\s+String\s+)@unique/, "$1", "uniqueIndexes"],
    [
      "index removed",
      /(\n\s+@@index\(\[userId\]\)\n\s+@@index\(\[workspaceId\]\)\n\s+@@map\("api_keys"\))/,
      '\n  @@index([workspaceId])\n  @@map("api_keys")',
      "indexes",
    ],
    ["index column order", /@@index\(\[companyId, createdAt\]\)\n(\s+@@map\("workspaces"\))/, "@@index([createdAt, companyId])\n$1", "indexes"],
    ["primary key changed", /@@id\(\[key, windowStart\]\)/, "@@id([windowStart, key])", "primaryKeys"],
    [
      "on delete changed",
      /(user\s+User\s+@relation\(fields: \[userId\], references: \[id\], onDelete: )Cascade(\)\n\n\s+@@unique\(\[companyId, userId\]\))/,
      "$1Restrict$2",
      "foreignKeys",
    ],
    ["vector column declared only in the schema", /(model Workspace \{\n)/, '$1  embedding Unsupported("vector(3)")?\n', "columns"],
  ];
  for (const [label, from, to, aspect] of cases) {
    it(label, () => {
      const mutated = shapeFromSchema(mutateSchema(from, to));
      expect(differingAspects(mutated, actual)).toContain(aspect);
    });
  }
});

describe("self-check: a change to the migrations alone is detected", () => {
  const cases: [string, string, string][] = [
    ["column default dropped", `ALTER TABLE "companies" ALTER COLUMN "auth_method" DROP DEFAULT`, "columns"],
    ["default value changed", `ALTER TABLE "companies" ALTER COLUMN "tier" SET DEFAULT 'payg'`, "columns"],
    ["NOT NULL dropped", `ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL`, "columns"],
    ["list column made NOT NULL", `ALTER TABLE "maintenance_periods" ALTER COLUMN "endpoint_category_names" SET NOT NULL`, "columns"],
    ["timestamptz(3) → timestamp(3)", `ALTER TABLE "api_keys" ALTER COLUMN "last_used_at" TYPE TIMESTAMP(3)`, "columns"],
    ["timestamptz(3) → timestamptz(6)", `ALTER TABLE "api_keys" ALTER COLUMN "last_used_at" TYPE TIMESTAMPTZ(6)`, "columns"],
    [
      "jsonb → json",
      `ALTER TABLE "audit_logs" ALTER COLUMN "metadata" DROP DEFAULT; ALTER TABLE "audit_logs" ALTER COLUMN "metadata" TYPE JSON`,
      "columns",
    ],
    ["bigint → integer", `ALTER TABLE "usage_events" ALTER COLUMN "id" TYPE INTEGER`, "columns"],
    [
      "enum column → text",
      `ALTER TABLE "memberships" ALTER COLUMN "role" DROP DEFAULT; ALTER TABLE "memberships" ALTER COLUMN "role" TYPE TEXT`,
      "columns",
    ],
    ["column added", `ALTER TABLE "users" ADD COLUMN "nickname" TEXT`, "columns"],
    ["undeclared vector column", `ALTER TABLE "workspaces" ADD COLUMN "embedding" vector(3)`, "columns"],
    ["enum value added", `ALTER TYPE "CompanyTier" ADD VALUE 'enterprise'`, "enums"],
    ["table added", `CREATE TABLE "extras" ("id" INTEGER PRIMARY KEY)`, "tables"],
    ["table dropped", `DROP TABLE "job_steps"`, "tables"],
    ["unique index made plain", `DROP INDEX "users_email_key"; CREATE INDEX "users_email_key" ON "users"("email")`, "uniqueIndexes"],
    ["index dropped", `DROP INDEX "api_keys_user_id_idx"`, "indexes"],
    ["index renamed", `ALTER INDEX "api_keys_user_id_idx" RENAME TO "api_keys_user_idx"`, "indexes"],
    ["index made DESC", `DROP INDEX "api_keys_user_id_idx"; CREATE INDEX "api_keys_user_id_idx" ON "api_keys"("user_id" DESC)`, "indexes"],
    [
      "index method changed",
      `DROP INDEX "api_keys_user_id_idx"; CREATE INDEX "api_keys_user_id_idx" ON "api_keys" USING hash ("user_id")`,
      "indexes",
    ],
    ["undeclared index added", `CREATE INDEX "users_first_name_idx" ON "users"("first_name")`, "indexes"],
    [
      "primary key columns changed",
      `ALTER TABLE "rate_limit_buckets" DROP CONSTRAINT "rate_limit_buckets_pkey"; ALTER TABLE "rate_limit_buckets" ADD CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("window_start", "key")`,
      "primaryKeys",
    ],
    [
      "FK on delete changed",
      `ALTER TABLE "memberships" DROP CONSTRAINT "memberships_user_id_fkey"; ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE`,
      "foreignKeys",
    ],
    [
      "FK on update changed",
      `ALTER TABLE "memberships" DROP CONSTRAINT "memberships_user_id_fkey"; ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      "foreignKeys",
    ],
    ["FK dropped", `ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_workspace_id_fkey"`, "foreignKeys"],
  ];
  for (const [label, sql, aspect] of cases) {
    it(label, async () => {
      const shape = await dbShapeAfter(sql);
      expect(differingAspects(expected, shape)).toContain(aspect);
    });
  }

  it("accepts a vector column (and an HNSW index on it) that the schema declares as Unsupported", async () => {
    const schema = mutateSchema(/(model Workspace \{\n)/, '$1  embedding Unsupported("vector(3)")? @map("embedding_v")\n');
    const shape = await dbShapeAfter(
      `ALTER TABLE "workspaces" ADD COLUMN "embedding_v" vector(3);
       CREATE INDEX "workspaces_embedding_hnsw" ON "workspaces" USING hnsw ("embedding_v" vector_cosine_ops);`,
      schema,
    );
    expect(differingAspects(shapeFromSchema(schema), shape)).toEqual([]);
    // Declared with another dimension or as required: detected.
    const wrongDim = mutateSchema(/(model Workspace \{\n)/, '$1  embedding Unsupported("vector(4)")? @map("embedding_v")\n');
    const required = mutateSchema(/(model Workspace \{\n)/, '$1  embedding Unsupported("vector(3)") @map("embedding_v")\n');
    expect(differingAspects(shapeFromSchema(wrongDim), shape)).toContain("columns");
    expect(differingAspects(shapeFromSchema(required), shape)).toContain("columns");
  });

  it("leaves the migrated database unchanged (self-checks roll back)", async () => {
    const again = reconcile(expected, await shapeFromDatabase((sql) => pglite.query(sql)), schemaText);
    expect(again).toEqual(actual);
  });
});
