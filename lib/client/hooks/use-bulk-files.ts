"use client";
// Bulk actions on files: POST /api/v3/files/bulk-delete and /bulk-update (tags, move), both all or nothing,
// and classification file by file (POST /api/v3/files/{id}/facets, the spec's only classify operation), which
// reports the files it could not classify instead of stopping at the first.
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TFile } from "@/lib/contracts/files";
import { ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";
import { postFacetAction } from "./use-file-facets";

export type TFileBulkUpdateInput = BodyOf<typeof endpoints.files.bulkUpdate>;

function filesChanged(qc: QueryClient, ids: number[]) {
  for (const id of ids) void qc.invalidateQueries({ queryKey: queryKeys.files.detail(id) });
  void qc.invalidateQueries({ queryKey: queryKeys.files.lists() });
  void qc.invalidateQueries({ queryKey: queryKeys.tags.all });
  void qc.invalidateQueries({ queryKey: queryKeys.contentTypes.lists() });
}

export function useBulkDeleteFiles() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, number[]>({
    mutationFn: (ids) => callEndpoint(endpoints.files.bulkDelete, { body: { ids } }),
    onSuccess: (_, ids) => {
      for (const id of ids) qc.removeQueries({ queryKey: queryKeys.files.detail(id) });
      filesChanged(qc, []);
    },
  });
}

export function useBulkUpdateFiles() {
  const qc = useQueryClient();
  return useMutation<{ results: TFile[] }, ApiError, TFileBulkUpdateInput>({
    mutationFn: (body) => callEndpoint(endpoints.files.bulkUpdate, { body }),
    onSuccess: (_, body) => filesChanged(qc, body.ids),
  });
}

export interface BulkClassifyResult {
  classified: number[];
  failed: { id: number; error: ApiError }[];
}

export function useBulkClassifyFiles() {
  const qc = useQueryClient();
  return useMutation<BulkClassifyResult, ApiError, { ids: number[]; path: string }>({
    mutationFn: async ({ ids, path }) => {
      const out: BulkClassifyResult = { classified: [], failed: [] };
      // One at a time: each is a transaction on the embedded database anyway, and the order stays the list's.
      for (const id of ids) {
        try {
          await postFacetAction(id, { action: "classify", content_type_path: path });
          out.classified.push(id);
        } catch (err) {
          out.failed.push({ id, error: err instanceof ApiError ? err : new ApiError({ status: 0, code: "network_error", detail: String(err) }) });
        }
      }
      return out;
    },
    onSettled: (_, __, { ids }) => filesChanged(qc, ids),
  });
}
