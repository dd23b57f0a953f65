"use client";
// POST /api/v3/files/{id}/facets {action: "classify"}: classifies the file under a content-type node (workspace editors).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api-client";
import { facetsChanged, postFacetAction, type TFacetActionFields, type TFileFacets } from "./use-file-facets";

export type TClassifyFileInput = TFacetActionFields<"classify">;

export function useClassifyFile(fileId: number) {
  const qc = useQueryClient();
  return useMutation<TFileFacets, ApiError, TClassifyFileInput>({
    mutationFn: (input) => postFacetAction(fileId, { action: "classify", ...input }),
    onSuccess: (facets) => facetsChanged(qc, fileId, facets),
  });
}
