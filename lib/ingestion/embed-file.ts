// The chunk + embed step: the parsed pages are chunked along their structure, embedded in batches by the
// configured provider, and the file's chunks replaced in one transaction (text, tsvector, vector). An error
// of the embedding provider marks the file embedding_failed with its reason and is rethrown, so the job
// retries it (a later success moves the file on; after the last attempt the status stays).

import { embeddingProvider, embedTexts } from "@/lib/ai/embeddings";
import { db } from "@/lib/db/client";
import { ensureVectorIndex } from "@/lib/db/vector";
import { chunkDocument } from "@/lib/documents/chunk";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { insertChunks } from "@/lib/search/index-chunks";
import {
  cleanUpIfDeleted,
  currentFile,
  type FileRef,
  isStale,
  lockCurrentFile,
  markFailed,
  type StaleOutcome,
  setStatus,
  watchFile,
} from "./file-state";

/** Texts embedded per call between two checks that the file still exists. */
const EMBED_GROUP = 256;

export class EmbeddingProviderError extends Error {
  constructor(cause: unknown) {
    const detail = cause instanceof AppError ? cause.detail : cause instanceof Error ? cause.message : String(cause);
    super(`Embedding failed: ${detail}`, { cause });
    this.name = "EmbeddingProviderError";
  }
}

/** What the embedding model sees: the heading path gives a chunk the context its text may lack. */
export function embeddingInput(chunk: { headingPath: string; content: string }): string {
  return chunk.headingPath ? `${chunk.headingPath}\n\n${chunk.content}` : chunk.content;
}

export async function embedStep(ref: FileRef, textSearchConfig: string): Promise<{ outcome: "ok"; chunks: number } | StaleOutcome> {
  const file = await currentFile(ref);
  if (isStale(file)) return cleanUpIfDeleted(file, ref.fileId);
  await setStatus(ref, "embedding");
  const pages = await db().filePage.findMany({ where: { fileId: ref.fileId }, orderBy: { page: "asc" } });
  const chunks = chunkDocument(pages, { targetTokens: env().CHUNK_TARGET_TOKENS, overlapTokens: env().CHUNK_OVERLAP_TOKENS });

  const watch = watchFile(ref);
  const vectors: number[][] = [];
  let modelId: string;
  try {
    const provider = embeddingProvider();
    modelId = provider.id;
    if (chunks.length) await ensureVectorIndex(provider);
    for (let i = 0; i < chunks.length; i += EMBED_GROUP) {
      if (watch.signal.aborted) break;
      const batch = chunks.slice(i, i + EMBED_GROUP).map(embeddingInput);
      const out = await embedTexts(batch, "document", provider);
      if (out.length !== batch.length) throw new Error(`the provider returned ${out.length} vectors for ${batch.length} texts`);
      vectors.push(...out);
    }
  } catch (err) {
    if (!watch.stale()) {
      const failure = new EmbeddingProviderError(err);
      await markFailed(ref, "embedding_failed", failure.message);
      throw failure;
    }
  } finally {
    watch.stop();
  }
  const stale = watch.stale();
  if (stale) return cleanUpIfDeleted(stale, ref.fileId);

  const written = await db().$transaction(
    async (tx) => {
      const locked = await lockCurrentFile(tx, ref);
      if (isStale(locked)) return locked;
      await tx.chunk.deleteMany({ where: { fileId: ref.fileId } });
      await insertChunks(
        tx,
        { id: locked.id, companyId: locked.companyId, workspaceId: locked.workspaceId },
        chunks.map((c) => ({ ...c, language: textSearchConfig })),
        vectors,
        modelId!,
      );
      return undefined;
    },
    { timeout: 300_000, maxWait: 60_000 },
  );
  if (written) return cleanUpIfDeleted(written, ref.fileId);
  return { outcome: "ok", chunks: chunks.length };
}
