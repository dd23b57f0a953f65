// A titled dashboard panel; `busy` announces loading politely.
import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

export function Card({
  title,
  id,
  children,
  className,
  actions,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cx("rounded-lg border border-slate-200 bg-white p-5 shadow-sm", className)}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
      Loading {what}…
    </p>
  );
}

/** A horizontal bar for "x of y"; the label carries the figures, the bar is decoration for sighted users. */
export function Meter({ percent, label, tone = "blue" }: { percent: number; label: string; tone?: "blue" | "amber" | "red" }) {
  const colors = { blue: "bg-blue-600", amber: "bg-amber-500", red: "bg-red-600" };
  return (
    <div
      role="meter"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-label={label}
      className="h-3 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div className={cx("h-full rounded-full", colors[tone])} style={{ width: `${percent}%` }} />
    </div>
  );
}

export const meterTone = (percent: number) => (percent >= 90 ? "red" : percent >= 75 ? "amber" : "blue");
