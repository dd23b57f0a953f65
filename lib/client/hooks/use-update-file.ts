"use client";
// PATCH /api/v3/files/{id}: title, manually assigned tags (tag_ids replaces them), workspace.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TFile } from "@/lib/contracts/files";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type TFileUpdate = BodyOf<typeof endpoints.files.update>;

export function useUpdateFile(id: number) {
  const qc = useQueryClient();
  return useMutation<TFile, ApiError, TFileUpdate>({
    mutationFn: (body) => callEndpoint(endpoints.files.update, { params: { id }, body }),
    onSuccess: (file) => {
      qc.setQueryData(queryKeys.files.detail(id), file);
      void qc.invalidateQueries({ queryKey: queryKeys.files.lists() });
      void qc.invalidateQueries({ queryKey: queryKeys.tags.all });
    },
  });
}
