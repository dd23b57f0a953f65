"use client";
// PATCH /api/v3/tags/{id} (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TTag } from "@/lib/contracts/tags";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useUpdateTag() {
  const qc = useQueryClient();
  return useMutation<TTag, ApiError, { id: number; body: BodyOf<typeof endpoints.tags.update> }>({
    mutationFn: ({ id, body }) => callEndpoint(endpoints.tags.update, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tags.all }),
  });
}
