"use client";
// POST /api/v3/content-types {action: "define_content_type"}: creates or updates the node parent_path:code (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TContentTypeAction } from "@/lib/contracts/content-types";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionResult } from "./use-content-types";

export type TDefineContentTypeInput = { code: string; label: string; parent_path?: string | null; description?: string; inherit_attributes?: boolean };

export function useDefineContentType() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TDefineContentTypeInput>({
    mutationFn: (input) => postContentTypeAction({ action: "define_content_type", ...input } as TContentTypeAction),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
