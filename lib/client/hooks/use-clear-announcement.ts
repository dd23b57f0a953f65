"use client";
// DELETE /api/v3/system/announcement (instance admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useClearAnnouncement() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, void>({
    mutationFn: () => callEndpoint(endpoints.system.deleteAnnouncement),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.system.all }),
  });
}
