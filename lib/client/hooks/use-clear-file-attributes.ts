"use client";
// POST /api/v3/files/{id}/facets {action: "clear_attributes"}: removes values, also unlinked ones (workspace editors).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api-client";
import { facetsChanged, postFacetAction, type TFacetActionFields, type TFileFacets } from "./use-file-facets";

export type TClearFileAttributesInput = TFacetActionFields<"clear_attributes">;

export function useClearFileAttributes(fileId: number) {
  const qc = useQueryClient();
  return useMutation<TFileFacets, ApiError, TClearFileAttributesInput>({
    mutationFn: (input) => postFacetAction(fileId, { action: "clear_attributes", ...input }),
    onSuccess: (facets) => facetsChanged(qc, fileId, facets),
  });
}
