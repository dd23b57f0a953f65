"use client";
// The company's content-type trees (GET /api/v3/content-types) and the starter template catalog
// (GET /api/v3/content-types/templates), plus the POST helper the schema mutations share.
import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { TContentTypeActionResult, TContentTypeNode, TTemplateCatalog } from "@/lib/contracts/content-types";
import { type ApiError, type BodyOf, callEndpoint, type QueryOf, type ResponseOf } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type {
  TContentTypeActionResult,
  TContentTypeAttribute,
  TContentTypeNode,
  TTemplateCatalog,
  TTemplateNode,
} from "@/lib/contracts/content-types";

/** `{count, results}`: the number of roots and the root nodes with their subtrees. */
export type TContentTypeTrees = ResponseOf<typeof endpoints.contentTypes.list>;
/** One action of POST /api/v3/content-types as sent. */
export type TContentTypeActionInput = BodyOf<typeof endpoints.contentTypes.act>;
/** The fields of one action, without its `action` discriminator. */
export type TContentTypeActionFields<A extends TContentTypeActionInput["action"]> = Omit<Extract<TContentTypeActionInput, { action: A }>, "action">;

export function useContentTypes() {
  return useQuery<TContentTypeTrees, ApiError>({
    queryKey: queryKeys.contentTypes.list(),
    queryFn: ({ signal }) => callEndpoint(endpoints.contentTypes.list, { signal }),
  });
}

export function useContentTypeTemplates(query: QueryOf<typeof endpoints.contentTypes.templates> = {}) {
  return useQuery<TTemplateCatalog, ApiError>({
    queryKey: queryKeys.contentTypes.templates(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.contentTypes.templates, { query, signal }),
    staleTime: Infinity, // the catalog is part of the release
  });
}

/** POST /api/v3/content-types with one action. */
export function postContentTypeAction(action: TContentTypeActionInput): Promise<TContentTypeActionResult> {
  return callEndpoint(endpoints.contentTypes.act, { body: action });
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
