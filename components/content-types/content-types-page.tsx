"use client";
// Content types: adopt starter templates, browse the company's trees with document counts, define and
// delete nodes and edit their attributes. Changing the schema is for company admins (the API enforces it;
// other users see the trees read-only).
import { useState } from "react";
import { Button } from "@/components/ui";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStatus } from "@/components/ui/query-status";
import { flattenNodes, useContentTypes } from "@/lib/client/hooks/use-content-types";
import { useCurrentUser } from "@/lib/client/hooks/use-current-user";
import { NodeForm } from "./node-form";
import { NodePanel } from "./node-panel";
import { TemplatePicker } from "./template-picker";
import { TypeTree } from "./type-tree";

export function ContentTypesPage() {
  const types = useContentTypes();
  const me = useCurrentUser();
  const [selected, setSelected] = useState<string | null>(null);
  const [addingRoot, setAddingRoot] = useState(false);
  const canEdit = !!me.data && (me.data.company_role === "company_admin" || me.data.user.instance_role !== null);
  const roots = types.data?.results ?? [];
  const all = flattenNodes(roots);
  const node = all.find((n) => n.path === selected) ?? null;

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Content types"
        description="The classification schema of your company's documents: content types in trees up to four levels deep, each with typed attributes that documents classified there carry."
      />
      <TemplatePicker adopted={new Set(all.map((n) => n.path))} canEdit={canEdit} />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <section aria-labelledby="tree-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-center justify-between gap-2">
            <h2 id="tree-title" className="text-base font-semibold text-slate-900">
              Your content types
            </h2>
            {canEdit && !addingRoot && (
              <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setAddingRoot(true)}>
                New root type
              </Button>
            )}
          </div>
          {addingRoot && (
            <div className="rounded-md border border-slate-200 p-3">
              <NodeForm
                parentPath={null}
                onDone={(path) => {
                  setAddingRoot(false);
                  setSelected(path);
                }}
                onCancel={() => setAddingRoot(false)}
              />
            </div>
          )}
          <QueryStatus
            isPending={types.isPending}
            error={types.error}
            isEmpty={roots.length === 0}
            noun="content types"
            empty="No content types yet: adopt a starter template above or create a root type."
          >
            <nav aria-label="Content type tree">
              <TypeTree nodes={roots} selected={selected} onSelect={setSelected} />
            </nav>
          </QueryStatus>
        </section>
        <div>
          {node ? (
            <NodePanel key={node.path} node={node} canEdit={canEdit} onSelect={setSelected} />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
              Select a content type to see and edit its attributes.
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
