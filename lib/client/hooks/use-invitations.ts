"use client";
// Invitations by e-mail (company admins): pending list, invite, resend (new link) and revoke. The answer of
// invite/resend carries `invitation_link` when the server has no SMTP: the page shows it to pass on.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TInvitation, TInvitationSent } from "@/lib/contracts/users";
import { type ApiError, type BodyOf, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type { TInvitation, TInvitationSent } from "@/lib/contracts/users";

export function useInvitations(query: QueryOf<typeof endpoints.users.listInvitations>) {
  return useQuery<TPaginated<TInvitation>, ApiError>({
    queryKey: queryKeys.invitations.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.users.listInvitations, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation<TInvitationSent, ApiError, BodyOf<typeof endpoints.users.invite>>({
    mutationFn: (body) => callEndpoint(endpoints.users.invite, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  });
}

export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation<TInvitationSent, ApiError, number>({
    mutationFn: (id) => callEndpoint(endpoints.users.resendInvitation, { params: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  });
}

export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (id) => callEndpoint(endpoints.users.revokeInvitation, { params: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  });
}
