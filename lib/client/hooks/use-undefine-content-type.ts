"use client";
// POST /api/v3/content-types {action: "undefine_content_type"}: Deletes a node with its whole subtree, values and classifications (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionFields, type TContentTypeActionResult } from "./use-content-types";

export type TUndefineContentTypeInput = TContentTypeActionFields<"undefine_content_type">;

export function useUndefineContentType() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TUndefineContentTypeInput>({
    mutationFn: (input) => postContentTypeAction({ action: "undefine_content_type", ...input }),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
