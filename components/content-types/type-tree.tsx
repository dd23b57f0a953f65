"use client";
// The company's content types as a tree: each node a button that selects it, with its document count.
// Nested lists carry the hierarchy for assistive technology; the selected node has aria-current.
import { cx } from "@/components/ui";
import type { TContentTypeNode } from "@/lib/client/hooks/use-content-types";

interface Props {
  nodes: TContentTypeNode[];
  selected: string | null;
  onSelect: (path: string) => void;
}

export function TypeTree({ nodes, selected, onSelect }: Props) {
  return (
    <ul className="space-y-0.5">
      {nodes.map((n) => (
        <li key={n.path}>
          <button
            type="button"
            onClick={() => onSelect(n.path)}
            aria-current={selected === n.path ? "true" : undefined}
            data-path={n.path}
            className={cx(
              "flex w-full items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
              selected === n.path ? "bg-slate-900 text-white" : "text-slate-800 hover:bg-slate-100",
            )}
          >
            <span className="min-w-0 truncate">
              {n.label}
              {n.attributes.some((a) => !a.inherited) && (
                <span className={cx("ml-1 text-xs", selected === n.path ? "text-slate-300" : "text-slate-500")}>
                  · {n.attributes.filter((a) => !a.inherited).length} attr.
                </span>
              )}
            </span>
            {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the count reads as "N documents" */}
            <span
              className={cx("shrink-0 rounded-full px-2 text-xs tabular-nums", selected === n.path ? "bg-white/20" : "bg-slate-100 text-slate-700")}
              aria-label={`${n.document_count} documents`}
            >
              {n.document_count}
            </span>
          </button>
          {n.children.length > 0 && (
            <div className="ml-3 border-l border-slate-200 pl-2">
              <TypeTree nodes={n.children} selected={selected} onSelect={onSelect} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
