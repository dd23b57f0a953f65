// /docs — the API reference, rendered on the server from the same OpenAPI document that
// GET /api/v3/openapi.json serves. No client JavaScript, CDN or external asset is needed.
import type { Metadata } from "next";
import { DocsToc } from "@/components/docs/docs-toc";
import { ErrorsSection } from "@/components/docs/errors-section";
import { Markdown } from "@/components/docs/inline-markdown";
import { groupOperations } from "@/components/docs/model";
import { OperationCard } from "@/components/docs/operation-card";
import { SchemasSection } from "@/components/docs/schemas-section";
import { generateOpenApi } from "@/lib/openapi/generate";

export const metadata: Metadata = {
  title: "API reference — DocIntel",
  description: "Every /api/v3 endpoint of DocIntel: parameters, schemas, authentication and error codes.",
};

// The document depends only on the contracts, so the page is prerendered at build time.
export const dynamic = "force-static";

export default function DocsPage() {
  const doc = generateOpenApi();
  const groups = groupOperations(doc);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
      <aside className="mb-8 lg:sticky lg:top-6 lg:mb-0 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto">
        <DocsToc doc={doc} groups={groups} />
      </aside>
      <main className="min-w-0 space-y-14">
        <section id="introduction" aria-labelledby="introduction-title" className="scroll-mt-6 space-y-4">
          <p className="text-sm font-medium text-slate-500">
            Version {doc.info.version} · OpenAPI {doc.openapi}
          </p>
          <h1 id="introduction-title" className="text-3xl font-semibold tracking-tight">
            {doc.info.title} reference
          </h1>
          <Markdown text={doc.info.description} className="max-w-3xl text-slate-700" />
          <p className="text-sm text-slate-700">
            Machine-readable document:{" "}
            <a className="font-mono text-blue-700 underline" href="/api/v3/openapi.json">
              /api/v3/openapi.json
            </a>
          </p>
        </section>

        {groups.map((g) => (
          <section key={g.tag} id={g.anchor} aria-labelledby={`${g.anchor}-title`} className="scroll-mt-6 space-y-5">
            <div>
              <h2 id={`${g.anchor}-title`} className="text-2xl font-semibold tracking-tight">
                {g.tag}
              </h2>
              {g.description ? <Markdown text={g.description} className="mt-1 text-slate-600" /> : null}
            </div>
            {g.operations.map((entry) => (
              <OperationCard key={entry.anchor} doc={doc} entry={entry} />
            ))}
          </section>
        ))}

        <SchemasSection doc={doc} />
        <ErrorsSection doc={doc} />
      </main>
    </div>
  );
}
