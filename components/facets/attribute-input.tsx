"use client";
// The control for one attribute value, by type: text and number inputs, a date picker, yes/no/not set,
// a choice list for select, checkboxes for multi-select and a Markdown text area for rich text.
import { Input } from "@/components/ui";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { Draft } from "@/lib/client/facet-values";
import type { TFacetAttribute } from "@/lib/client/hooks/use-file-facets";

interface Props {
  attribute: TFacetAttribute;
  value: Draft;
  onChange: (value: Draft) => void;
  error?: string;
  disabled?: boolean;
}

export function AttributeInput({ attribute: a, value, onChange, error, disabled }: Props) {
  const s = typeof value === "string" ? value : "";
  if (a.type === "multi-select")
    return <MultiSelect attribute={a} value={Array.isArray(value) ? value : []} onChange={onChange} error={error} disabled={disabled} />;
  return (
    <Field
      label={a.label}
      hint={[a.description, a.type === "rich-text" ? "Markdown." : ""].filter(Boolean).join(" ") || undefined}
      error={error}
      required={a.required}
    >
      {(c) => {
        const common = { id: c.id, "aria-describedby": c["aria-describedby"], invalid: c.invalid, disabled, "data-attribute": a.name };
        switch (a.type) {
          case "number":
            // Text, not type="number": "1952,31" is accepted like "1952.31" (lib/client/decimal.ts).
            return <Input {...common} type="text" inputMode="decimal" value={s} onChange={(e) => onChange(e.target.value)} />;
          case "date":
            return <Input {...common} type="date" value={s} onChange={(e) => onChange(e.target.value)} />;
          case "boolean":
            return (
              <Select {...common} value={s} onChange={(e) => onChange(e.target.value)}>
                <option value="">Not set</option>
                <option value="true">Yes</option>
                <option value="false">No</option>
              </Select>
            );
          case "select":
            return (
              <Select {...common} value={s} onChange={(e) => onChange(e.target.value)}>
                <option value="">Not set</option>
                {(a.choices ?? []).map((ch) => (
                  <option key={ch} value={ch}>
                    {ch}
                  </option>
                ))}
                {s && !(a.choices ?? []).includes(s) && <option value={s}>{s} (no longer a choice)</option>}
              </Select>
            );
          case "rich-text":
            return <Textarea {...common} rows={5} value={s} onChange={(e) => onChange(e.target.value)} />;
          default:
            return <Input {...common} type="text" maxLength={1000} value={s} onChange={(e) => onChange(e.target.value)} />;
        }
      }}
    </Field>
  );
}

function MultiSelect({ attribute: a, value, onChange, error, disabled }: Omit<Props, "value"> & { value: string[] }) {
  const set = new Set(value);
  const errorId = `${a.name}-ms-error`;
  return (
    <fieldset className="space-y-1" aria-describedby={error ? errorId : undefined} data-attribute={a.name}>
      <legend className="text-sm font-medium text-slate-800">
        {a.label}
        {a.required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </legend>
      {a.description && <p className="text-xs text-slate-500">{a.description}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-1 rounded-md border border-slate-300 bg-white px-3 py-2">
        {(a.choices ?? []).map((ch) => (
          <label key={ch} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              disabled={disabled}
              checked={set.has(ch)}
              onChange={() => onChange(set.has(ch) ? value.filter((v) => v !== ch) : [...value, ch])}
              className="h-4 w-4 rounded border-slate-400"
            />
            {ch}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
