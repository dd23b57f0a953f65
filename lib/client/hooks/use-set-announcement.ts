"use client";
// PUT /api/v3/system/announcement (instance admins): the message every console shows as a banner.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAnnouncement } from "@/lib/contracts/system";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useSetAnnouncement() {
  const qc = useQueryClient();
  return useMutation<TAnnouncement, ApiError, BodyOf<typeof endpoints.system.putAnnouncement>>({
    mutationFn: (body) => callEndpoint(endpoints.system.putAnnouncement, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.system.all }),
  });
}
