"use client";
// POST /api/v3/files/{id}/facets {action: "unclassify"}: removes a classification (and values no other classification carries) (workspace editors).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api-client";
import { facetsChanged, postFacetAction, type TFacetActionFields, type TFileFacets } from "./use-file-facets";

export type TUnclassifyFileInput = TFacetActionFields<"unclassify">;

export function useUnclassifyFile(fileId: number) {
  const qc = useQueryClient();
  return useMutation<TFileFacets, ApiError, TUnclassifyFileInput>({
    mutationFn: (input) => postFacetAction(fileId, { action: "unclassify", ...input }),
    onSuccess: (facets) => facetsChanged(qc, fileId, facets),
  });
}
