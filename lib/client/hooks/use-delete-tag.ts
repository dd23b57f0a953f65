"use client";
// DELETE /api/v3/tags/{id}: the tag leaves every file that carried it (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (id) => callEndpoint(endpoints.tags.delete, { params: { id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.tags.all });
      void qc.invalidateQueries({ queryKey: queryKeys.files.all });
    },
  });
}
