"use client";
// POST /api/v3/content-types {action: "undefine_content_type"}: Deletes a node with its whole subtree, values and classifications (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TContentTypeAction } from "@/lib/contracts/content-types";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionResult } from "./use-content-types";

export type TUndefineContentTypeInput = { path: string };

export function useUndefineContentType() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TUndefineContentTypeInput>({
    mutationFn: (input) => postContentTypeAction({ action: "undefine_content_type", ...input } as TContentTypeAction),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
