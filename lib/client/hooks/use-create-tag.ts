"use client";
// POST /api/v3/tags (names are unique per company, case-insensitively: 409 conflict otherwise).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TTag } from "@/lib/contracts/tags";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useCreateTag() {
  const qc = useQueryClient();
  return useMutation<TTag, ApiError, BodyOf<typeof endpoints.tags.create>>({
    mutationFn: (body) => callEndpoint(endpoints.tags.create, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tags.all }),
  });
}
