"use client";
// DELETE /api/v3/system/announcement (instance admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export function useClearAnnouncement() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, void>({
    mutationFn: () => apiClient.delete("/api/v3/system/announcement"),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.system.all }),
  });
}
