// GET /api/v3/files: the files of the workspaces the caller may read, filtered, ordered and paginated —
// or, with `search`, the best-matching files ordered by retrieval score. One WHERE (SQL over the files
// alias `f`) serves the count, the page and the search's file filter, so every path applies exactly the
// same scope and filters. Input never enters the SQL text: values are bound parameters (Prisma.sql),
// column names and directions come from the fixed tables below.
import type { Principal } from "@/lib/auth/principal";
import type { FILE_ORDER_FIELDS, TFileListQuery } from "@/lib/contracts/files-list";
import type { TFile } from "@/lib/contracts/files";
import { db } from "@/lib/db/client";
import { Prisma, type File } from "@/lib/db/generated/client";
import { compileFacetFilters } from "@/lib/facets/compile-filters";
import { pageWindow, paginated, type Paginated } from "@/lib/http/paginate";
import { fileLevelSearch } from "@/lib/search/hybrid-search";
import { readableWorkspaceIds } from "@/lib/workspaces/access";
import { serializeFiles } from "./serialize-file";

/** `column IN (…)`; an empty list matches nothing (`IN ()` is not SQL). */
function inList(column: Prisma.Sql, values: readonly (number | string)[]): Prisma.Sql {
  return values.length ? Prisma.sql`${column} IN (${Prisma.join(values)})` : Prisma.sql`FALSE`;
}

/** Case-insensitive "contains" without LIKE, so `%`, `_` and `\` in the needle are plain characters. */
function containsCi(column: Prisma.Sql, needle: string): Prisma.Sql {
  return Prisma.sql`strpos(lower(${column}), lower(${needle})) > 0`;
}

const HAS_EXTERNAL_METADATA = Prisma.sql`jsonb_typeof(f.external_metadata) = 'object'`;

/** The scope (company + readable workspaces) and every filter of the query, ANDed, over alias `f`. */
/** Also the file filter of /search and /ask (lib/search/search-scope.ts), which pass only the filters they have. */
export function fileListWhere(companyId: number, readableWorkspaces: readonly number[], q: Partial<TFileListQuery>): Prisma.Sql {
  const c: Prisma.Sql[] = [Prisma.sql`f.company_id = ${companyId}`, inList(Prisma.sql`f.workspace_id`, readableWorkspaces)];

  if (q.workspace_id?.length) c.push(inList(Prisma.sql`f.workspace_id`, q.workspace_id));
  if (q.owner_id?.length) c.push(inList(Prisma.sql`f.created_by_id`, q.owner_id));
  // Reserved: the product has no user groups yet, so no file belongs to any group.
  if (q.group_id?.length) c.push(Prisma.sql`FALSE`);
  if (q.tag_id?.length) {
    c.push(Prisma.sql`EXISTS (SELECT 1 FROM file_tags ft WHERE ft.file_id = f.id AND ft.tag_id IN (${Prisma.join(q.tag_id)}))`);
  }
  if (q.extension?.length) c.push(inList(Prisma.sql`lower(f.extension)`, q.extension));
  if (q.status?.length) c.push(inList(Prisma.sql`f.status`, q.status));
  if (q.status_vision?.length) c.push(inList(Prisma.sql`f.status_vision`, q.status_vision));

  if (q.created_at_after) c.push(Prisma.sql`f.created_at >= ${q.created_at_after}`);
  if (q.created_at_before) c.push(Prisma.sql`f.created_at <= ${q.created_at_before}`);
  if (q.updated_at_after) c.push(Prisma.sql`f.updated_at >= ${q.updated_at_after}`);
  if (q.updated_at_before) c.push(Prisma.sql`f.updated_at <= ${q.updated_at_before}`);

  if (q.total_pages_min !== undefined) c.push(Prisma.sql`f.total_pages >= ${q.total_pages_min}`);
  if (q.total_pages_max !== undefined) c.push(Prisma.sql`f.total_pages <= ${q.total_pages_max}`);
  if (q.upload_session_uuid) c.push(Prisma.sql`f.upload_session_id = ${q.upload_session_uuid}::uuid`);

  if (q.filename) c.push(containsCi(Prisma.sql`f.filename`, q.filename));
  if (q.title) c.push(containsCi(Prisma.sql`f.title`, q.title));
  // external_id / external_doc_type are the copies of the JSON that upload and update keep in step
  // (lib/files/upload-file.ts, manage-files.ts); the id lookup uses the (company_id, external_id) index.
  if (q.external_metadata__doc_type || q.external_metadata__external_id) c.push(HAS_EXTERNAL_METADATA);
  if (q.external_metadata__doc_type) c.push(containsCi(Prisma.sql`f.external_doc_type`, q.external_metadata__doc_type));
  if (q.external_metadata__external_id) c.push(Prisma.sql`f.external_id = ${q.external_metadata__external_id}`);

  const facets = compileFacetFilters({ attributes: q.attribute ?? [], contentTypes: q.content_type ?? [] }, { companyId });
  if (facets) c.push(facets);

  return Prisma.join(c, " AND ");
}

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

/** Rows of `ids` in that order. */
async function filesInOrder(ids: number[]): Promise<File[]> {
  if (!ids.length) return [];
  const rows = await db().file.findMany({ where: { id: { in: ids } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((f): f is File => f !== undefined);
}

export async function listFiles(p: Principal, q: TFileListQuery, req: Request): Promise<Paginated<TFile>> {
  const readable = await readableWorkspaceIds(p);
  if (!readable.length) return paginated(req, q, 0, []);
  const where = fileListWhere(p.companyId, readable, q);
  const { skip, take } = pageWindow(q);

  if (q.search) return searchFiles(p, readable, where, q, req);

  const [counted, page] = await Promise.all([
    db().$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM files f WHERE ${where}`,
    db().$queryRaw<{ id: number }[]>`SELECT f.id FROM files f WHERE ${where} ${orderBy(q.ordering)} LIMIT ${take} OFFSET ${skip}`,
  ]);
  const files = await filesInOrder(page.map((r) => r.id));
  return paginated(req, q, Number(counted[0]?.count ?? 0), await serializeFiles(files, { detail: q.detail }));
}

/** `search`: the top `max_documents` files by combined retrieval score within the same scope and filters. */
async function searchFiles(
  p: Principal,
  readable: number[],
  where: Prisma.Sql,
  q: TFileListQuery,
  req: Request,
): Promise<Paginated<TFile>> {
  const hits = (
    await fileLevelSearch({ companyId: p.companyId, workspaceIds: readable, fileFilter: where }, q.search!, {
      topK: q.max_documents,
      mode: "hybrid",
      chunksPerFile: q.max_chunks_per_document,
    })
  ).slice(0, q.max_documents);
  const { skip, take } = pageWindow(q);
  const pageHits = hits.slice(skip, skip + take);
  const files = await filesInOrder(pageHits.map((h) => h.fileId));
  const items = await serializeFiles(files, { detail: q.detail });
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
  return paginated(req, q, hits.length, items);
}
