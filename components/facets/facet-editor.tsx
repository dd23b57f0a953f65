"use client";
// The facet editor of a file: classify under a node of the company's content types, edit the attribute
// values of each classification, unclassify, and clear values left over from schema changes (unlinked).
// Classifying a ready document asks for its attribute values at once (suggestions to accept or edit), unless
// the content type fills them automatically.
import Link from "next/link";
import { useId, useState } from "react";
import { Button } from "@/components/ui";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { QueryStatus } from "@/components/ui/query-status";
import { Select } from "@/components/ui/select";
import { type ApiValue, displayValue } from "@/lib/client/facet-values";
import { useClassifyFile } from "@/lib/client/hooks/use-classify-file";
import { useClearFileAttributes } from "@/lib/client/hooks/use-clear-file-attributes";
import { flattenNodes, useContentTypes } from "@/lib/client/hooks/use-content-types";
import { useFileFacets } from "@/lib/client/hooks/use-file-facets";
import { useFile } from "@/lib/client/hooks/use-files";
import { ClassificationCard } from "./classification-card";

const READY_STATUSES = new Set(["embedded", "embedding_failed", "parsed", "embedding"]);

export function FacetEditor({ fileId }: { fileId: number }) {
  const facets = useFileFacets(fileId);
  const types = useContentTypes();
  const classify = useClassifyFile(fileId);
  const clear = useClearFileAttributes(fileId);
  const [path, setPath] = useState("");
  const [justClassified, setJustClassified] = useState<string | null>(null);
  // The file page has this query already; its status says whether the document can be read.
  const ready = READY_STATUSES.has(useFile(fileId).data?.status ?? "");
  const id = useId();
  const nodes = flattenNodes(types.data?.results ?? []);
  const assigned = new Set(facets.data?.content_types.map((c) => c.path));
  const canEdit = facets.data?.can_edit ?? false;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Classification
      </h2>
      <QueryStatus isPending={facets.isPending} error={facets.error} isEmpty={false} noun="classification" empty={null}>
        {facets.data && (
          <div className="space-y-3">
            {facets.data.content_types.length === 0 && <p className="text-sm text-slate-600">Not classified yet.</p>}
            {facets.data.content_types.map((ct) => (
              <ClassificationCard
                key={ct.path}
                fileId={fileId}
                ct={ct}
                canEdit={canEdit}
                suggestOnMount={ready && !ct.auto_fill && ct.path === justClassified}
              />
            ))}
            {canEdit && (
              <form
                className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (!path) return;
                  classify.mutate(
                    { content_type_path: path },
                    {
                      onSuccess: () => {
                        setJustClassified(path);
                        setPath("");
                      },
                    },
                  );
                }}
              >
                <div className="min-w-0 grow">
                  <label htmlFor={`${id}-ct`} className="block text-sm font-medium text-slate-800">
                    Classify under
                  </label>
                  <Select
                    id={`${id}-ct`}
                    value={path}
                    disabled={types.isPending || nodes.length === 0}
                    onChange={(e) => {
                      classify.reset();
                      setPath(e.target.value);
                    }}
                  >
                    <option value="">{types.isPending ? "Loading content types…" : "Choose a content type"}</option>
                    {nodes.map((n) => (
                      <option key={n.path} value={n.path} disabled={assigned.has(n.path)}>
                        {`${"\u00a0\u00a0".repeat(n.depth - 1)}${n.label} (${n.path})`}
                      </option>
                    ))}
                  </Select>
                </div>
                <Button type="submit" disabled={!path} loading={classify.isPending}>
                  Classify
                </Button>
              </form>
            )}
            {canEdit && types.data && nodes.length === 0 && (
              <p className="text-sm text-slate-600">
                The company has no content types yet.{" "}
                <Link className="text-blue-800 underline" href="/content-types">
                  Adopt a starter template
                </Link>{" "}
                first.
              </p>
            )}
            <ApiErrorAlert error={classify.error ?? types.error} title={classify.error ? "Not classified" : "Content types could not be loaded"} />
            {facets.data.unlinked.length > 0 && (
              <div className="space-y-2 border-t border-slate-100 pt-3">
                <h3 className="text-sm font-semibold text-slate-800">Values no classification carries any more</h3>
                <ul className="space-y-1 text-sm">
                  {facets.data.unlinked.map((u) => (
                    <li key={`${u.content_type_path}.${u.name}`} className="flex flex-wrap items-center justify-between gap-2">
                      <span>
                        {u.label} <span className="text-slate-500">({u.content_type_path})</span>: {displayValue(u.value as ApiValue)}
                      </span>
                      {canEdit && (
                        <Button
                          variant="ghost"
                          className="px-2 py-0.5 text-xs"
                          loading={clear.isPending && clear.variables?.names[0] === u.name}
                          onClick={() => clear.mutate({ content_type_path: u.content_type_path, names: [u.name] })}
                        >
                          Clear
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
                <ApiErrorAlert error={clear.error} title="Not cleared" />
              </div>
            )}
            {!canEdit && <p className="text-xs text-slate-500">You can read this file&apos;s classification but not change it.</p>}
          </div>
        )}
      </QueryStatus>
    </section>
  );
}
