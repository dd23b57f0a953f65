"use client";
// POST /api/v3/auth/verify-email/resend: a new verification link for the signed-in user.
import { useMutation } from "@tanstack/react-query";
import type { TVerificationSent } from "@/lib/contracts/auth";
import { apiClient, type ApiError } from "../api-client";

export function useResendVerification() {
  return useMutation<TVerificationSent, ApiError>({
    mutationFn: () => apiClient.post<TVerificationSent>("/api/v3/auth/verify-email/resend"),
  });
}
