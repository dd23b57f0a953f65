"use client";
// Multi-select as a fieldset of checkboxes: every option is reachable with Tab/Space and announced with
// its group's legend, unlike a <select multiple>. A filter box appears for long lists.
import { useId, useState } from "react";
import { cx } from "./cx";

export interface CheckboxOption {
  value: number;
  label: string;
  hint?: string;
}

export interface CheckboxListProps {
  legend: string;
  hint?: string;
  options: CheckboxOption[];
  value: number[];
  onChange: (value: number[]) => void;
  error?: string | null;
  emptyText?: string;
  loading?: boolean;
}

export function CheckboxList({ legend, hint, options, value, onChange, error, emptyText = "Nothing to choose from.", loading }: CheckboxListProps) {
  const id = useId();
  const [filter, setFilter] = useState("");
  const selected = new Set(value);
  const shown = filter ? options.filter((o) => o.label.toLowerCase().includes(filter.toLowerCase())) : options;
  const toggle = (v: number) => onChange(selected.has(v) ? value.filter((x) => x !== v) : [...value, v]);
  return (
    <fieldset aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined} className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">
        {legend}
        {value.length > 0 && <span className="ml-2 font-normal text-slate-500">({value.length} selected)</span>}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {options.length > 8 && (
        <input
          type="search"
          aria-label={`Filter ${legend.toLowerCase()}`}
          placeholder="Filter…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm focus:outline-none focus:ring-2 focus:ring-blue-600"
        />
      )}
      <div className={cx("max-h-48 overflow-y-auto rounded-md border bg-white p-2", error ? "border-red-600" : "border-slate-300")}>
        {loading ? (
          <p className="px-1 py-1 text-sm text-slate-500">Loading…</p>
        ) : shown.length === 0 ? (
          <p className="px-1 py-1 text-sm text-slate-500">{options.length === 0 ? emptyText : "No match."}</p>
        ) : (
          <ul className="space-y-1">
            {shown.map((o) => (
              <li key={o.value}>
                <label className="flex cursor-pointer items-start gap-2 rounded px-1 py-1 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    checked={selected.has(o.value)}
                    onChange={() => toggle(o.value)}
                    className="mt-0.5 h-4 w-4 rounded border-slate-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
                  />
                  <span>
                    {o.label}
                    {o.hint && <span className="ml-1 text-slate-500">{o.hint}</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
