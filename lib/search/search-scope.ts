// The retrieval scope of /search and /ask, from the principal and the request (and an agent's saved
// scope): the readable workspaces, narrowed by the ids asked for, plus a file filter over alias `f`
// built by the files list's own filter builder (one definition of what each filter means).
//
// Narrowing never widens and never discloses: ids the caller cannot read (other companies', hidden
// workspaces, unknown ids) simply match nothing, exactly like ids that do not exist.
import type { Principal } from "@/lib/auth/principal";
import type { TSearchFilters } from "@/lib/contracts/search";
import { Prisma } from "@/lib/db/generated/client";
import { fileListWhere } from "@/lib/facets/file-filter-sql";
import { readableDocumentScope } from "@/lib/workspaces/access";
import type { ChunkSearchScope } from "./types";

/** One layer of narrowing; empty or absent lists do not narrow. Several layers are ANDed. */
export interface ScopeNarrowing {
  workspaceIds?: readonly number[];
  tagIds?: readonly number[];
  fileIds?: readonly number[];
  filters?: TSearchFilters;
}

const given = (ids: readonly number[] | undefined): ids is readonly number[] => !!ids && ids.length > 0;

export async function resolveSearchScope(p: Principal, layers: readonly ScopeNarrowing[]): Promise<ChunkSearchScope> {
  // The caller's readable workspaces, public datasets it is granted included (lib/workspaces/access.ts).
  const readable = await readableDocumentScope(p);
  let workspaces = readable.workspaceIds;
  for (const layer of layers) {
    if (given(layer.workspaceIds)) {
      const wanted = new Set(layer.workspaceIds);
      workspaces = workspaces.filter((w) => wanted.has(w));
    }
  }
  // Lexical statistics span the companies holding the workspaces left (a public dataset's, the caller's, or both).
  const companyIds = [...new Set(workspaces.map((w) => readable.companyOf.get(w) ?? p.companyId))];
  const conditions: Prisma.Sql[] = [];
  for (const layer of layers) {
    const f = layer.filters;
    const hasFileFilter =
      given(layer.tagIds) ||
      !!f?.extension?.length ||
      !!f?.attribute?.length ||
      !!f?.content_type?.length ||
      !!f?.created_at_after ||
      !!f?.created_at_before;
    if (hasFileFilter) {
      conditions.push(
        fileListWhere(
          p.companyId,
          workspaces,
          {
            tag_id: given(layer.tagIds) ? [...layer.tagIds] : undefined,
            extension: f?.extension,
            attribute: f?.attribute,
            content_type: f?.content_type,
            created_at_after: f?.created_at_after,
            created_at_before: f?.created_at_before,
          },
          companyIds,
        ),
      );
    }
    if (given(layer.fileIds)) conditions.push(Prisma.sql`f.id IN (${Prisma.join([...layer.fileIds])})`);
  }
  return {
    companyId: p.companyId,
    ...(companyIds.length && (companyIds.length > 1 || companyIds[0] !== p.companyId) ? { companyIds } : {}),
    workspaceIds: workspaces,
    // Absent when nothing narrows by file: the search then needs no per-chunk EXISTS on files.
    fileFilter: conditions.length ? Prisma.join(conditions, " AND ") : undefined,
  };
}
