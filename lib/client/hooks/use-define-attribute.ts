"use client";
// POST /api/v3/content-types {action: "define_attribute"}: Adds or updates an attribute of a node (company admins).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api-client";
import { invalidateContentTypes, postContentTypeAction, type TContentTypeActionFields, type TContentTypeActionResult } from "./use-content-types";

export type TDefineAttributeInput = TContentTypeActionFields<"define_attribute">;

export function useDefineAttribute() {
  const qc = useQueryClient();
  return useMutation<TContentTypeActionResult, ApiError, TDefineAttributeInput>({
    mutationFn: (input) => postContentTypeAction({ action: "define_attribute", ...input }),
    onSuccess: () => invalidateContentTypes(qc),
  });
}
