"use client";
// PATCH /api/v3/files/{id}: title, manually assigned tags (tag_ids replaces them), workspace.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TFile, ZFileUpdate } from "@/lib/contracts/files";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export type TFileUpdate = z.input<typeof ZFileUpdate>;

export function useUpdateFile(id: number) {
  const qc = useQueryClient();
  return useMutation<TFile, ApiError, TFileUpdate>({
    mutationFn: (body) => apiClient.patch<TFile>(`/api/v3/files/${id}`, body),
    onSuccess: (file) => {
      qc.setQueryData(queryKeys.files.detail(id), file);
      void qc.invalidateQueries({ queryKey: queryKeys.files.lists() });
      void qc.invalidateQueries({ queryKey: queryKeys.tags.all });
    },
  });
}
