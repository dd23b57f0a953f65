"use client";
// POST /api/v3/auth/verify-email/resend: a new verification link for the signed-in user.
import { useMutation } from "@tanstack/react-query";
import type { TVerificationSent } from "@/lib/contracts/auth";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";

export function useResendVerification() {
  return useMutation<TVerificationSent, ApiError>({
    mutationFn: () => callEndpoint(endpoints.auth.resendVerification),
  });
}
