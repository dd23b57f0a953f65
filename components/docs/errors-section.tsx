// The error model: the v3 envelope, the maintenance 503 body and every code of the catalogue, each
// with the anchor that the `doc_url` of an error response points at.

import { errorDocAnchor } from "@/lib/errors";
import type { ErrorCodeEntry, OpenApiDocument } from "@/lib/openapi/generate";
import { InlineMarkdown } from "./inline-markdown";
import { StatusBadge } from "./method-badge";
import { SchemaTree } from "./schema-tree";

const ENVELOPE_FIELDS: [string, string, string][] = [
  ["id", "string | null", "Id of the resource or job the error is about, else null."],
  ["code", "integer", "The HTTP status code, repeated."],
  ["error", "string", "Machine-readable error code from the catalogue below."],
  ["detail", "string", "Human-readable explanation; may change between versions."],
  ["doc_url", "string", "Link to this code's entry on this page (`/docs#error-…`)."],
  [
    "fields",
    "map<string, array<{error, detail}>>",
    "Only on 422: the invalid fields, each with field-level codes such as `required`, `invalid`, `invalid_choice`.",
  ],
  ["index", "integer", "Only on batch errors: 0-based position of the failing action."],
];

function Json({ value }: { value: unknown }) {
  return (
    <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function groupByArea(entries: ErrorCodeEntry[]): [string, ErrorCodeEntry[]][] {
  const areas = new Map<string, ErrorCodeEntry[]>();
  for (const e of entries) areas.set(e.area, [...(areas.get(e.area) ?? []), e]);
  return [...areas];
}

export function ErrorsSection({ doc }: { doc: OpenApiDocument }) {
  const examples = doc.components.examples;
  const maintenance = doc.components.schemas.MaintenanceError ? { $ref: "#/components/schemas/MaintenanceError" } : undefined;
  return (
    <section id="errors" aria-labelledby="errors-title" className="scroll-mt-6 space-y-8">
      <h2 id="errors-title" className="text-2xl font-semibold tracking-tight">
        Errors
      </h2>

      <div id="errors-envelope" className="scroll-mt-6 space-y-3">
        <h3 className="text-lg font-semibold">The error envelope</h3>
        <p className="text-sm text-slate-700">
          Every error response except the maintenance 503 has this JSON body. Match on <code className="font-mono">error</code>, not on{" "}
          <code className="font-mono">detail</code>.
        </p>
        <div className="overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Field
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Type
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Meaning
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {ENVELOPE_FIELDS.map(([name, type, text]) => (
                <tr key={name}>
                  <td className="px-3 py-2 font-mono font-semibold">{name}</td>
                  <td className="px-3 py-2 font-mono text-xs text-violet-700">{type}</td>
                  <td className="px-3 py-2 text-slate-600">
                    <InlineMarkdown text={text} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {examples.validation_error ? <Json value={examples.validation_error.value} /> : null}
      </div>

      <div id="errors-maintenance" className="scroll-mt-6 space-y-3">
        <h3 className="text-lg font-semibold">Maintenance (503)</h3>
        <p className="text-sm text-slate-700">
          While a maintenance period covers an endpoint&apos;s category, it answers <strong>503</strong> with a{" "}
          <code className="font-mono">Retry-After</code> header and this body instead of the envelope. Check{" "}
          <code className="font-mono">GET /api/v3/system/status</code>, which is never blocked.
        </p>
        {maintenance ? <SchemaTree doc={doc} schema={maintenance} /> : null}
        {examples.service_maintenance ? <Json value={examples.service_maintenance.value} /> : null}
      </div>

      <div id="errors-codes" className="scroll-mt-6 space-y-6">
        <h3 className="text-lg font-semibold">Error codes</h3>
        {groupByArea(doc["x-error-codes"]).map(([area, entries]) => (
          <div key={area} className="space-y-2">
            <h4 className="text-sm font-semibold text-slate-600">{area}</h4>
            <div className="overflow-x-auto rounded-md border border-slate-200">
              <table className="w-full text-left text-sm">
                <thead className="bg-slate-50 text-xs text-slate-500">
                  <tr>
                    <th scope="col" className="w-1/3 px-3 py-2 font-medium">
                      Code
                    </th>
                    <th scope="col" className="w-20 px-3 py-2 font-medium">
                      Status
                    </th>
                    <th scope="col" className="w-28 px-3 py-2 font-medium">
                      Area
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Title
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 bg-white">
                  {entries.map((e) => (
                    <tr key={e.code} id={errorDocAnchor(e.code)} className="scroll-mt-6 target:bg-amber-50">
                      <td className="px-3 py-2">
                        <a className="font-mono font-semibold text-slate-900 hover:underline" href={`#${errorDocAnchor(e.code)}`}>
                          {e.code}
                        </a>
                      </td>
                      <td className="px-3 py-2">
                        <StatusBadge status={String(e.status)} />
                      </td>
                      <td className="px-3 py-2 text-slate-600">{e.area}</td>
                      <td className="px-3 py-2 text-slate-700">{e.title}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
