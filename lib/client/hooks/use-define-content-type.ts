"use client";
// POST /api/v3/content-types {action: "define_content_type"}: creates or updates the node parent_path:code (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionFields, type TContentTypeActionResult } from "./use-content-types";

export type TDefineContentTypeInput = TContentTypeActionFields<"define_content_type">;

export function useDefineContentType() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TDefineContentTypeInput>({
    mutationFn: (input) => postContentTypeAction({ action: "define_content_type", ...input }),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
