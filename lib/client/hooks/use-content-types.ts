"use client";
// The company's content-type trees (GET /api/v3/content-types) and the starter template catalog
// (GET /api/v3/content-types/templates), plus the POST helper the schema mutations share.
import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TContentTypeAction, ZContentTypeActionResult, ZContentTypeAttribute, ZContentTypeNode, ZTemplateCatalog } from "@/lib/contracts/content-types";
import { apiClient, type ApiError, type Query } from "../api-client";
import { queryKeys } from "../query-keys";

export type TContentTypeNode = z.infer<typeof ZContentTypeNode>;
export type TContentTypeAttribute = z.infer<typeof ZContentTypeAttribute>;
export type TTemplateCatalog = z.infer<typeof ZTemplateCatalog>;
export type TTemplateNode = TTemplateCatalog["templates"][number];
export type TContentTypeActionResult = z.infer<typeof ZContentTypeActionResult>;

export function useContentTypes() {
  return useQuery<{ count: number; results: TContentTypeNode[] }, ApiError>({
    queryKey: queryKeys.contentTypes.list(),
    queryFn: ({ signal }) => apiClient.get("/api/v3/content-types", { signal }),
  });
}

export function useContentTypeTemplates(query: Query = {}) {
  return useQuery<TTemplateCatalog, ApiError>({
    queryKey: queryKeys.contentTypes.templates(query),
    queryFn: ({ signal }) => apiClient.get("/api/v3/content-types/templates", { query, signal }),
    staleTime: Infinity, // the catalog is part of the release
  });
}

/** POST /api/v3/content-types with one action. */
export function postContentTypeAction(action: TContentTypeAction): Promise<TContentTypeActionResult> {
  return apiClient.post<TContentTypeActionResult>("/api/v3/content-types", action);
}

/** After a schema change: the trees, and every file's facets (they list the attributes nodes carry). */
export function invalidateContentTypes(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: queryKeys.contentTypes.lists() });
  void qc.invalidateQueries({ queryKey: queryKeys.files.all });
}

/** Depth-first list of every node of the trees, for pickers. */
export function flattenNodes(nodes: TContentTypeNode[]): TContentTypeNode[] {
  return nodes.flatMap((n) => [n, ...flattenNodes(n.children)]);
}
