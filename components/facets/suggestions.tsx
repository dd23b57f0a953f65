"use client";
// Suggested attribute values read from the document (POST /api/v3/files/{id}/facets/suggest): a summary with
// "Accept all" and "Dismiss", a per-field line "Suggested: … Use" under each input, and the outcome of the
// latest automatic fill of the classification (auto_fill content types), failures included.
import { Alert, Button } from "@/components/ui";
import { type ApiValue, displayValue } from "@/lib/client/facet-values";
import type { TFacetClassification } from "@/lib/client/hooks/use-file-facets";
import type { TAttributeSuggestions } from "@/lib/client/hooks/use-suggest-attributes";

export type TSuggestion = TAttributeSuggestions["suggestions"][number];

export function SuggestionSummary({
  suggestions,
  pending,
  onAcceptAll,
  onDismiss,
}: {
  suggestions: TAttributeSuggestions;
  pending: boolean;
  onAcceptAll: () => void;
  onDismiss: () => void;
}) {
  const count = suggestions.suggestions.length;
  if (count === 0) {
    return (
      <Alert tone="info" title="No values found in the document">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span>Fill the attributes by hand.</span>
          <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </Alert>
    );
  }
  return (
    <div data-testid="suggestions" role="status" className="rounded-md border border-blue-300 bg-blue-50 px-4 py-3 text-sm text-blue-900">
      <p className="font-semibold">{count === 1 ? "1 value" : `${count} values`} found in the document</p>
      <p className="mt-1">Check them below: accept them all, use them one by one, or edit them before saving.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button className="px-3 py-1 text-xs" loading={pending} onClick={onAcceptAll}>
          Accept all suggestions
        </Button>
        <Button variant="ghost" className="px-3 py-1 text-xs" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}

export function SuggestedValue({ suggestion, current, onUse }: { suggestion: TSuggestion; current: ApiValue; onUse: () => void }) {
  const same = JSON.stringify(suggestion.value) === JSON.stringify(current);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-blue-900" data-suggestion={suggestion.name}>
      <span>
        Suggested: <strong>{displayValue(suggestion.value as ApiValue)}</strong>
      </span>
      {same ? (
        <span className="text-slate-500">(in the form)</span>
      ) : (
        <button type="button" className="rounded px-1 font-medium text-blue-800 underline hover:bg-blue-100" onClick={onUse}>
          Use<span className="sr-only"> the suggested {suggestion.label}</span>
        </button>
      )}
    </p>
  );
}

export function FillStatus({ ct }: { ct: TFacetClassification }) {
  if (!ct.auto_fill && !ct.fill) return null;
  if (!ct.fill) return <p className="text-xs text-slate-600">Attributes are filled from the document automatically once the file is ready.</p>;
  if (ct.fill.status === "failed") {
    return (
      <Alert tone="warning" title="Automatic filling failed">
        {ct.fill.error?.detail || "The values could not be read from the document."} Set them by hand or ask for suggestions.
      </Alert>
    );
  }
  const n = ct.fill.filled.length;
  return (
    <p className="text-xs text-slate-600">
      Filled automatically from the document: {n === 0 ? "no empty attribute had a value in it" : `${n} ${n === 1 ? "value" : "values"}`} (
      {new Date(ct.fill.updated_at).toLocaleString()}).
    </p>
  );
}
