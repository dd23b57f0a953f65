// Bordered, horizontally scrollable table shell shared by the console's lists: a screen-reader caption,
// a header row of column cells, and the caller's <tr> rows as children (rows stay with the feature).
import type { ReactNode } from "react";
import { cx } from "./cx";

export interface DataTableColumn {
  label: string;
  /** Right-aligned (numbers). */
  numeric?: boolean;
  /** Announced to screen readers only, e.g. the "Actions" column of row buttons. */
  srOnly?: boolean;
  /** A sortable column: the header is a button that asks for this column's order; `direction` is the current one. */
  sort?: { direction: "ascending" | "descending" | null; onSort: () => void };
  /** Header content instead of the label (e.g. a "select all" checkbox); the label stays its key. */
  header?: ReactNode;
}

export interface DataTableProps {
  /** Screen-reader caption; also the table's accessible name. */
  caption: string;
  columns: (string | DataTableColumn)[];
  /** Drop the shadow when the table sits inside another card. */
  flat?: boolean;
  children: ReactNode;
}

export function DataTable({ caption, columns, flat, children }: DataTableProps) {
  return (
    <div className={cx("overflow-x-auto rounded-lg border border-slate-200 bg-white", !flat && "shadow-sm")}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((column) => {
              const c = typeof column === "string" ? { label: column } : column;
              return (
                <th
                  key={c.label}
                  scope="col"
                  aria-sort={c.sort ? (c.sort.direction ?? "none") : undefined}
                  className={cx("px-4 py-2", c.numeric && "text-right")}
                >
                  {c.header ??
                    (c.sort ? (
                      <SortButton label={c.label} direction={c.sort.direction} onSort={c.sort.onSort} />
                    ) : c.srOnly ? (
                      <span className="sr-only">{c.label}</span>
                    ) : (
                      c.label
                    ))}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function SortButton({ label, direction, onSort }: { label: string; direction: "ascending" | "descending" | null; onSort: () => void }) {
  return (
    <button
      type="button"
      onClick={onSort}
      className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      {label}
      <span aria-hidden="true" className={cx("text-[10px]", !direction && "text-slate-300")}>
        {direction === "descending" ? "▼" : "▲"}
      </span>
      <span className="sr-only">
        {direction ? `, sorted ${direction}` : ""}, sort {direction === "ascending" ? "descending" : "ascending"}
      </span>
    </button>
  );
}

/** The trailing "Actions" column whose header is read only by screen readers. */
export const ACTIONS_COLUMN: DataTableColumn = { label: "Actions", srOnly: true };
