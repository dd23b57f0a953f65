"use client";
// Add or edit an attribute of a node (define_attribute). Name and type are fixed once created (the API
// refuses a type change); choices, one per line, only for select and multi-select.
import { useState } from "react";
import { Button, Input } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { TContentTypeAttribute } from "@/lib/client/hooks/use-content-types";
import { useDefineAttribute } from "@/lib/client/hooks/use-define-attribute";
import { ATTRIBUTE_TYPES, type AttributeType } from "@/lib/facets/attribute-types";

export const TYPE_LABELS: Record<AttributeType, string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  boolean: "Yes / no",
  select: "Select (one choice)",
  "multi-select": "Multi-select (several choices)",
  "rich-text": "Rich text (Markdown)",
};

interface Props {
  contentTypePath: string;
  attribute?: TContentTypeAttribute;
  onDone: () => void;
  onCancel: () => void;
}

export function AttributeForm({ contentTypePath, attribute, onDone, onCancel }: Props) {
  const define = useDefineAttribute();
  const [name, setName] = useState(attribute?.name ?? "");
  const [type, setType] = useState<AttributeType>(attribute?.attribute_type ?? "text");
  const [label, setLabel] = useState(attribute?.label ?? "");
  const [description, setDescription] = useState(attribute?.description ?? "");
  const [required, setRequired] = useState(attribute?.required ?? false);
  const [choices, setChoices] = useState((attribute?.choices ?? []).join("\n"));
  const withChoices = type === "select" || type === "multi-select";
  const err = (f: string) => define.error?.fieldMessage(f);

  return (
    <form
      className="space-y-3 rounded-md border border-blue-200 bg-blue-50/40 p-3"
      aria-label={attribute ? `Edit attribute ${attribute.name}` : "New attribute"}
      onSubmit={(e) => {
        e.preventDefault();
        define.mutate(
          {
            content_type_path: contentTypePath,
            name: name.trim(),
            attribute_type: type,
            label: label.trim() || undefined,
            description,
            required,
            choices: withChoices
              ? choices
                  .split("\n")
                  .map((c) => c.trim())
                  .filter(Boolean)
              : undefined,
          },
          { onSuccess: onDone },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" required error={err("name")} hint={attribute ? "Fixed once created." : "snake_case, unique in the tree."}>
          {(c) => <Input {...c} className="font-mono" value={name} disabled={!!attribute} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Type" required error={err("attribute_type")} hint={attribute ? "The type cannot change." : undefined}>
          {(c) => (
            <Select {...c} value={type} disabled={!!attribute} onChange={(e) => setType(e.target.value as AttributeType)}>
              {ATTRIBUTE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Label" error={err("label")} hint="Default: the name in words.">
          {(c) => <Input {...c} value={label} maxLength={200} onChange={(e) => setLabel(e.target.value)} />}
        </Field>
        <Field label="Description" error={err("description")}>
          {(c) => <Input {...c} value={description} maxLength={2000} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
      </div>
      {withChoices && (
        <Field label="Choices" required error={err("choices")} hint="One per line.">
          {(c) => <Textarea {...c} rows={4} value={choices} onChange={(e) => setChoices(e.target.value)} />}
        </Field>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
        Required
      </label>
      <ApiErrorAlert error={define.error} title="Attribute not saved" shownFields={["name", "attribute_type", "label", "description", "choices"]} />
      <div className="flex gap-2">
        <Button type="submit" loading={define.isPending} disabled={!name.trim()}>
          {attribute ? "Save attribute" : "Add attribute"}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
