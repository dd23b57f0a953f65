"use client";
// POST /api/v3/api-keys. The answer carries the secret (`key`) once; it is never cached in a query, only
// returned to the caller, so it is gone after a reload.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZApiKeyCreate } from "@/lib/contracts/api-keys";
import { apiClient, type ApiError } from "../api-client";
import { queryKeys } from "../query-keys";
import type { TApiKeyCreated } from "./use-api-keys";

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation<TApiKeyCreated, ApiError, z.input<typeof ZApiKeyCreate>>({
    mutationFn: (body) => apiClient.post<TApiKeyCreated>("/api/v3/api-keys", body),
    onSuccess: (key) => {
      void qc.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
      // Workspace-scoped keys are listed on their workspace.
      if (key.workspace_id) void qc.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    },
  });
}
