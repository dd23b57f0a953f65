"use client";
// Files: the filtered list (GET /api/v3/files), one file (GET /api/v3/files/{id}) and its Markdown pages.
// Lists and details poll every few seconds while a file is still being ingested, so status badges move
// on their own and polling stops once every file shown has reached a final status.
import { useQuery } from "@tanstack/react-query";
import type { TFile } from "@/lib/contracts/files";
import { type ApiError, callEndpoint, type QueryOf, type ResponseOf } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type TFilePages = ResponseOf<typeof endpoints.files.pages>;
export type TFilePage = TFilePages["pages"][number];

/** Statuses after which ingestion does not move on by itself. */
export const FINAL_FILE_STATUSES: ReadonlySet<TFile["status"]> = new Set(["embedded", "embedding_failed", "fail", "parsing_failed"]);
export const FAILED_FILE_STATUSES: ReadonlySet<TFile["status"]> = new Set(["embedding_failed", "fail", "parsing_failed"]);

export const isFinalStatus = (status: TFile["status"]) => FINAL_FILE_STATUSES.has(status);

const POLL_MS = 2_000;

export function useFiles(query: QueryOf<typeof endpoints.files.list>) {
  return useQuery<TPaginated<TFile>, ApiError>({
    queryKey: queryKeys.files.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.files.list, { query, signal }),
    placeholderData: (previous) => previous,
    refetchInterval: (q) => (q.state.data?.results.some((f) => !isFinalStatus(f.status)) ? POLL_MS : false),
  });
}

export function useFile(id: number) {
  return useQuery<TFile, ApiError>({
    queryKey: queryKeys.files.detail(id),
    queryFn: ({ signal }) => callEndpoint(endpoints.files.get, { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data && !isFinalStatus(q.state.data.status) ? POLL_MS : false),
  });
}

/** The parsed Markdown, page by page; fetched once the file has been parsed. */
export function useFilePages(id: number, enabled: boolean) {
  return useQuery<TFilePages, ApiError>({
    queryKey: queryKeys.files.pages(id),
    queryFn: ({ signal }) => callEndpoint(endpoints.files.pages, { params: { id }, signal }),
    enabled,
  });
}
