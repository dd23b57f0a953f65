"use client";
// POST /api/v3/content-types {action: "adopt"}: Imports starter template nodes (with their ancestors and subtrees) (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TContentTypeAction } from "@/lib/contracts/content-types";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionResult } from "./use-content-types";

export type TAdoptTemplatesInput = { paths: string[] };

export function useAdoptTemplates() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TAdoptTemplatesInput>({
    mutationFn: (input) => postContentTypeAction({ action: "adopt", ...input } as TContentTypeAction),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
