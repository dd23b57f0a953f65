// POST /api/v3/search: resolve the caller's scope, retrieve (and optionally rerank), meter one search.
import type { Principal } from "@/lib/auth/principal";
import { recordUsage, usageFrom } from "@/lib/billing/record-usage";
import type { TSearchRequest, TSearchResponse } from "@/lib/contracts/search";
import { retrieveChunks } from "./search-retrieve";
import { resolveSearchScope } from "./search-scope";

export async function searchDocuments(p: Principal, body: TSearchRequest): Promise<TSearchResponse> {
  const scope = await resolveSearchScope(p, [
    { workspaceIds: body.workspace_ids, tagIds: body.tag_ids, fileIds: body.file_ids, filters: body.filters },
  ]);
  const hits = await retrieveChunks(scope, body.query, { topK: body.top_k, mode: body.search_mode, rerank: body.rerank });
  // Metered once the search has succeeded (a backend failure is not billed); read-only, so no
  // transaction to share.
  await recordUsage({
    feature: "search",
    quantity: 1,
    ...usageFrom(p),
    metadata: { mode: body.search_mode, rerank: body.rerank, results: hits.length },
  });
  return {
    query: body.query,
    results: hits.map((h) => ({
      chunk_id: h.chunkId,
      file_id: h.fileId,
      filename: h.filename,
      title: h.title,
      workspace_id: h.workspaceId,
      page: h.page,
      heading: h.heading,
      content: h.content,
      score: h.score,
      scores: h.scores,
    })),
  };
}
