"use client";
// POST /api/v3/content-types {action: "undefine_attribute"}: Removes an attribute and its values (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionFields, type TContentTypeActionResult } from "./use-content-types";

export type TUndefineAttributeInput = TContentTypeActionFields<"undefine_attribute">;

export function useUndefineAttribute() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TUndefineAttributeInput>({
    mutationFn: (input) => postContentTypeAction({ action: "undefine_attribute", ...input }),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
