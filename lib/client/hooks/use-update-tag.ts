"use client";
// PATCH /api/v3/tags/{id} (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZTagUpdate } from "@/lib/contracts/tags";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";
import type { TTag } from "./use-tags";

export function useUpdateTag() {
  const qc = useQueryClient();
  return useMutation<TTag, ApiError, { id: number; body: z.input<typeof ZTagUpdate> }>({
    mutationFn: ({ id, body }) => apiClient.patch<TTag>(`/api/v3/tags/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tags.all }),
  });
}
