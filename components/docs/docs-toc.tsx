// Table of contents: introduction, each tag with its operations, schemas and errors.
import type { OpenApiDocument } from "@/lib/openapi/generate";
import { MethodBadge } from "./method-badge";
import { type DocTagGroup, schemaAnchor } from "./model";

const link = "block rounded px-2 py-1 text-slate-700 hover:bg-slate-100 hover:text-slate-900";

export function DocsToc({ doc, groups }: { doc: OpenApiDocument; groups: DocTagGroup[] }) {
  return (
    <nav aria-label="Table of contents" className="text-sm">
      <h2 className="mb-2 px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Contents</h2>
      <ul className="space-y-1">
        <li>
          <a className={link} href="#introduction">
            Introduction
          </a>
        </li>
        {groups.map((g) => (
          <li key={g.tag}>
            <a className={`${link} font-medium`} href={`#${g.anchor}`}>
              {g.tag}
            </a>
            <ul className="ml-2 space-y-0.5 border-l border-slate-200 pl-2">
              {g.operations.map((o) => (
                <li key={o.anchor}>
                  <a className={`${link} flex items-center gap-2`} href={`#${o.anchor}`} title={o.op.summary}>
                    <MethodBadge method={o.method} size="sm" />
                    <span className="break-all font-mono text-xs">{o.path.replace(/^\/api\/v3/, "")}</span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li>
          <a className={`${link} font-medium`} href="#schemas">
            Schemas
          </a>
          <ul className="ml-2 space-y-0.5 border-l border-slate-200 pl-2">
            {Object.keys(doc.components.schemas).map((name) => (
              <li key={name}>
                <a className={`${link} font-mono text-xs`} href={`#${schemaAnchor(name)}`}>
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </li>
        <li>
          <a className={`${link} font-medium`} href="#errors">
            Errors
          </a>
          <ul className="ml-2 space-y-0.5 border-l border-slate-200 pl-2">
            <li>
              <a className={link} href="#errors-envelope">
                Envelope
              </a>
            </li>
            <li>
              <a className={link} href="#errors-maintenance">
                Maintenance (503)
              </a>
            </li>
            <li>
              <a className={link} href="#errors-codes">
                Error codes
              </a>
            </li>
          </ul>
        </li>
      </ul>
    </nav>
  );
}
