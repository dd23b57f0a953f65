"use client";
// POST /api/v3/auth/verify-email with the token from the link.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TVerifyEmailResult } from "@/lib/contracts/auth";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useVerifyEmail() {
  const qc = useQueryClient();
  return useMutation<TVerifyEmailResult, ApiError, string>({
    mutationFn: (token) => callEndpoint(endpoints.auth.verifyEmail, { body: { token } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.auth.session() }),
  });
}
