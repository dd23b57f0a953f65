"use client";
// POST /api/v3/files/{id}/facets {action: "set_attributes"}: sets attribute values of an assigned node (null clears) (workspace editors).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api-client";
import { facetsChanged, postFacetAction, type TFacetActionFields, type TFileFacets } from "./use-file-facets";

export type TSetFileAttributesInput = TFacetActionFields<"set_attributes">;

export function useSetFileAttributes(fileId: number) {
  const qc = useQueryClient();
  return useMutation<TFileFacets, ApiError, TSetFileAttributesInput>({
    mutationFn: (input) => postFacetAction(fileId, { action: "set_attributes", ...input }),
    onSuccess: (facets) => facetsChanged(qc, fileId, facets),
  });
}
