// Chunk retrieval contract shared by /search, /ask, the files list (`search=`) and extract.
import type { Prisma } from "@/lib/db/generated/client";
import type { FeedbackOptions } from "./bm25-feedback";

export type SearchMode = "hybrid" | "semantic" | "lexical";

export interface ChunkSearchScope {
  companyId: number;
  /**
   * Every company holding `workspaceIds` when that is more than the caller's (public datasets): lexical
   * statistics span these companies, so one ranking covers them all. Default: `[companyId]`.
   */
  companyIds?: readonly number[];
  /** Workspaces the caller may read (already resolved from the principal); never empty-means-all. */
  workspaceIds: number[];
  /**
   * Extra condition on the chunk's file, as SQL over the alias `f` (the files table), e.g.
   * Prisma.sql`f.extension IN ('pdf')`. ANDed with the scope. Built by the caller from its filters.
   */
  fileFilter?: Prisma.Sql;
}

export interface ChunkHit {
  chunkId: string;
  fileId: number;
  page: number;
  heading: string;
  content: string;
  /** Fused score used for ordering (higher is better). */
  score: number;
  scores: { lexical: number | null; semantic: number | null; rerank: number | null };
}

export interface ChunkSearchOptions {
  mode?: SearchMode;
  topK: number;
  /** Candidates taken from each retriever before fusion (default 4 × topK, at least 50). */
  candidates?: number;
  /** Expand the lexical query with pseudo-relevance feedback (bm25-feedback.ts; options or its defaults). Default: SEARCH_FEEDBACK. */
  expand?: boolean | FeedbackOptions;
}
