"use client";
// PUT /api/v3/system/announcement (instance admins): the message every console shows as a banner.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZAnnouncement, ZAnnouncementPut } from "@/lib/contracts/system";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export function useSetAnnouncement() {
  const qc = useQueryClient();
  return useMutation<z.infer<typeof ZAnnouncement>, ApiError, z.input<typeof ZAnnouncementPut>>({
    mutationFn: (body) => apiClient.put("/api/v3/system/announcement", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.system.all }),
  });
}
