// Content types (facets): the company's classification trees, their schema actions and the starter
// template catalog (spec "Content type node and attribute", "Content types and facets"; issue 7).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ATTRIBUTE_TYPE_INPUTS, ATTRIBUTE_TYPES } from "@/lib/facets/attribute-types";
import { zBoolString, zTimestamp } from "./common";

const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const zSnake = (what: string) =>
  z
    .string()
    .trim()
    .max(64, { error: "At most 64 characters." })
    .regex(SNAKE, {
      error: `The ${what} must be snake_case: lower-case letters and digits separated by single underscores, starting with a letter.`,
    });
const zPath = z.string().trim().min(1).max(300).describe("Colon-separated codes from the root, e.g. `finance:invoice`");

// ── responses ──────────────────────────────────────────────────────────────────────────────────────

// An attribute as templates define it; a company's nodes add where it comes from.
const attributeFields = {
  name: z.string(),
  attribute_type: z.enum(ATTRIBUTE_TYPES),
  label: z.string(),
  description: z.string(),
  required: z.boolean(),
  choices: z.array(z.string()).nullable().describe("For select and multi-select; null otherwise"),
};

export const ZContentTypeAttribute = z
  .object({
    ...attributeFields,
    content_type_path: z.string().describe("Path of the node that defines the attribute"),
    inherited: z.boolean().describe("True when the node carries the attribute from an ancestor"),
  })
  .meta({ id: "ContentTypeAttribute" });
export type TContentTypeAttribute = z.infer<typeof ZContentTypeAttribute>;

export const ZContentTypeNode = z
  .object({
    id: z.number().int(),
    path: z.string(),
    code: z.string(),
    label: z.string(),
    description: z.string(),
    parent_path: z.string().nullable(),
    depth: z.number().int().describe("1 for a root, at most 4"),
    inherit_attributes: z.boolean().describe("Whether this node carries its parent's attributes"),
    auto_fill: z
      .boolean()
      .describe("Files classified here (or below) get their attributes filled from the document once ingested (metered as `extraction`)"),
    source_template: z.string().nullable().describe("Template root the node was adopted from, null for custom nodes"),
    document_count: z.number().int().describe("Files classified at this node or anywhere below it"),
    attributes: z.array(ZContentTypeAttribute).describe("Own attributes first, then inherited ones (`inherited: true`)"),
    get children(): z.ZodArray<typeof ZContentTypeNode> {
      return z.array(ZContentTypeNode);
    },
    created_at: zTimestamp,
    updated_at: zTimestamp,
  })
  .meta({ id: "ContentType" });
export type TContentTypeNode = z.infer<typeof ZContentTypeNode>;

export const ZTemplateAttribute = z.object(attributeFields).meta({ id: "ContentTypeTemplateAttribute" });

export const ZTemplateNode = z
  .object({
    path: z.string(),
    code: z.string(),
    label: z.string(),
    description: z.string(),
    depth: z.number().int().describe("1 for a root"),
    inherit_attributes: z.boolean(),
    children_count: z.number().int().describe("Direct children in the template (also when `depth` cut them off)"),
    attributes: z.array(ZTemplateAttribute).optional().describe("Own attributes; absent with include_attributes=false"),
    get children(): z.ZodArray<typeof ZTemplateNode> {
      return z.array(ZTemplateNode);
    },
  })
  .meta({ id: "ContentTypeTemplate" });
export type TTemplateNode = z.infer<typeof ZTemplateNode>;

export const ZTemplateCatalog = z.object({ templates: z.array(ZTemplateNode) });
export type TTemplateCatalog = z.infer<typeof ZTemplateCatalog>;

export const ZTemplateQuery = z.object({
  path: z
    .string()
    .max(2000)
    .optional()
    .describe("Template paths, comma-separated (`finance,legal:contract`): each selected node with its subtree. Omitted: every root"),
  depth: z.coerce
    .number({ error: "Must be an integer." })
    .int({ error: "Must be an integer." })
    .min(0)
    .max(10)
    .optional()
    .describe("Levels below each selected node: omitted = the full subtree, 0 = the node only, 1 = with its direct children, …"),
  include_attributes: zBoolString.default(true).describe("Include each node's attributes (default true)"),
});

export const ZContentTypeListQuery = z.object({
  include_attributes: zBoolString.default(true).describe("Include each node's attributes (default true)"),
});

// ── actions ────────────────────────────────────────────────────────────────────────────────────────

export const ZContentTypeAction = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("adopt"),
    paths: z.array(zPath).min(1).max(50).describe("Template paths to import; a path brings its ancestors and its whole subtree"),
  }),
  z.object({
    action: z.literal("define_content_type"),
    code: zSnake("code"),
    label: z.string().trim().min(1).max(200),
    parent_path: zPath.nullable().optional().describe("Omitted for a root"),
    description: z.string().max(2000).optional(),
    inherit_attributes: z.boolean().optional().describe("Carry the parent's attributes (default true on create; kept on update when omitted)"),
    auto_fill: z
      .boolean()
      .optional()
      .describe(
        "Fill the attributes of files classified here or below from the document when they are ready (default false; kept on update when omitted)",
      ),
  }),
  z.object({
    action: z.literal("undefine_content_type"),
    path: zPath.describe("The node to delete with its whole subtree"),
  }),
  z.object({
    action: z.literal("define_attribute"),
    content_type_path: zPath,
    name: zSnake("attribute name"),
    attribute_type: z.enum(ATTRIBUTE_TYPE_INPUTS).describe("Aliases multi_select, multiselect, rich_text, richtext are accepted"),
    label: z.string().trim().min(1).max(200).optional().describe("Default: the name in words"),
    description: z.string().max(2000).optional(),
    required: z.boolean().optional(),
    choices: z
      .array(z.string().trim().min(1).max(200))
      .max(500)
      .optional()
      .describe("Required (non-empty) for select and multi-select; refused otherwise"),
  }),
  z.object({
    action: z.literal("undefine_attribute"),
    content_type_path: zPath,
    name: zSnake("attribute name"),
  }),
]);
export type TContentTypeAction = z.output<typeof ZContentTypeAction>;

export const ZContentTypeActionResult = z
  .object({
    action: z.string(),
    content_types: z.array(ZContentTypeNode).optional().describe("adopt: the company's trees that received adopted nodes"),
    content_type: ZContentTypeNode.optional().describe("define_content_type: the node with its subtree"),
    attribute: ZContentTypeAttribute.optional().describe("define_attribute: the attribute"),
    path: z.string().optional().describe("undefine_*: the node path"),
    name: z.string().optional().describe("undefine_attribute: the attribute name"),
    deleted: z.boolean().optional().describe("undefine_*: false when there was nothing to delete"),
    deleted_paths: z.array(z.string()).optional().describe("undefine_content_type: every node removed"),
  })
  .meta({ id: "ContentTypeActionResult" });
export type TContentTypeActionResult = z.infer<typeof ZContentTypeActionResult>;

export const ZContentTypeBatch = z.object({
  actions: z
    .array(z.record(z.string(), z.unknown()))
    .min(1)
    .max(100)
    .describe("Action objects exactly as accepted by POST /api/v3/content-types, run in order"),
});

// ── endpoints ──────────────────────────────────────────────────────────────────────────────────────

const tag = "Content types";
const category = "facets" as const;
const ACTION_ERRORS = [
  "insufficient_permissions",
  "content_type_not_found",
  "content_type_depth_exceeded",
  "attribute_name_conflict",
  "attribute_name_reserved",
  "attribute_type_immutable",
] as const;

const TEMPLATE_DESCRIPTION =
  "Read-only catalog of the starter templates (`finance`, `healthcare`, `legal`, `manufacturing`, `tech`): `{templates: [node]}` where each node has `path`, `code`, `label`, `description`, `depth`, `inherit_attributes`, `children_count`, `attributes` and `children`. An unknown `path` answers 404 `content_type_not_found`. Served at both `/api/v3/content-types/templates` and `/api/v3/content-types/seed/templates`.";

function templateEndpoint<const P extends string>(path: P) {
  return defineEndpoint({
    method: "GET",
    path,
    tag,
    category,
    auth: "required",
    summary: "Starter template catalog",
    description: TEMPLATE_DESCRIPTION,
    query: ZTemplateQuery,
    responses: { 200: { description: "Templates", schema: ZTemplateCatalog } },
    errors: ["content_type_not_found"],
  });
}

export const contentTypeEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/v3/content-types",
    tag,
    category,
    auth: "required",
    summary: "The company's content-type trees",
    description:
      "Every tree the company adopted or defined: `{count, results}` where `count` is the number of roots and `results` the root nodes with nested `children`. Each node lists its attributes, own and inherited (`inherited: true`, `content_type_path` naming the defining node), and `document_count`, the files classified at the node or below it. Any user of the company may read.",
    query: ZContentTypeListQuery,
    responses: { 200: { description: "Trees", schema: z.object({ count: z.number().int(), results: z.array(ZContentTypeNode) }) } },
  }),
  act: defineEndpoint({
    method: "POST",
    path: "/api/v3/content-types",
    tag,
    category,
    auth: "required",
    summary: "Change the company's content-type schema (admin-level)",
    description: [
      "Action-dispatched, idempotent schema changes; company admins and instance-level users only (else 403 `insufficient_permissions`). Answers 200 with `{action, …}`:",
      "- `adopt` {paths}: imports template nodes (their ancestors and subtrees); nodes and attributes that already exist are kept as they are. → `content_types` (the trees concerned). Unknown template path → 404 `content_type_not_found`.",
      "- `define_content_type` {code, label, parent_path?, description?, inherit_attributes?, auto_fill?}: creates or updates the node `parent_path:code`; `auto_fill` makes ingestion (and classifying a ready file) fill the attributes of files classified at the node or below from the document, keeping values already set. → `content_type`. Unknown parent → 404 `content_type_not_found`; a fifth level → 400 `content_type_depth_exceeded`.",
      "- `undefine_content_type` {path}: deletes the node, its subtree, their attributes, values and classifications. → `path`, `deleted` (false when the node did not exist), `deleted_paths`.",
      "- `define_attribute` {content_type_path, name, attribute_type, label?, description?, required?, choices?}: adds or updates. → `attribute`. Name used elsewhere in the tree → 400 `attribute_name_conflict`; reserved name → 400 `attribute_name_reserved`; other type than before → 400 `attribute_type_immutable`; choices missing for select/multi-select or given for another type → 422 `fields.choices`.",
      "- `undefine_attribute` {content_type_path, name}: removes the attribute and its values. → `path`, `name`, `deleted`.",
      "An unknown `action` is a 422 on `fields.action`.",
    ].join("\n"),
    body: ZContentTypeAction,
    responses: { 200: { description: "Action result", schema: ZContentTypeActionResult } },
    errors: ACTION_ERRORS,
  }),
  batch: defineEndpoint({
    method: "POST",
    path: "/api/v3/content-types/batch",
    tag,
    category,
    auth: "required",
    summary: "Run several content-type actions in order",
    description:
      "Body `{actions: [action, …]}` (1–100 action objects as for POST /api/v3/content-types). Actions run in order, each committed on its own; the first failing one answers with its error and `index` (0-based), earlier ones stay committed and later ones are not run. Success: 200 `{results: [action result, …]}` in order. Every action is idempotent, so a fixed batch can be re-sent whole.",
    body: ZContentTypeBatch,
    responses: { 200: { description: "Results in order", schema: z.object({ results: z.array(ZContentTypeActionResult) }) } },
    errors: ACTION_ERRORS,
  }),
  templates: templateEndpoint("/api/v3/content-types/templates"),
  seedTemplates: templateEndpoint("/api/v3/content-types/seed/templates"),
};
