// The files list's filters as one SQL condition over the files alias `f`: what each filter of GET /files
// means, shared by the list (lib/files/list-files.ts) and the file filter of /search and /ask
// (lib/search/search-scope.ts). Input never enters the SQL text: values are bound parameters (Prisma.sql).
import type { TFileListQuery } from "@/lib/contracts/files-list";
import { Prisma } from "@/lib/db/generated/client";
import { compileFacetFilters } from "@/lib/facets/compile-filters";

/** `column IN (…)`; an empty list matches nothing (`IN ()` is not SQL). */
function inList(column: Prisma.Sql, values: readonly (number | string)[]): Prisma.Sql {
  return values.length ? Prisma.sql`${column} IN (${Prisma.join(values)})` : Prisma.sql`FALSE`;
}

/** Case-insensitive "contains" without LIKE, so `%`, `_` and `\` in the needle are plain characters. */
function containsCi(column: Prisma.Sql, needle: string): Prisma.Sql {
  return Prisma.sql`strpos(lower(${column}), lower(${needle})) > 0`;
}

const HAS_EXTERNAL_METADATA = Prisma.sql`jsonb_typeof(f.external_metadata) = 'object'`;

/**
 * The scope (companies + readable workspaces) and every filter of the query, ANDed, over alias `f`. Also the
 * file filter of /search and /ask (lib/search/search-scope.ts), which pass only the filters they have.
 * `companyIds` (default: the caller's company) adds the companies holding public datasets the caller reads;
 * facet filters name the caller's company's attributes and content types.
 */
export function fileListWhere(
  companyId: number,
  readableWorkspaces: readonly number[],
  q: Partial<TFileListQuery>,
  companyIds: readonly number[] = [companyId],
): Prisma.Sql {
  const c: Prisma.Sql[] = [inList(Prisma.sql`f.company_id`, companyIds), inList(Prisma.sql`f.workspace_id`, readableWorkspaces)];

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
