// GET /api/v3/files: the files of the workspaces the caller may read, filtered, ordered and paginated —
// or, with `search`, the best-matching files ordered by retrieval score. One WHERE (./file-filter-sql.ts,
// SQL over the files alias `f`) serves the count, the page and the search's file filter, so every path applies exactly the
// same scope and filters. Input never enters the SQL text: values are bound parameters (Prisma.sql),
// column names and directions come from the fixed tables below.
import type { Principal } from "@/lib/auth/principal";
import type { TFile } from "@/lib/contracts/files";
import type { FILE_ORDER_FIELDS, TFileListQuery } from "@/lib/contracts/files-list";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { fileListWhere } from "@/lib/facets/file-filter-sql";
import { type Page, pageWindow } from "@/lib/pagination";
import { fileLevelSearch } from "@/lib/search/hybrid-search";
import { type DocumentScope, readableDocumentScope } from "@/lib/workspaces/access";
import { loadSerializedFiles } from "./serialize-file";

const ORDER_COLUMNS: Record<(typeof FILE_ORDER_FIELDS)[number], Prisma.Sql> = {
  created_at: Prisma.sql`f.created_at`,
  filename: Prisma.sql`lower(f.filename)`,
  title: Prisma.sql`lower(f.title)`,
  total_pages: Prisma.sql`f.total_pages`,
  size: Prisma.sql`f.size`,
};

/** `ORDER BY <field> <dir>, f.id <dir>`: text fields case-insensitively, ties broken by id (stable pages). */
function orderBy(ordering: TFileListQuery["ordering"]): Prisma.Sql {
  const desc = ordering.startsWith("-");
  const column = ORDER_COLUMNS[(desc ? ordering.slice(1) : ordering) as keyof typeof ORDER_COLUMNS];
  const dir = Prisma.raw(desc ? "DESC" : "ASC");
  return Prisma.sql`ORDER BY ${column} ${dir}, f.id ${dir}`;
}

export async function listFiles(p: Principal, q: TFileListQuery): Promise<Page<TFile>> {
  // Own workspaces and the public datasets the caller is granted, in one list (lib/workspaces/access.ts).
  const readable = await readableDocumentScope(p);
  if (!readable.workspaceIds.length) return { count: 0, results: [] };
  const where = fileListWhere(p.companyId, readable.workspaceIds, q, readable.companyIds);
  const { skip, take } = pageWindow(q);

  if (q.search) return searchFiles(p, readable, where, q);

  // The page's ids and the total in one statement; a page past the end has no row to carry the total.
  const page = await db().$queryRaw<{ id: number; total: number }[]>`
    SELECT f.id, count(*) OVER ()::int AS total FROM files f WHERE ${where} ${orderBy(q.ordering)} LIMIT ${take} OFFSET ${skip}`;
  const count = page.length
    ? Number(page[0].total)
    : Number((await db().$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM files f WHERE ${where}`)[0]?.count ?? 0);
  return {
    count,
    results: await loadSerializedFiles(
      page.map((r) => r.id),
      { detail: q.detail },
    ),
  };
}

/** `search`: the top `max_documents` files by combined retrieval score within the same scope and filters. */
async function searchFiles(p: Principal, readable: DocumentScope, where: Prisma.Sql, q: TFileListQuery): Promise<Page<TFile>> {
  const scope = { companyId: p.companyId, companyIds: readable.companyIds, workspaceIds: readable.workspaceIds, fileFilter: where };
  const hits = (
    await fileLevelSearch(scope, q.search!, {
      topK: q.max_documents,
      mode: "hybrid",
      chunksPerFile: q.max_chunks_per_document,
      // A filter, not a ranking: only files that hold the query's words or a passage close in meaning.
      matchingOnly: true,
    })
  ).slice(0, q.max_documents);
  const { skip, take } = pageWindow(q);
  const pageHits = hits.slice(skip, skip + take);
  const items = await loadSerializedFiles(
    pageHits.map((h) => h.fileId),
    { detail: q.detail },
  );
  if (q.search_details) {
    const byFile = new Map(pageHits.map((h) => [h.fileId, h]));
    for (const item of items) {
      const hit = byFile.get(item.id)!;
      item.score = hit.score;
      item.chunks = hit.chunks.slice(0, q.max_chunks_per_document).map((c) => ({
        content: c.content,
        page: c.page,
        heading: c.heading,
        scores: { relevance: null, lexical: c.scores.lexical, semantic: c.scores.semantic },
      }));
    }
  }
  return { count: hits.length, results: items };
}
