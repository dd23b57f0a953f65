// Every named schema (component) of the document, the target of the type links in field trees.
import type { OpenApiDocument } from "@/lib/openapi/generate";
import { schemaAnchor } from "./model";
import { SchemaTree } from "./schema-tree";

export function SchemasSection({ doc }: { doc: OpenApiDocument }) {
  const names = Object.keys(doc.components.schemas);
  return (
    <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-6 space-y-6">
      <h2 id="schemas-title" className="text-2xl font-semibold tracking-tight">
        Schemas
      </h2>
      {names.map((name) => (
        <div key={name} id={schemaAnchor(name)} className="scroll-mt-6 space-y-2">
          <h3 className="font-mono text-base font-semibold">{name}</h3>
          <SchemaTree doc={doc} schema={{ $ref: `#/components/schemas/${name}` }} showType={false} />
        </div>
      ))}
    </section>
  );
}
