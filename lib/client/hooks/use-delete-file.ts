"use client";
// DELETE /api/v3/files/{id}: the file with its chunks, vectors and stored bytes.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useDeleteFile() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (id) => callEndpoint(endpoints.files.delete, { params: { id } }),
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: queryKeys.files.detail(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.files.lists() });
      void qc.invalidateQueries({ queryKey: queryKeys.contentTypes.all });
      void qc.invalidateQueries({ queryKey: queryKeys.tags.all });
    },
  });
}
