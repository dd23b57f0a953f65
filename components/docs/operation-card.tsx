// One endpoint: method, path, summary, auth, parameters, request body, responses and error codes.

import { errorDocAnchor } from "@/lib/errors";
import type { JsonSchema, OpenApiDocument, ResponseObject } from "@/lib/openapi/generate";
import { InlineMarkdown, Markdown } from "./inline-markdown";
import { MethodBadge, StatusBadge } from "./method-badge";
import { constraints, type DocOperation, MEDIA_LABELS, typeLabel } from "./model";
import { SchemaTree } from "./schema-tree";

export function PathTemplate({ path }: { path: string }) {
  return (
    <code className="break-all font-mono text-sm text-slate-900">
      {path.split(/(\{[^}]+\})/g).map((part, i) =>
        part.startsWith("{") ? (
          <span key={i} className="text-blue-700">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </code>
  );
}

const AUTH_TEXT = {
  required: { label: "API key required", text: "Send an API key: `Authorization: Bearer <API key>`.", tone: "bg-slate-800 text-white" },
  optional: {
    label: "API key optional",
    text: "Works without credentials; an API key (`Authorization: Bearer <API key>`) widens what you see.",
    tone: "bg-slate-200 text-slate-800",
  },
  none: { label: "Public", text: "No authentication.", tone: "bg-emerald-50 text-emerald-800 ring-1 ring-inset ring-emerald-200" },
} as const;

function SectionTitle({ children }: { children: React.ReactNode }) {
  return <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{children}</h4>;
}

function Parameters({ doc, entry }: { doc: OpenApiDocument; entry: DocOperation }) {
  const params = entry.op.parameters ?? [];
  if (!params.length) return null;
  return (
    <section>
      <SectionTitle>Parameters</SectionTitle>
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                In
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Type
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Required
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Description
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {params.map((p) => (
              <tr key={`${p.in}:${p.name}`}>
                <td className="px-3 py-2 font-mono font-semibold">{p.name}</td>
                <td className="px-3 py-2 text-slate-600">{p.in}</td>
                <td className="px-3 py-2 font-mono text-xs text-violet-700">{typeLabel(doc, p.schema)}</td>
                <td className="px-3 py-2">{p.required ? "yes" : "no"}</td>
                <td className="px-3 py-2 text-slate-600">
                  {p.description ? <InlineMarkdown text={p.description} /> : null}
                  {constraints(p.schema).length ? <span className="block text-xs text-slate-500">{constraints(p.schema).join(" · ")}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Body({ doc, content }: { doc: OpenApiDocument; content: Record<string, { schema?: JsonSchema }> }) {
  const entries = Object.entries(content);
  const schema = entries.find(([, m]) => m.schema)?.[1].schema;
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-500">
        Content type:{" "}
        {entries.map(([type], i) => (
          <span key={type}>
            {i > 0 ? ", " : null}
            <code className="font-mono" title={MEDIA_LABELS[type]}>
              {type}
            </code>
          </span>
        ))}
      </p>
      {schema ? <SchemaTree doc={doc} schema={schema} /> : null}
    </div>
  );
}

function SuccessResponse({ doc, status, res }: { doc: OpenApiDocument; status: string; res: ResponseObject }) {
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2 text-sm">
        <StatusBadge status={status} /> <span>{res.description}</span>
        {!res.content ? <span className="text-xs text-slate-500">(no body)</span> : null}
      </p>
      {res.content ? <Body doc={doc} content={res.content} /> : null}
    </div>
  );
}

function ErrorTable({ responses }: { responses: [string, ResponseObject][] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Error codes
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {responses.map(([status, res]) => (
            <tr key={status}>
              <td className="px-3 py-2 align-top">
                <StatusBadge status={status} />
              </td>
              <td className="px-3 py-2">
                <ul className="flex flex-wrap gap-x-4 gap-y-1">
                  {(res["x-error-codes"] ?? []).map((code) => (
                    <li key={code}>
                      <a className="font-mono text-xs text-blue-700 underline underline-offset-2" href={`#${errorDocAnchor(code)}`}>
                        {code}
                      </a>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OperationCard({ doc, entry }: { doc: OpenApiDocument; entry: DocOperation }) {
  const { op, method, path } = entry;
  const responses = Object.entries(op.responses);
  const successes = responses.filter(([s]) => Number(s) < 400);
  const errors = responses.filter(([s]) => Number(s) >= 400);
  const auth = AUTH_TEXT[op["x-auth"]];
  const category = op["x-maintenance-category"];
  const blockable = !!op.responses["503"]?.["x-error-codes"]?.includes("service_maintenance");
  return (
    <article
      id={entry.anchor}
      aria-labelledby={`${entry.anchor}-title`}
      className="scroll-mt-6 rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <header className="space-y-2 border-b border-slate-100 px-5 py-4">
        <div className="flex flex-wrap items-center gap-3">
          <MethodBadge method={method} />
          <PathTemplate path={path} />
          {op["x-alpha"] ? <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800">alpha</span> : null}
          <span className={`ml-auto rounded-full px-2 py-0.5 text-xs font-medium ${auth.tone}`}>{auth.label}</span>
        </div>
        <h3 id={`${entry.anchor}-title`} className="text-base font-semibold text-slate-900">
          {op.summary}
        </h3>
      </header>
      <div className="space-y-5 px-5 py-4">
        {op.description ? <Markdown text={op.description} className="text-sm text-slate-700" /> : null}
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-500">Authentication</dt>
          <dd className="text-slate-700">
            <InlineMarkdown text={auth.text} />
          </dd>
          <dt className="font-medium text-slate-500">Maintenance</dt>
          <dd className="text-slate-700">
            {category && blockable ? (
              <InlineMarkdown text={`Blocked (503) by maintenance periods covering the \`${category}\` category.`} />
            ) : (
              "Never blocked by maintenance."
            )}
          </dd>
          <dt className="font-medium text-slate-500">Operation id</dt>
          <dd className="font-mono text-xs leading-5 text-slate-700">{op.operationId}</dd>
        </dl>
        <Parameters doc={doc} entry={entry} />
        {op.requestBody ? (
          <section>
            <SectionTitle>Request body{op.requestBody.required ? "" : " (optional)"}</SectionTitle>
            <Body doc={doc} content={op.requestBody.content} />
          </section>
        ) : null}
        <section>
          <SectionTitle>Responses</SectionTitle>
          <div className="space-y-4">
            {successes.map(([status, res]) => (
              <SuccessResponse key={status} doc={doc} status={status} res={res} />
            ))}
          </div>
        </section>
        {errors.length ? (
          <section>
            <SectionTitle>Errors</SectionTitle>
            <ErrorTable responses={errors} />
          </section>
        ) : null}
      </div>
    </article>
  );
}
