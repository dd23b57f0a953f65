"use client";
// The document as PDF (GET /api/v3/files/{id}/preview) in the browser's PDF viewer, opened at `page`
// (`#page=N`). Requested first, so that a refusal (unsupported format, rendering failure) shows the API's
// message instead of raw JSON inside the frame; once the answer is a PDF the frame opens the preview's own
// address, whose Content-Disposition names the file, so the viewer's title is the file name (a blob: URL
// shows a random id). Office previews are converted once and kept, so the second request costs little.
import { useEffect, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { ApiError, endpointPath, toApiError } from "@/lib/client/api-client";
import { endpoints } from "@/lib/client/endpoints";

type State = { kind: "loading" } | { kind: "ready" } | { kind: "error"; error: ApiError };

export function FilePreview({ fileId, title, page }: { fileId: number; title: string; page?: number }) {
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    const ctrl = new AbortController();
    setState({ kind: "loading" });
    (async () => {
      try {
        const res = await fetch(endpointPath(endpoints.files.preview, { id: fileId }), { signal: ctrl.signal, credentials: "same-origin" });
        if (!res.ok) throw await toApiError(res);
        await res.body?.cancel(); // the frame loads it
        setState({ kind: "ready" });
      } catch (err) {
        if ((err as Error).name === "AbortError") return;
        setState({
          kind: "error",
          error: err instanceof ApiError ? err : new ApiError({ status: 0, code: "network_error", detail: "The preview could not be loaded." }),
        });
      }
    })();
    return () => ctrl.abort();
  }, [fileId]);

  if (state.kind === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-600">
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
        Rendering the preview…
      </p>
    );
  }
  if (state.kind === "error") return <ApiErrorAlert error={state.error} title="No preview for this document" />;
  const src = `${endpointPath(endpoints.files.preview, { id: fileId })}#page=${page && page > 0 ? page : 1}`;
  return (
    <div className="space-y-2">
      {/* key: a new page number reloads the viewer at that page */}
      <iframe key={src} src={src} title={`Preview of ${title}`} className="h-[75vh] w-full rounded border border-slate-200 bg-slate-100" />
      <p className="text-xs text-slate-500">
        <a
          className="text-blue-800 underline"
          href={`${endpointPath(endpoints.files.preview, { id: fileId })}#page=${page ?? 1}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open the preview in a new tab
        </a>
      </p>
    </div>
  );
}
