"use client";
// POST /api/v3/api-keys. The answer carries the secret (`key`) once; it is never cached in a query, only
// returned to the caller, so it is gone after a reload.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TApiKeyCreated } from "@/lib/contracts/api-keys";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation<TApiKeyCreated, ApiError, BodyOf<typeof endpoints.apiKeys.create>>({
    mutationFn: (body) => callEndpoint(endpoints.apiKeys.create, { body }),
    onSuccess: (key) => {
      void qc.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
      // Workspace-scoped keys are listed on their workspace.
      if (key.workspace_id) void qc.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
