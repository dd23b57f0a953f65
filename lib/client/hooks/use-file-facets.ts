"use client";
// A file's classifications and attribute values (GET /api/v3/files/{id}/facets), and the POST helper the
// facet mutations share: every action answers with the facets after it, which replace the cached ones.
import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TFacetAction, ZFileFacets } from "@/lib/contracts/facets";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export type TFileFacets = z.infer<typeof ZFileFacets>;
export type TFacetClassification = TFileFacets["content_types"][number];
export type TFacetAttribute = TFacetClassification["attributes"][number];
export type TFacetValue = TFacetAttribute["value"];

export function useFileFacets(fileId: number) {
  return useQuery<TFileFacets, ApiError>({
    queryKey: queryKeys.files.facets(fileId),
    queryFn: ({ signal }) => apiClient.get<TFileFacets>(`/api/v3/files/${fileId}/facets`, { signal }),
  });
}

export function postFacetAction(fileId: number, action: TFacetAction): Promise<TFileFacets> {
  return apiClient.post<TFileFacets>(`/api/v3/files/${fileId}/facets`, action);
}

/** Facets changed: store the answer; the file's `content_types`, the lists and the node counts moved too. */
export function facetsChanged(qc: QueryClient, fileId: number, facets: TFileFacets) {
  qc.setQueryData(queryKeys.files.facets(fileId), facets);
  void qc.invalidateQueries({ queryKey: queryKeys.files.detail(fileId), exact: true });
  void qc.invalidateQueries({ queryKey: queryKeys.files.lists() });
  void qc.invalidateQueries({ queryKey: queryKeys.contentTypes.lists() });
}
