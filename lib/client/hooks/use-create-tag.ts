"use client";
// POST /api/v3/tags (names are unique per company, case-insensitively: 409 conflict otherwise).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZTagCreate } from "@/lib/contracts/tags";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";
import type { TTag } from "./use-tags";

export function useCreateTag() {
  const qc = useQueryClient();
  return useMutation<TTag, ApiError, z.input<typeof ZTagCreate>>({
    mutationFn: (body) => apiClient.post<TTag>("/api/v3/tags", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tags.all }),
  });
}
