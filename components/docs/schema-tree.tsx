// A JSON Schema as a readable field tree: name, type, required, description, constraints, nested fields.
import type { JsonSchema, OpenApiDocument } from "@/lib/openapi/generate";
import { InlineMarkdown } from "./inline-markdown";
import { branches, constraints, deref, fieldsOf, refName, refsOf, type SchemaField, schemaAnchor, typeLabel } from "./model";

const MAX_DEPTH = 6;

function TypeLabel({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema }) {
  const label = typeLabel(doc, schema);
  const names = refsOf(schema);
  return (
    <span className="font-mono text-xs text-violet-700">
      {names.length === 1 && doc.components.schemas[names[0]] ? (
        <a className="underline decoration-dotted underline-offset-2 hover:text-violet-900" href={`#${schemaAnchor(names[0])}`}>
          {label}
        </a>
      ) : (
        label
      )}
    </span>
  );
}

/** Object variants of a union that needs more than one tree (e.g. `A | B`). */
function objectVariants(doc: OpenApiDocument, schema: JsonSchema): JsonSchema[] {
  const { variants } = branches(deref(doc, schema));
  return variants.length > 1 ? variants.filter((v) => fieldsOf(doc, v).length > 0) : [];
}

function FieldRow({ doc, field, ancestors, depth }: { doc: OpenApiDocument; field: SchemaField; ancestors: string[]; depth: number }) {
  const { schema } = field;
  const description = (schema.description ?? deref(doc, schema).description) as string | undefined;
  const notes = constraints(schema);
  const refs = refsOf(schema);
  const recursive = refs.some((r) => ancestors.includes(r));
  const nested = !recursive && depth < MAX_DEPTH ? fieldsOf(doc, schema) : [];
  const variants = !recursive && depth < MAX_DEPTH ? objectVariants(doc, schema) : [];
  return (
    <li className="px-3 py-2">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-mono text-sm font-semibold text-slate-900">{field.name}</span>
        <TypeLabel doc={doc} schema={schema} />
        {field.required ? (
          <span className="rounded bg-rose-50 px-1.5 text-[0.7rem] font-medium text-rose-700">required</span>
        ) : (
          <span className="text-[0.7rem] text-slate-500">optional</span>
        )}
      </div>
      {description ? (
        <p className="mt-0.5 text-sm text-slate-600">
          <InlineMarkdown text={description} />
        </p>
      ) : null}
      {notes.length ? <p className="mt-0.5 text-xs text-slate-500">{notes.join(" · ")}</p> : null}
      {recursive ? <p className="mt-0.5 text-xs italic text-slate-500">Recursive: same fields as {refs.join(", ")}.</p> : null}
      {nested.length ? <FieldList doc={doc} fields={nested} ancestors={[...ancestors, ...refs]} depth={depth + 1} /> : null}
      {variants.map((v, i) => (
        <div key={i} className="mt-2 border-l-2 border-slate-200 pl-3">
          <p className="text-xs font-medium text-slate-500">
            Variant {i + 1}: <TypeLabel doc={doc} schema={v} />
          </p>
          <FieldList doc={doc} fields={fieldsOf(doc, v)} ancestors={[...ancestors, ...refsOf(v)]} depth={depth + 1} />
        </div>
      ))}
    </li>
  );
}

function FieldList({ doc, fields, ancestors, depth }: { doc: OpenApiDocument; fields: SchemaField[]; ancestors: string[]; depth: number }) {
  return (
    <ul className={`divide-y divide-slate-100 rounded-md border border-slate-200 bg-white ${depth > 0 ? "mt-2" : ""}`}>
      {fields.map((f) => (
        <FieldRow key={f.name} doc={doc} field={f} ancestors={ancestors} depth={depth} />
      ))}
    </ul>
  );
}

/** The whole tree of one schema; the top line gives its type (linked when it is a named component). */
export function SchemaTree({ doc, schema, showType = true }: { doc: OpenApiDocument; schema: JsonSchema; showType?: boolean }) {
  const fields = fieldsOf(doc, schema);
  const variants = objectVariants(doc, schema);
  const name = refName(schema);
  return (
    <div className="space-y-2">
      {showType ? (
        <p className="text-xs text-slate-500">
          Type: <TypeLabel doc={doc} schema={schema} />
        </p>
      ) : null}
      {fields.length ? <FieldList doc={doc} fields={fields} ancestors={name ? [name] : refsOf(schema)} depth={0} /> : null}
      {variants.map((v, i) => (
        <div key={i} className="border-l-2 border-slate-200 pl-3">
          <p className="text-xs font-medium text-slate-500">
            Variant {i + 1}: <TypeLabel doc={doc} schema={v} />
          </p>
          <FieldList doc={doc} fields={fieldsOf(doc, v)} ancestors={refsOf(v)} depth={1} />
        </div>
      ))}
    </div>
  );
}
