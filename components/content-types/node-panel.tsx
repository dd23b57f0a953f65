"use client";
// The selected content type: its facts, edit form, children to add, deletion (with its subtree) and its
// attribute editor.
import { useState } from "react";
import { Button } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { TContentTypeNode } from "@/lib/client/hooks/use-content-types";
import { useUndefineContentType } from "@/lib/client/hooks/use-undefine-content-type";
import { AttributeList } from "./attribute-list";
import { NodeForm } from "./node-form";

interface Props {
  node: TContentTypeNode;
  canEdit: boolean;
  onSelect: (path: string | null) => void;
}

export function NodePanel({ node, canEdit, onSelect }: Props) {
  const [mode, setMode] = useState<"view" | "edit" | "child">("view");
  const [confirm, setConfirm] = useState(false);
  const undefine = useUndefineContentType();

  return (
    <section aria-labelledby="node-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="node-title" className="text-lg font-semibold text-slate-900">
            {node.label}
          </h2>
          <p className="font-mono text-xs text-slate-500">{node.path}</p>
          <p className="mt-1 flex flex-wrap gap-1 text-xs">
            <Badge tone="blue">
              {node.document_count} {node.document_count === 1 ? "document" : "documents"}
            </Badge>
            {node.parent_path && <Badge>{node.inherit_attributes ? "Inherits attributes" : "Does not inherit"}</Badge>}
            {node.auto_fill && <Badge tone="green">Fills attributes automatically</Badge>}
            {node.source_template && <Badge>Template: {node.source_template}</Badge>}
          </p>
          {node.description && <p className="mt-2 text-sm text-slate-700">{node.description}</p>}
        </div>
        {canEdit && mode === "view" && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setMode("edit")}>
              Edit
            </Button>
            {node.depth < 4 && (
              <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setMode("child")}>
                Add child type
              </Button>
            )}
            <Button variant="danger" className="px-3 py-1 text-xs" onClick={() => setConfirm(true)}>
              Delete
            </Button>
          </div>
        )}
      </div>
      {mode === "edit" && (
        <NodeForm
          key={`edit-${node.path}`}
          parentPath={node.parent_path}
          node={node}
          onDone={() => setMode("view")}
          onCancel={() => setMode("view")}
        />
      )}
      {mode === "child" && (
        <div className="rounded-md border border-slate-200 p-3">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">New child of {node.label}</h3>
          <NodeForm
            key={`child-${node.path}`}
            parentPath={node.path}
            onDone={(path) => {
              setMode("view");
              onSelect(path);
            }}
            onCancel={() => setMode("view")}
          />
        </div>
      )}
      <AttributeList key={node.path} node={node} canEdit={canEdit} />
      <ConfirmDialog
        open={confirm}
        title={`Delete “${node.label}”?`}
        confirmLabel="Delete"
        pending={undefine.isPending}
        error={<ApiErrorAlert error={undefine.error} />}
        onCancel={() => {
          undefine.reset();
          setConfirm(false);
        }}
        onConfirm={() =>
          undefine.mutate(
            { path: node.path },
            {
              onSuccess: () => {
                setConfirm(false);
                onSelect(node.parent_path);
              },
            },
          )
        }
      >
        It is deleted{node.children.length > 0 ? " with its whole subtree" : ""}, together with the attributes, attribute values and classifications
        {node.document_count > 0 ? ` of ${node.document_count} document(s)` : ""}. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
