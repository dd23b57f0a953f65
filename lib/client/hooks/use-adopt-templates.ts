"use client";
// POST /api/v3/content-types {action: "adopt"}: Imports starter template nodes (with their ancestors and subtrees) (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionFields, type TContentTypeActionResult } from "./use-content-types";

export type TAdoptTemplatesInput = TContentTypeActionFields<"adopt">;

export function useAdoptTemplates() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TAdoptTemplatesInput>({
    mutationFn: (input) => postContentTypeAction({ action: "adopt", ...input }),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
