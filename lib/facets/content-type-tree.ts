// A company's content-type trees in memory: nodes, attributes and which attributes each node carries
// (the links table, recomputed by relinkTree whenever a tree's schema changes), and their serializers.
import type { z } from "zod";
import type { ZContentTypeAttribute, ZContentTypeNode } from "@/lib/contracts/content-types";
import { db } from "@/lib/db/client";
import { type ContentType, type ContentTypeAttribute, Prisma } from "@/lib/db/generated/client";
import type { AttributeType } from "./attribute-types";

export type Client = Prisma.TransactionClient;
type TAttribute = z.output<typeof ZContentTypeAttribute>;
type TNode = z.output<typeof ZContentTypeNode>;

export const parentPathOf = (path: string): string | null => (path.includes(":") ? path.slice(0, path.lastIndexOf(":")) : null);

/** Paths from the root down to `path`: `a:b:c` → [`a`, `a:b`, `a:b:c`]. */
export function ancestorPaths(path: string): string[] {
  const codes = path.split(":");
  return codes.map((_, i) => codes.slice(0, i + 1).join(":"));
}

/**
 * Attributes carried by each node: its own, plus its parent's carried ones when it inherits.
 * `nodes` must hold whole trees.
 */
export function carriedAttributes(nodes: readonly ContentType[], attributes: readonly ContentTypeAttribute[]) {
  const own = new Map<number, ContentTypeAttribute[]>();
  for (const a of attributes) (own.get(a.contentTypeId) ?? own.set(a.contentTypeId, []).get(a.contentTypeId)!).push(a);
  const carried = new Map<number, { attribute: ContentTypeAttribute; inherited: boolean }[]>();
  for (const n of [...nodes].sort((a, b) => a.depth - b.depth)) {
    const mine = (own.get(n.id) ?? []).map((attribute) => ({ attribute, inherited: false }));
    const fromParent = n.inheritAttributes && n.parentId !== null ? (carried.get(n.parentId) ?? []) : [];
    carried.set(n.id, [...mine, ...fromParent.map((c) => ({ attribute: c.attribute, inherited: true }))]);
  }
  return carried;
}

/** Recomputes the links of the tree rooted at `rootId` (after any change to its nodes or attributes). */
export async function relinkTree(tx: Client, rootId: number): Promise<void> {
  const nodes = await tx.contentType.findMany({ where: { OR: [{ id: rootId }, { rootId }] } });
  const attributes = await tx.contentTypeAttribute.findMany({ where: { rootId } });
  const carried = carriedAttributes(nodes, attributes);
  await tx.contentTypeAttributeLink.deleteMany({ where: { contentTypeId: { in: nodes.map((n) => n.id) } } });
  const data = [...carried.entries()].flatMap(([contentTypeId, list]) =>
    list.map((c) => ({ contentTypeId, attributeId: c.attribute.id, inherited: c.inherited })),
  );
  if (data.length) await tx.contentTypeAttributeLink.createMany({ data });
  await refreshLinked(tx, { rootId });
}

/**
 * Recomputes `linked` (one of the file's classifications carries the attribute) of stored values: of
 * one file after a facet action, or of every value of a tree's attributes after a schema change.
 */
export async function refreshLinked(tx: Client, scope: { fileId: number } | { rootId: number }): Promise<void> {
  const where =
    "fileId" in scope
      ? Prisma.sql`v.file_id = ${scope.fileId}`
      : Prisma.sql`v.attribute_id IN (SELECT id FROM content_type_attributes WHERE root_id = ${scope.rootId})`;
  await tx.$executeRaw`UPDATE file_attribute_values v SET linked = NOT v.linked
    WHERE ${where} AND v.linked <> EXISTS (SELECT 1 FROM file_content_types c
      JOIN content_type_attribute_links l ON l.content_type_id = c.content_type_id
      WHERE c.file_id = v.file_id AND l.attribute_id = v.attribute_id)`;
}

export function serializeAttribute(a: ContentTypeAttribute, definedAt: string, inherited: boolean): TAttribute {
  return {
    name: a.name,
    attribute_type: a.attributeType as AttributeType,
    label: a.label,
    description: a.description,
    required: a.required,
    choices: a.choices.length ? a.choices : null,
    content_type_path: definedAt,
    inherited,
  };
}

export interface CompanyTree {
  nodes: ContentType[];
  attributes: ContentTypeAttribute[];
}

export async function loadCompanyTree(companyId: number, client: Client = db()): Promise<CompanyTree> {
  const [nodes, attributes] = await Promise.all([
    client.contentType.findMany({ where: { companyId }, orderBy: { path: "asc" } }),
    client.contentTypeAttribute.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
  ]);
  return { nodes, attributes };
}

/** Files classified at each node or below it (a file has one classification per root, so sums are exact). */
async function documentCounts(nodes: readonly ContentType[], client: Client): Promise<Map<number, number>> {
  const direct = nodes.length
    ? await client.fileContentType.groupBy({
        by: ["contentTypeId"],
        where: { contentTypeId: { in: nodes.map((n) => n.id) } },
        _count: { _all: true },
      })
    : [];
  const counts = new Map<number, number>(direct.map((d) => [d.contentTypeId, d._count._all]));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const total = new Map<number, number>();
  for (const n of nodes) {
    const c = counts.get(n.id) ?? 0;
    for (let cur: ContentType | undefined = n; cur; cur = cur.parentId !== null ? byId.get(cur.parentId) : undefined) {
      total.set(cur.id, (total.get(cur.id) ?? 0) + c);
    }
  }
  return total;
}

/** Root nodes (or the nodes whose ids are in `only`) as nested spec nodes. */
export async function serializeTrees(
  tree: CompanyTree,
  opts: { includeAttributes?: boolean; only?: readonly number[]; client?: Client } = {},
): Promise<TNode[]> {
  const { nodes, attributes } = tree;
  const counts = await documentCounts(nodes, opts.client ?? db());
  const carried = carriedAttributes(nodes, attributes);
  const pathOf = new Map(nodes.map((n) => [n.id, n.path]));
  const children = new Map<number, ContentType[]>();
  for (const n of nodes) if (n.parentId !== null) (children.get(n.parentId) ?? children.set(n.parentId, []).get(n.parentId)!).push(n);
  const build = (n: ContentType): TNode => ({
    id: n.id,
    path: n.path,
    code: n.code,
    label: n.label,
    description: n.description,
    parent_path: parentPathOf(n.path),
    depth: n.depth,
    inherit_attributes: n.inheritAttributes,
    auto_fill: n.autoFill,
    source_template: n.sourceTemplate,
    document_count: counts.get(n.id) ?? 0,
    attributes:
      opts.includeAttributes === false
        ? []
        : (carried.get(n.id) ?? []).map((c) => serializeAttribute(c.attribute, pathOf.get(c.attribute.contentTypeId)!, c.inherited)),
    children: (children.get(n.id) ?? []).sort((a, b) => a.code.localeCompare(b.code)).map(build),
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
  });
  const starts = opts.only ? nodes.filter((n) => opts.only!.includes(n.id)) : nodes.filter((n) => n.parentId === null);
  return starts.map(build);
}
