// Text inputs; `invalid` sets aria-invalid and the error styling (Field wires it up).
import type { InputHTMLAttributes, Ref } from "react";
import { cx } from "./cx";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ invalid, className, ...rest }: InputProps) {
  return (
    <input
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
