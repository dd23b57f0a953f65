// GET/POST /api/v3/files/{id}/facets (+ /batch): a file's classifications and attribute values.
// Reading needs read access to the file's workspace; changing needs the editor role (company admins
// act as owners). A file holds at most one classification per tree root (unique index), and carries
// the attributes of its nodes (own and inherited, lib/facets/content-type-tree.ts).
//
// Unlinked values: values the file holds for attributes that none of its classifications carries any
// more. `unclassify` removes the values only the removed node carried, so unlinked values come from
// schema changes: an undefined node (its ancestors' values stay on the file) or inheritance switched
// off. They are listed under `unlinked` and discarded with `clear_attributes` naming the defining node.
import type { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { type TFacetAction, ZFacetAction, type ZFileFacets } from "@/lib/contracts/facets";
import { db } from "@/lib/db/client";
import type { AttributeFill, ContentType, ContentTypeAttribute } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { findEditableFile, findReadableFile } from "@/lib/files/file-access";
import { hasRole } from "@/lib/workspaces/access";
import { type AttributeType, fromStored, toStored } from "./attribute-types";
import { queueAttributeFill } from "./auto-fill-attributes";
import { runBatch } from "./batch";
import { ancestorPaths, type Client, type CompanyTree, carriedAttributes, loadCompanyTree, refreshLinked } from "./content-type-tree";
import { nodeAt as contentTypeAt, rootOf } from "./manage-content-types";

type TFileFacets = z.output<typeof ZFileFacets>;

const notAssigned = (path: string) => new AppError("content_type_not_assigned", `The content type "${path}" is not assigned to this file.`);

function schemaOf(a: ContentTypeAttribute) {
  return {
    type: a.attributeType as AttributeType,
    required: a.required,
    label: a.label,
    description: a.description,
    choices: a.choices.length ? a.choices : null,
  };
}

/** Attributes carried by each node of the company, by node id. */
function carriedByNode(tree: CompanyTree) {
  return carriedAttributes(tree.nodes, tree.attributes);
}

async function facetsOf(companyId: number, fileId: number, canEdit: boolean, client: Client = db()): Promise<TFileFacets> {
  const [tree, classifications, values, fills] = await Promise.all([
    loadCompanyTree(companyId, client),
    client.fileContentType.findMany({ where: { fileId } }),
    client.fileAttributeValue.findMany({ where: { fileId } }),
    client.attributeFill.findMany({ where: { fileId }, orderBy: { contentVersion: "asc" } }),
  ]);
  // The latest automatic fill of each classified node (later versions overwrite earlier ones here).
  const fillByNode = new Map(fills.map((f) => [f.contentTypeId, f]));
  const carried = carriedByNode(tree);
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const byPath = new Map(tree.nodes.map((n) => [n.path, n]));
  const valueByAttribute = new Map(values.map((v) => [v.attributeId, v]));
  const linked = new Set<number>();
  const nodes = classifications.map((c) => byId.get(c.contentTypeId)!).sort((a, b) => a.path.localeCompare(b.path));
  const content_types = nodes.map((n) => ({
    path: n.path,
    code: n.code,
    label: n.label,
    attributes: (carried.get(n.id) ?? []).map(({ attribute: a }) => {
      linked.add(a.id);
      const v = valueByAttribute.get(a.id);
      return { name: a.name, value: v ? fromStored(a.attributeType, v) : null, ...schemaOf(a) };
    }),
    labels: ancestorPaths(n.path).map((p) => byPath.get(p)?.label ?? p),
    auto_fill: ancestorPaths(n.path).some((p) => byPath.get(p)?.autoFill),
    fill: serializeFill(fillByNode.get(n.id)),
  }));
  const attrById = new Map(tree.attributes.map((a) => [a.id, a]));
  const unlinked = values
    .filter((v) => !linked.has(v.attributeId))
    .map((v) => {
      const a = attrById.get(v.attributeId)!;
      return { name: a.name, value: fromStored(a.attributeType, v), ...schemaOf(a), content_type_path: byId.get(a.contentTypeId)!.path };
    })
    .sort((x, y) => x.content_type_path.localeCompare(y.content_type_path) || x.name.localeCompare(y.name));
  return { content_types, can_edit: canEdit, unlinked };
}

function serializeFill(f: AttributeFill | undefined): TFileFacets["content_types"][number]["fill"] {
  if (!f) return null;
  return {
    status: f.status as "completed" | "failed",
    content_version: f.contentVersion,
    filled: f.filled,
    error: f.errorCode ? { code: f.errorCode, detail: f.errorDetail ?? "" } : null,
    updated_at: f.updatedAt.toISOString(),
  };
}

export async function getFileFacets(p: Principal, fileId: number): Promise<TFileFacets> {
  const fa = await findReadableFile(p, fileId);
  // A file's facets are those of the company holding it (a public dataset's may be another company).
  return facetsOf(fa.file.companyId, fa.file.id, hasRole(fa.access, "editor"));
}

interface Ctx {
  tx: Client;
  companyId: number;
  fileId: number;
}

const nodeAt = (c: Ctx, path: string) => contentTypeAt(c.tx, c.companyId, path);

async function assignedNode(c: Ctx, path: string): Promise<ContentType> {
  const node = await nodeAt(c, path);
  const assigned = node && (await c.tx.fileContentType.findUnique({ where: { fileId_rootId: { fileId: c.fileId, rootId: rootOf(node) } } }));
  if (!node || !assigned || assigned.contentTypeId !== node.id) throw notAssigned(path);
  return node;
}

/** The attributes the node carries, by name. */
async function carriedBy(c: Ctx, node: ContentType): Promise<Map<string, ContentTypeAttribute>> {
  const links = await c.tx.contentTypeAttributeLink.findMany({ where: { contentTypeId: node.id }, include: { attribute: true } });
  return new Map(links.map((l) => [l.attribute.name, l.attribute]));
}

async function setValues(c: Ctx, node: ContentType, values: Record<string, unknown>): Promise<void> {
  const carried = await carriedBy(c, node);
  const unknown = Object.keys(values).filter((name) => !carried.has(name));
  if (unknown.length) {
    throw new AppError("validation_error", `"${node.path}" has no attribute ${unknown.map((n) => `"${n}"`).join(", ")}.`, {
      fields: Object.fromEntries(
        unknown.map((n) => [`values.${n}`, [{ error: "unknown_attribute", detail: `"${node.path}" carries no attribute "${n}".` }]]),
      ),
    });
  }
  const writes = Object.entries(values).map(([name, value]) => {
    const a = carried.get(name)!;
    if (value === null || (Array.isArray(value) && !value.length)) return { a, stored: null };
    const stored = toStored(a.attributeType as AttributeType, a.choices, value);
    if (typeof stored === "string") throw new AppError("attribute_value_invalid", `Invalid value for "${name}" (${a.attributeType}): ${stored}.`);
    return { a, stored };
  });
  for (const { a, stored } of writes) {
    const where = { fileId_attributeId: { fileId: c.fileId, attributeId: a.id } };
    if (!stored) await c.tx.fileAttributeValue.deleteMany({ where: { fileId: c.fileId, attributeId: a.id } });
    else await c.tx.fileAttributeValue.upsert({ where, create: { fileId: c.fileId, attributeId: a.id, ...stored }, update: stored });
  }
}

async function classify(c: Ctx, path: string, values: Record<string, unknown> | undefined): Promise<void> {
  const node = await nodeAt(c, path);
  if (!node) throw new AppError("content_type_unknown", `No content type "${path}" exists in your company.`);
  const current = await c.tx.fileContentType.findUnique({ where: { fileId_rootId: { fileId: c.fileId, rootId: rootOf(node) } } });
  if (current && current.contentTypeId !== node.id) {
    const other = await c.tx.contentType.findUnique({ where: { id: current.contentTypeId } });
    throw new AppError(
      "content_type_sibling_conflict",
      `The file is already classified as "${other?.path}" in the same tree; unclassify it first (one classification per tree root).`,
    );
  }
  if (!current) await c.tx.fileContentType.create({ data: { fileId: c.fileId, contentTypeId: node.id, rootId: rootOf(node) } });
  if (values && Object.keys(values).length) await setValues(c, node, values);
}

async function unclassify(c: Ctx, path: string): Promise<void> {
  const node = await assignedNode(c, path);
  await c.tx.fileContentType.delete({ where: { fileId_rootId: { fileId: c.fileId, rootId: rootOf(node) } } });
  const removed = [...(await carriedBy(c, node)).values()].map((a) => a.id);
  const remaining = await c.tx.contentTypeAttributeLink.findMany({
    where: { attributeId: { in: removed }, contentType: { classifications: { some: { fileId: c.fileId } } } },
  });
  const keep = new Set(remaining.map((l) => l.attributeId));
  await c.tx.fileAttributeValue.deleteMany({ where: { fileId: c.fileId, attributeId: { in: removed.filter((id) => !keep.has(id)) } } });
}

async function clearValues(c: Ctx, path: string, names: string[]): Promise<void> {
  const node = await nodeAt(c, path);
  const assigned = node && (await c.tx.fileContentType.findFirst({ where: { fileId: c.fileId, contentTypeId: node.id } }));
  if (node && assigned) {
    const carried = await carriedBy(c, node);
    const unknown = names.filter((n) => !carried.has(n));
    if (unknown.length) {
      throw new AppError("validation_error", `"${node.path}" has no attribute ${unknown.map((n) => `"${n}"`).join(", ")}.`, {
        fields: { names: unknown.map((n) => ({ error: "unknown_attribute", detail: `"${node.path}" carries no attribute "${n}".` })) },
      });
    }
    await c.tx.fileAttributeValue.deleteMany({ where: { fileId: c.fileId, attributeId: { in: names.map((n) => carried.get(n)!.id) } } });
    return;
  }
  // Unlinked values are cleared through the node that defines their attribute.
  if (!node) throw notAssigned(path);
  const own = await c.tx.contentTypeAttribute.findMany({ where: { contentTypeId: node.id, name: { in: names } } });
  const values = await c.tx.fileAttributeValue.findMany({ where: { fileId: c.fileId, attributeId: { in: own.map((a) => a.id) } } });
  const facets = await facetsOf(c.companyId, c.fileId, true, c.tx);
  const unlinked = new Set(facets.unlinked.filter((u) => u.content_type_path === node.path).map((u) => u.name));
  if (own.length !== new Set(names).size || !names.every((n) => unlinked.has(n))) throw notAssigned(path);
  await c.tx.fileAttributeValue.deleteMany({ where: { id: { in: values.map((v) => v.id) } } });
}

async function perform(c: Ctx, a: TFacetAction): Promise<void> {
  switch (a.action) {
    case "classify":
      return classify(c, a.content_type_path, a.values);
    case "unclassify":
      return unclassify(c, a.content_type_path);
    case "set_attributes":
      return setValues(c, await assignedNode(c, a.content_type_path), a.values);
    case "clear_attributes":
      return clearValues(c, a.content_type_path, a.names);
  }
}

async function runOne(companyId: number, fileId: number, a: TFacetAction): Promise<void> {
  await db().$transaction(async (tx) => {
    await perform({ tx, companyId, fileId }, a);
    await refreshLinked(tx, { fileId });
  });
}

export async function runFacetAction(p: Principal, fileId: number, a: TFacetAction): Promise<TFileFacets> {
  const fa = await findEditableFile(p, fileId, "classify");
  await runOne(fa.file.companyId, fa.file.id, a);
  // A ready file classified under a content type that fills automatically is filled in the background.
  if (a.action === "classify") await queueAttributeFill({ fileId: fa.file.id, contentVersion: fa.file.contentVersion });
  return facetsOf(fa.file.companyId, fa.file.id, true);
}

export async function runFacetBatch(p: Principal, fileId: number, actions: readonly unknown[]): Promise<TFileFacets> {
  const fa = await findEditableFile(p, fileId, "classify");
  await runBatch(ZFacetAction, actions, (a) => runOne(fa.file.companyId, fa.file.id, a));
  await queueAttributeFill({ fileId: fa.file.id, contentVersion: fa.file.contentVersion });
  return facetsOf(fa.file.companyId, fa.file.id, true);
}
