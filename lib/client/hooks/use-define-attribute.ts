"use client";
// POST /api/v3/content-types {action: "define_attribute"}: Adds or updates an attribute of a node (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TContentTypeAction } from "@/lib/contracts/content-types";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionResult } from "./use-content-types";

export type TDefineAttributeInput = { content_type_path: string; name: string; attribute_type: string; label?: string; description?: string; required?: boolean; choices?: string[] };

export function useDefineAttribute() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TDefineAttributeInput>({
    mutationFn: (input) => postContentTypeAction({ action: "define_attribute", ...input } as TContentTypeAction),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
