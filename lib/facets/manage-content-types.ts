// POST /api/v3/content-types (+ /batch) and GET /api/v3/content-types: the company's content-type
// schema. Every action is idempotent and runs in one transaction; admin-level callers only.
import type { z } from "zod";
import { isCompanyAdmin, isInstanceLevel, isWorkspaceScoped } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import {
  type TContentTypeAction,
  ZContentTypeAction,
  type ZContentTypeActionResult,
  type ZContentTypeListQuery,
} from "@/lib/contracts/content-types";
import { db } from "@/lib/db/client";
import type { ContentType } from "@/lib/db/generated/client";
import { AppError, fieldError, forbidden } from "@/lib/errors";
import { canonicalType, hasChoices, RESERVED_ATTRIBUTE_NAMES } from "./attribute-types";
import { runBatch } from "./batch";
import { type Client, loadCompanyTree, relinkTree, serializeAttribute, serializeTrees } from "./content-type-tree";
import { MAX_CONTENT_TYPE_DEPTH } from "./filter-grammar";
import { findTemplate, templateNotFound } from "./template-catalog";
import type { TemplateNode } from "./templates";

type TResult = z.output<typeof ZContentTypeActionResult>;

/** Company admins and instance-level users (never a workspace-scoped key). */
export function requireSchemaAdmin(p: Principal): void {
  if (isWorkspaceScoped(p) || !(isCompanyAdmin(p) || isInstanceLevel(p))) {
    throw forbidden("Changing content types requires admin-level access (company admin or instance-level role).");
  }
}

export const rootOf = (n: ContentType) => n.rootId ?? n.id;

export const contentTypeNotFound = (path: string) => new AppError("content_type_not_found", `No content type at "${path}" in your company.`);

/** The company's content type at `path` (surrounding blanks ignored), or null. */
export async function nodeAt(tx: Client, companyId: number, path: string): Promise<ContentType | null> {
  return tx.contentType.findUnique({ where: { companyId_path: { companyId, path: path.trim() } } });
}

async function requireNode(tx: Client, companyId: number, path: string): Promise<ContentType> {
  const node = await nodeAt(tx, companyId, path);
  if (!node) throw contentTypeNotFound(path);
  return node;
}

const labelFromName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, " ");

interface NodeInput {
  code: string;
  label: string;
  parentPath: string | null;
  description?: string;
  inheritAttributes?: boolean;
  autoFill?: boolean;
  sourceTemplate?: string | null;
}

/**
 * Creates the node, or updates it; `adopting`: leaves an existing node as it is and leaves relinking to
 * the caller (once per tree). Returns the node.
 */
async function upsertNode(tx: Client, companyId: number, input: NodeInput, adopting = false): Promise<ContentType> {
  const parent = input.parentPath ? await requireNode(tx, companyId, input.parentPath) : null;
  const depth = parent ? parent.depth + 1 : 1;
  if (depth > MAX_CONTENT_TYPE_DEPTH) {
    throw new AppError(
      "content_type_depth_exceeded",
      `"${parent!.path}:${input.code}" would be level ${depth}; content types nest at most ${MAX_CONTENT_TYPE_DEPTH} levels.`,
    );
  }
  const path = parent ? `${parent.path}:${input.code}` : input.code;
  const existing = await nodeAt(tx, companyId, path);
  if (existing) {
    if (adopting) return existing;
    const updated = await tx.contentType.update({
      where: { id: existing.id },
      data: {
        label: input.label,
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.inheritAttributes !== undefined ? { inheritAttributes: input.inheritAttributes } : {}),
        ...(input.autoFill !== undefined ? { autoFill: input.autoFill } : {}),
      },
    });
    if (updated.inheritAttributes !== existing.inheritAttributes) await relinkTree(tx, rootOf(updated));
    return updated;
  }
  let node = await tx.contentType.create({
    data: {
      companyId,
      parentId: parent?.id ?? null,
      rootId: parent ? rootOf(parent) : null,
      path,
      code: input.code,
      label: input.label,
      description: input.description ?? "",
      depth,
      inheritAttributes: input.inheritAttributes ?? true,
      autoFill: input.autoFill ?? false,
      sourceTemplate: input.sourceTemplate ?? null,
    },
  });
  if (!parent) node = await tx.contentType.update({ where: { id: node.id }, data: { rootId: node.id } });
  if (!adopting) await relinkTree(tx, rootOf(node));
  return node;
}

interface AttributeInput {
  name: string;
  type: string;
  label?: string;
  description?: string;
  required?: boolean;
  choices?: string[];
}

/** Creates or updates the attribute; `adopting`: keeps an existing one and leaves relinking to the caller. */
async function upsertAttribute(tx: Client, node: ContentType, input: AttributeInput, adopting = false) {
  const type = canonicalType(input.type);
  if (!type) throw fieldError("attribute_type", `Unknown attribute type "${input.type}".`, "invalid_choice");
  if (RESERVED_ATTRIBUTE_NAMES.has(input.name)) {
    throw new AppError("attribute_name_reserved", `"${input.name}" is a reserved name; choose another attribute name.`);
  }
  const existing = await tx.contentTypeAttribute.findUnique({ where: { rootId_name: { rootId: rootOf(node), name: input.name } } });
  if (existing && existing.contentTypeId !== node.id) {
    const owner = await tx.contentType.findUnique({ where: { id: existing.contentTypeId } });
    throw new AppError("attribute_name_conflict", `The attribute name "${input.name}" is already used by "${owner?.path}" in the same tree.`);
  }
  if (existing && existing.attributeType !== type) {
    throw new AppError("attribute_type_immutable", `"${input.name}" is a ${existing.attributeType} attribute; its type cannot change to ${type}.`);
  }
  if (existing && adopting) return existing;
  const choices = [...new Set(input.choices ?? [])];
  if (hasChoices(type) && !choices.length) {
    throw fieldError("choices", `A ${type} attribute needs a non-empty list of choices.`, input.choices ? "invalid" : "required");
  }
  if (!hasChoices(type) && choices.length) throw fieldError("choices", `Choices must be omitted for a ${type} attribute.`);
  if (existing) {
    return tx.contentTypeAttribute.update({
      where: { id: existing.id },
      data: {
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.required !== undefined ? { required: input.required } : {}),
        ...(input.choices !== undefined ? { choices } : {}),
      },
    });
  }
  const created = await tx.contentTypeAttribute.create({
    data: {
      companyId: node.companyId,
      contentTypeId: node.id,
      rootId: rootOf(node),
      name: input.name,
      attributeType: type,
      label: input.label ?? labelFromName(input.name),
      description: input.description ?? "",
      required: input.required ?? false,
      choices,
    },
  });
  if (!adopting) await relinkTree(tx, rootOf(node));
  return created;
}

/** A template's or a define_attribute action's attribute, as upsertAttribute takes it. */
const attributeInput = (a: Omit<AttributeInput, "type"> & { attribute_type: string }): AttributeInput => ({
  name: a.name,
  type: a.attribute_type,
  label: a.label,
  description: a.description,
  required: a.required,
  choices: a.choices,
});

/** Imports a template node (create-only): the node, its attributes and its whole subtree. */
async function adoptSubtree(tx: Client, companyId: number, t: TemplateNode, parentPath: string | null, source: string): Promise<void> {
  const node = await upsertNode(
    tx,
    companyId,
    { code: t.code, label: t.label, parentPath, description: t.description, inheritAttributes: t.inherit_attributes ?? true, sourceTemplate: source },
    true,
  );
  for (const a of t.attributes ?? []) await upsertAttribute(tx, node, attributeInput(a), true);
  for (const c of t.children ?? []) await adoptSubtree(tx, companyId, c, node.path, source);
}

async function adopt(tx: Client, companyId: number, paths: string[]): Promise<number[]> {
  const located = paths.map(
    (p) =>
      findTemplate(p) ??
      (() => {
        throw templateNotFound(p);
      })(),
  );
  const roots = new Set<number>();
  for (const loc of located) {
    const source = loc.chain[0].node.code;
    // Ancestors first (their attributes are inherited by the adopted node), then the node's subtree.
    for (const [i, { node: t }] of loc.chain.slice(0, -1).entries()) {
      const node = await upsertNode(
        tx,
        companyId,
        {
          code: t.code,
          label: t.label,
          parentPath: i ? loc.chain[i - 1].path : null,
          description: t.description,
          inheritAttributes: t.inherit_attributes ?? true,
          sourceTemplate: source,
        },
        true,
      );
      for (const a of t.attributes ?? []) await upsertAttribute(tx, node, attributeInput(a), true);
    }
    await adoptSubtree(tx, companyId, loc.node, loc.chain.length > 1 ? loc.chain[loc.chain.length - 2].path : null, source);
    roots.add(rootOf((await nodeAt(tx, companyId, loc.chain[0].path))!));
  }
  for (const root of roots) await relinkTree(tx, root);
  return [...roots];
}

async function perform(p: Principal, a: TContentTypeAction): Promise<TResult> {
  requireSchemaAdmin(p);
  const companyId = p.companyId;
  switch (a.action) {
    case "adopt": {
      const roots = await db().$transaction((tx) => adopt(tx, companyId, a.paths));
      return { action: a.action, content_types: await serializeTrees(await loadCompanyTree(companyId), { only: roots }) };
    }
    case "define_content_type": {
      const node = await db().$transaction((tx) =>
        upsertNode(tx, companyId, {
          code: a.code,
          label: a.label,
          parentPath: a.parent_path ?? null,
          description: a.description,
          inheritAttributes: a.inherit_attributes,
          autoFill: a.auto_fill,
        }),
      );
      return { action: a.action, content_type: (await serializeTrees(await loadCompanyTree(companyId), { only: [node.id] }))[0] };
    }
    case "undefine_content_type": {
      const deletedPaths = await db().$transaction(async (tx) => {
        const node = await nodeAt(tx, companyId, a.path);
        if (!node) return [];
        const subtree = await tx.contentType.findMany({
          where: { companyId, OR: [{ path: node.path }, { path: { startsWith: `${node.path}:` } }] },
          orderBy: { path: "asc" },
        });
        await tx.contentType.delete({ where: { id: node.id } });
        if (node.parentId !== null) await relinkTree(tx, rootOf(node));
        return subtree.map((n) => n.path);
      });
      return { action: a.action, path: a.path, deleted: deletedPaths.length > 0, deleted_paths: deletedPaths };
    }
    case "define_attribute": {
      const { attribute, node } = await db().$transaction(async (tx) => {
        const node = await requireNode(tx, companyId, a.content_type_path);
        const attribute = await upsertAttribute(tx, node, attributeInput(a));
        return { attribute, node };
      });
      return { action: a.action, attribute: serializeAttribute(attribute, node.path, false) };
    }
    case "undefine_attribute": {
      const deleted = await db().$transaction(async (tx) => {
        const node = await requireNode(tx, companyId, a.content_type_path);
        const gone = await tx.contentTypeAttribute.deleteMany({ where: { contentTypeId: node.id, name: a.name } });
        return gone.count > 0;
      });
      return { action: a.action, path: a.content_type_path, name: a.name, deleted };
    }
  }
}

export const runContentTypeAction = (p: Principal, action: TContentTypeAction) => perform(p, action);

export async function runContentTypeBatch(p: Principal, actions: readonly unknown[]) {
  return { results: await runBatch(ZContentTypeAction, actions, (a) => perform(p, a)) };
}

export async function listContentTypes(p: Principal, q: z.output<typeof ZContentTypeListQuery>) {
  const results = await serializeTrees(await loadCompanyTree(p.companyId), { includeAttributes: q.include_attributes });
  return { count: results.length, results };
}
