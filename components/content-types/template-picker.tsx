"use client";
// Starter templates (GET /api/v3/content-types/templates, roots with their direct children): tick whole
// templates or single branches and adopt them; what the company already has is marked.
import { useState } from "react";
import { Button } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { QueryStatus } from "@/components/ui/query-status";
import { useAdoptTemplates } from "@/lib/client/hooks/use-adopt-templates";
import { type TTemplateNode, useContentTypeTemplates } from "@/lib/client/hooks/use-content-types";

export function TemplatePicker({ adopted, canEdit }: { adopted: Set<string>; canEdit: boolean }) {
  const catalog = useContentTypeTemplates({ depth: 1, include_attributes: false });
  const adopt = useAdoptTemplates();
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (path: string) => {
    adopt.reset();
    setPicked((p) => (p.includes(path) ? p.filter((x) => x !== path) : [...p, path]));
  };

  const box = (n: TTemplateNode, strong: boolean) => (
    <label className="flex cursor-pointer items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4 rounded border-slate-400"
        disabled={!canEdit || adopted.has(n.path)}
        checked={picked.includes(n.path) || adopted.has(n.path)}
        onChange={() => toggle(n.path)}
      />
      <span>
        <span className={strong ? "font-semibold text-slate-900" : "text-slate-800"}>{n.label}</span>
        {adopted.has(n.path) && (
          <Badge tone="green" className="ml-2">
            Adopted
          </Badge>
        )}
        {strong && <span className="block text-xs text-slate-500">{n.description}</span>}
      </span>
    </label>
  );

  return (
    <section aria-labelledby="templates-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <h2 id="templates-title" className="text-base font-semibold text-slate-900">
          Starter templates
        </h2>
        <p className="text-sm text-slate-600">
          Adopt a whole template or single branches; a branch brings its ancestors and everything below it. Adopting again keeps what you changed.
        </p>
      </div>
      <QueryStatus
        isPending={catalog.isPending}
        error={catalog.error}
        isEmpty={(catalog.data?.templates.length ?? 0) === 0}
        noun="templates"
        empty="No templates."
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {catalog.data?.templates.map((root) => (
            <fieldset key={root.path} data-template={root.path} className="space-y-1 rounded-md border border-slate-200 p-3">
              <legend className="sr-only">{root.label} template</legend>
              {box(root, true)}
              {root.children.length > 0 && (
                <ul className="ml-6 space-y-1">
                  {root.children.map((c) => (
                    <li key={c.path}>{box(c, false)}</li>
                  ))}
                </ul>
              )}
            </fieldset>
          ))}
        </div>
      </QueryStatus>
      <ApiErrorAlert error={adopt.error} title="Not adopted" />
      {canEdit ? (
        <div className="flex items-center gap-3">
          <Button
            disabled={picked.length === 0}
            loading={adopt.isPending}
            onClick={() => adopt.mutate({ paths: picked }, { onSuccess: () => setPicked([]) })}
          >
            {picked.length ? `Adopt ${picked.length} selected` : "Adopt selected"}
          </Button>
          <span aria-live="polite" className="text-sm text-green-800">
            {adopt.isSuccess ? "Adopted: the content types are below." : ""}
          </span>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Only company admins can adopt templates.</p>
      )}
    </section>
  );
}
