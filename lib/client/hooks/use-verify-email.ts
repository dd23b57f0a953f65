"use client";
// POST /api/v3/auth/verify-email with the token from the link.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TVerifyEmailResult } from "@/lib/contracts/auth";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";

export function useVerifyEmail() {
  const qc = useQueryClient();
  return useMutation<TVerifyEmailResult, ApiError, string>({
    mutationFn: (token) => apiClient.post<TVerifyEmailResult>("/api/v3/auth/verify-email", { token }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.auth.session() }),
  });
}
