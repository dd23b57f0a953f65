"use client";
// A file's classifications and attribute values (GET /api/v3/files/{id}/facets), and the POST helper the
// facet mutations share: every action answers with the facets after it, which replace the cached ones.
import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { TFacetAttribute, TFileFacets } from "@/lib/contracts/facets";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type { TFacetAttribute, TFileFacets } from "@/lib/contracts/facets";
export type TFacetClassification = TFileFacets["content_types"][number];
export type TFacetValue = TFacetAttribute["value"];
/** One action of POST /api/v3/files/{id}/facets as sent. */
export type TFacetActionInput = BodyOf<typeof endpoints.facets.act>;
/** The fields of one action, without its `action` discriminator. */
export type TFacetActionFields<A extends TFacetActionInput["action"]> = Omit<Extract<TFacetActionInput, { action: A }>, "action">;

const FILL_POLL_MS = 3_000;

export function useFileFacets(fileId: number) {
  return useQuery<TFileFacets, ApiError>({
    queryKey: queryKeys.files.facets(fileId),
    queryFn: ({ signal }) => callEndpoint(endpoints.facets.get, { params: { id: fileId }, signal }),
    // A classification that fills automatically shows its values once the background fill recorded them.
    refetchInterval: (q) => (q.state.data?.content_types.some((c) => c.auto_fill && !c.fill && c.attributes.length) ? FILL_POLL_MS : false),
  });
}

export function postFacetAction(fileId: number, action: TFacetActionInput): Promise<TFileFacets> {
  return callEndpoint(endpoints.facets.act, { params: { id: fileId }, body: action });
}

/** Facets changed: store the answer; the file's `content_types`, the lists and the node counts moved too. */
export function facetsChanged(qc: QueryClient, fileId: number, facets: TFileFacets) {
  qc.setQueryData(queryKeys.files.facets(fileId), facets);
  void qc.invalidateQueries({ queryKey: queryKeys.files.detail(fileId), exact: true });
  void qc.invalidateQueries({ queryKey: queryKeys.files.lists() });
  void qc.invalidateQueries({ queryKey: queryKeys.contentTypes.lists() });
}
