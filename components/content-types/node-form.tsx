"use client";
// Create or edit a content-type node (define_content_type): code (fixed once created), label, description,
// whether it carries its parent's attributes, and whether files classified here get their attributes filled
// from the document automatically (auto_fill).
import { useState } from "react";
import { Button, Input } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import type { TContentTypeNode } from "@/lib/client/hooks/use-content-types";
import { useDefineContentType } from "@/lib/client/hooks/use-define-content-type";

interface Props {
  /** Parent of a new node (null: a root); ignored when editing. */
  parentPath: string | null;
  node?: TContentTypeNode;
  onDone?: (path: string) => void;
  onCancel?: () => void;
}

const toCode = (label: string) =>
  label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/^(\d)/, "n$1")
    .slice(0, 64);

export function NodeForm({ parentPath, node, onDone, onCancel }: Props) {
  const define = useDefineContentType();
  const [label, setLabel] = useState(node?.label ?? "");
  const [code, setCode] = useState(node?.code ?? "");
  const [codeTouched, setCodeTouched] = useState(!!node);
  const [description, setDescription] = useState(node?.description ?? "");
  const [inherit, setInherit] = useState(node?.inherit_attributes ?? true);
  const [autoFill, setAutoFill] = useState(node?.auto_fill ?? false);
  const parent = node ? node.parent_path : parentPath;
  const err = (f: string) => define.error?.fieldMessage(f);

  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        define.mutate(
          { code, label, parent_path: parent, description, inherit_attributes: parent ? inherit : undefined, auto_fill: autoFill },
          { onSuccess: (r) => onDone?.(r.content_type?.path ?? (parent ? `${parent}:${code}` : code)) },
        );
      }}
    >
      <Field label="Label" required error={err("label")}>
        {(c) => (
          <Input
            {...c}
            value={label}
            maxLength={200}
            onChange={(e) => {
              setLabel(e.target.value);
              if (!codeTouched) setCode(toCode(e.target.value));
            }}
          />
        )}
      </Field>
      <Field
        label="Code"
        required
        error={err("code")}
        hint={node ? "The code is part of the path and cannot change." : "snake_case; becomes part of the path."}
      >
        {(c) => (
          <Input
            {...c}
            value={code}
            disabled={!!node}
            className="font-mono"
            onChange={(e) => {
              setCodeTouched(true);
              setCode(e.target.value);
            }}
          />
        )}
      </Field>
      <Field label="Description" error={err("description")}>
        {(c) => <Textarea {...c} rows={2} value={description} maxLength={2000} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      {parent && (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={inherit}
            onChange={(e) => setInherit(e.target.checked)}
            className="mt-0.5 h-4 w-4 rounded border-slate-400"
          />
          <span>
            Inherit the parent&apos;s attributes
            <span className="block text-xs text-slate-500">Documents classified here then also carry the attributes of every ancestor.</span>
          </span>
        </label>
      )}
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={autoFill}
          onChange={(e) => setAutoFill(e.target.checked)}
          className="mt-0.5 h-4 w-4 rounded border-slate-400"
        />
        <span>
          Fill attributes from the document automatically
          <span className="block text-xs text-slate-500">
            When a file classified here (or below) is ready, its empty attributes are read from the document. Billed as extraction.
          </span>
        </span>
      </label>
      <ApiErrorAlert error={define.error} title="Not saved" shownFields={["label", "code", "description"]} />
      <div className="flex gap-2">
        <Button type="submit" loading={define.isPending} disabled={!label.trim() || !code.trim()}>
          {node ? "Save content type" : parent ? "Add child type" : "Add content type"}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
