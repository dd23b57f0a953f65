"use client";
// POST /api/v3/files/{id}/facets/suggest: a content type's attribute values read from the document, offered
// to accept or edit (nothing is saved; metered as extraction).
import { useMutation } from "@tanstack/react-query";
import type { TAttributeSuggestions } from "@/lib/contracts/facets";
import { type ApiError, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";

export type { TAttributeSuggestions } from "@/lib/contracts/facets";

export function useSuggestAttributes(fileId: number) {
  return useMutation<TAttributeSuggestions, ApiError, { content_type_path: string }>({
    mutationFn: (body) => callEndpoint(endpoints.facets.suggest, { params: { id: fileId }, body }),
  });
}
