"use client";
// The attributes a node carries: its own (edit, remove) and inherited ones (read-only, naming the
// ancestor that defines them), plus the form to add one.
import { useState } from "react";
import { Button } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { TContentTypeAttribute, TContentTypeNode } from "@/lib/client/hooks/use-content-types";
import { useUndefineAttribute } from "@/lib/client/hooks/use-undefine-attribute";
import { AttributeForm, TYPE_LABELS } from "./attribute-form";

export function AttributeList({ node, canEdit }: { node: TContentTypeNode; canEdit: boolean }) {
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [removing, setRemoving] = useState<TContentTypeAttribute | null>(null);
  const undefine = useUndefineAttribute();
  const own = node.attributes.filter((a) => !a.inherited);
  const inherited = node.attributes.filter((a) => a.inherited);

  const row = (a: TContentTypeAttribute) =>
    editing === a.name ? (
      <li key={a.name}>
        <AttributeForm contentTypePath={node.path} attribute={a} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
      </li>
    ) : (
      <li key={a.name} data-testid="attribute-row" className="flex flex-wrap items-start justify-between gap-2 py-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {a.label} <span className="font-mono text-xs font-normal text-slate-500">{a.name}</span>
          </p>
          <p className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
            <Badge>{TYPE_LABELS[a.attribute_type]}</Badge>
            {a.required && <Badge tone="amber">Required</Badge>}
            {a.inherited && <span>from {a.content_type_path}</span>}
            {a.choices && <span className="truncate">· {a.choices.join(", ")}</span>}
          </p>
          {a.description && <p className="text-xs text-slate-500">{a.description}</p>}
        </div>
        {canEdit && !a.inherited && (
          <div className="flex gap-1">
            <Button variant="ghost" className="px-2 py-1 text-xs" aria-label={`Edit attribute ${a.name}`} onClick={() => setEditing(a.name)}>
              Edit
            </Button>
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs text-red-700"
              aria-label={`Remove attribute ${a.name}`}
              onClick={() => setRemoving(a)}
            >
              Remove
            </Button>
          </div>
        )}
      </li>
    );

  return (
    <section aria-labelledby="attrs-title" className="space-y-2">
      <div className="flex items-center justify-between">
        <h3 id="attrs-title" className="text-sm font-semibold text-slate-900">
          Attributes
        </h3>
        {canEdit && editing !== "new" && (
          <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setEditing("new")}>
            Add attribute
          </Button>
        )}
      </div>
      {editing === "new" && <AttributeForm contentTypePath={node.path} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      {own.length === 0 && inherited.length === 0 && editing !== "new" && <p className="text-sm text-slate-600">No attributes.</p>}
      {own.length > 0 && <ul className="divide-y divide-slate-100">{own.map(row)}</ul>}
      {inherited.length > 0 && (
        <>
          <h4 className="pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Inherited</h4>
          <ul className="divide-y divide-slate-100">{inherited.map(row)}</ul>
        </>
      )}
      <ConfirmDialog
        open={!!removing}
        title={`Remove the attribute “${removing?.label}”?`}
        confirmLabel="Remove"
        pending={undefine.isPending}
        error={<ApiErrorAlert error={undefine.error} />}
        onCancel={() => {
          undefine.reset();
          setRemoving(null);
        }}
        onConfirm={() => removing && undefine.mutate({ content_type_path: node.path, name: removing.name }, { onSuccess: () => setRemoving(null) })}
      >
        Every value documents hold for it is deleted.
      </ConfirmDialog>
    </section>
  );
}
