"use client";
// POST /api/v3/content-types {action: "undefine_attribute"}: Removes an attribute and its values (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TContentTypeAction } from "@/lib/contracts/content-types";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionResult } from "./use-content-types";

export type TUndefineAttributeInput = { content_type_path: string; name: string };

export function useUndefineAttribute() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TUndefineAttributeInput>({
    mutationFn: (input) => postContentTypeAction({ action: "undefine_attribute", ...input } as TContentTypeAction),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
