// The starter template catalog (GET /api/v3/content-types/templates and …/seed/templates) and the
// lookup of template nodes for `adopt`. Pure functions over lib/facets/templates.
import type { z } from "zod";
import type { ZTemplateCatalog, ZTemplateNode, ZTemplateQuery } from "@/lib/contracts/content-types";
import { AppError } from "@/lib/errors";
import { TEMPLATES, type TemplateNode } from "./templates";

type TTemplateNode = z.output<typeof ZTemplateNode>;

export interface LocatedTemplate {
  node: TemplateNode;
  path: string;
  /** Template nodes from the root down to `node`, each with its path. */
  chain: { node: TemplateNode; path: string }[];
}

/** The template node at `path` (colon-separated codes), or null. */
export function findTemplate(path: string): LocatedTemplate | null {
  const codes = path.trim().split(":");
  let level: readonly TemplateNode[] = TEMPLATES;
  const chain: LocatedTemplate["chain"] = [];
  for (const code of codes) {
    const node = level.find((n) => n.code === code);
    if (!node) return null;
    chain.push({ node, path: [...chain.map((c) => c.node.code), code].join(":") });
    level = node.children ?? [];
  }
  const last = chain[chain.length - 1];
  return last ? { node: last.node, path: last.path, chain } : null;
}

export function templateNotFound(path: string): AppError {
  return new AppError("content_type_not_found", `No starter template at "${path}" (roots: ${TEMPLATES.map((t) => t.code).join(", ")}).`);
}

function render(node: TemplateNode, path: string, depth: number, levelsLeft: number | undefined, withAttributes: boolean): TTemplateNode {
  const children = node.children ?? [];
  const out: TTemplateNode = {
    path,
    code: node.code,
    label: node.label,
    description: node.description,
    depth,
    inherit_attributes: node.inherit_attributes ?? true,
    children_count: children.length,
    children:
      levelsLeft === 0
        ? []
        : children.map((c) => render(c, `${path}:${c.code}`, depth + 1, levelsLeft === undefined ? undefined : levelsLeft - 1, withAttributes)),
  };
  if (withAttributes) {
    out.attributes = (node.attributes ?? []).map((a) => ({
      name: a.name,
      attribute_type: a.attribute_type,
      label: a.label,
      description: a.description,
      required: a.required ?? false,
      choices: a.choices ?? null,
    }));
  }
  return out;
}

export function templateCatalog(q: z.output<typeof ZTemplateQuery>): z.output<typeof ZTemplateCatalog> {
  const paths = q.path
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const selected = paths?.length
    ? paths.map((p) => {
        const found = findTemplate(p);
        if (!found) throw templateNotFound(p);
        return found;
      })
    : TEMPLATES.map((node) => ({ node, path: node.code, chain: [{ node, path: node.code }] }));
  return {
    templates: selected.map((s) => render(s.node, s.path, s.chain.length, q.depth, q.include_attributes)),
  };
}
