// Multi-line text input styled like Input; `invalid` sets aria-invalid (Field wires it up).
import type { Ref, TextareaHTMLAttributes } from "react";
import { cx } from "./cx";

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ invalid, className, rows = 3, ...rest }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cx(
        "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400",
        "focus:outline-none focus:ring-2 focus:ring-blue-600 focus:ring-offset-1 disabled:bg-slate-100",
        invalid ? "border-red-600" : "border-slate-300",
        className,
      )}
      {...rest}
    />
  );
}
