"use client";
// The caller's stored /ask conversations (GET /api/v3/conversations) and one with its answered questions
// (GET /api/v3/conversations/{id}); renaming and deleting refresh both.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TConversation, TConversationDetail } from "@/lib/contracts/conversations";
import { type ApiError, callEndpoint, type QueryOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export function useConversations(query: QueryOf<typeof endpoints.conversations.list> = {}) {
  return useQuery<TPaginated<TConversation>, ApiError>({
    queryKey: queryKeys.conversations.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.conversations.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Always read afresh when a page opens it: answers may have been added since it was last read. */
export function useConversation(id: number | null) {
  return useQuery<TConversationDetail, ApiError>({
    queryKey: queryKeys.conversations.detail(id ?? 0),
    queryFn: ({ signal }) => callEndpoint(endpoints.conversations.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 0,
    retry: (count, error) => error.status !== 404 && count < 2,
  });
}

export function useRenameConversation() {
  const qc = useQueryClient();
  return useMutation<TConversation, ApiError, { id: number; title: string }>({
    mutationFn: ({ id, title }) => callEndpoint(endpoints.conversations.update, { params: { id }, body: { title } }),
    onSuccess: (_conversation, { id }) => {
      void qc.invalidateQueries({ queryKey: queryKeys.conversations.detail(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
    },
  });
}

export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (id) => callEndpoint(endpoints.conversations.delete, { params: { id } }),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: queryKeys.conversations.detail(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
    },
  });
}
