// Native select styled like Input: keyboard and screen-reader behaviour come from the platform.
import type { Ref, SelectHTMLAttributes } from "react";
import { cx } from "./cx";

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ invalid, className, children, ...rest }: SelectProps) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={cx(
        "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm",
        "focus:outline-none focus:ring-2 focus:ring-blue-600 focus:ring-offset-1 disabled:bg-slate-100",
        invalid ? "border-red-600" : "border-slate-300",
        className,
      )}
      {...rest}
    >
      {children}
    </select>
  );
}
