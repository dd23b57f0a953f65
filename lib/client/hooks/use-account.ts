"use client";
// Self-service account calls: change password, sign out of other sessions, forgot password (request and
// confirm) and the invitation link (preview and accept). None of them is cached.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { TInvitationPreview } from "@/lib/contracts/account";
import { type ApiError, type BodyOf, callEndpoint, type ResponseOf } from "../api-client";
import { endpoints } from "../endpoints";

const e = endpoints.account;

export function useChangePassword() {
  return useMutation<ResponseOf<typeof e.changePassword>, ApiError, BodyOf<typeof e.changePassword>>({
    mutationFn: (body) => callEndpoint(e.changePassword, { body }),
  });
}

export function useSignOutOtherSessions() {
  return useMutation<ResponseOf<typeof e.signOutOthers>, ApiError, void>({
    mutationFn: () => callEndpoint(e.signOutOthers, {}),
  });
}

export function useRequestPasswordReset() {
  return useMutation<ResponseOf<typeof e.requestPasswordReset>, ApiError, BodyOf<typeof e.requestPasswordReset>>({
    mutationFn: (body) => callEndpoint(e.requestPasswordReset, { body }),
  });
}

export function useConfirmPasswordReset() {
  return useMutation<ResponseOf<typeof e.confirmPasswordReset>, ApiError, BodyOf<typeof e.confirmPasswordReset>>({
    mutationFn: (body) => callEndpoint(e.confirmPasswordReset, { body }),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery<TInvitationPreview, ApiError>({
    queryKey: ["invitation-preview", token],
    queryFn: () => callEndpoint(e.previewInvitation, { body: { token } }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAcceptInvitation() {
  return useMutation<ResponseOf<typeof e.acceptInvitation>, ApiError, BodyOf<typeof e.acceptInvitation>>({
    mutationFn: (body) => callEndpoint(e.acceptInvitation, { body }),
  });
}
