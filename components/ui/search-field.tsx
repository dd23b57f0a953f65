// Labelled search box for filtering a list by name; the visible label is the input's accessible name.
import { Input } from "./input";

export interface SearchFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Width of the wrapper; lists use max-w-sm. */
  className?: string;
}

export function SearchField({ id, label, value, onChange, placeholder = "Name contains…", className = "max-w-sm" }: SearchFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input id={id} type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
