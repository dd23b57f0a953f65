// File facets: a file's classifications and attribute values (spec "File facets (response)",
// "Content types and facets"; issue 7).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ATTRIBUTE_TYPES } from "@/lib/facets/attribute-types";
import { zIntId } from "./common";

const zValue = z
  .union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()])
  .describe(
    "By type: text/rich-text/select a string, number a number, date `YYYY-MM-DD`, boolean, multi-select an array of choices; null when unset",
  );

export const ZFacetAttribute = z
  .object({
    name: z.string(),
    value: zValue,
    type: z.enum(ATTRIBUTE_TYPES),
    required: z.boolean(),
    label: z.string(),
    description: z.string(),
    choices: z.array(z.string()).nullable(),
  })
  .meta({ id: "FacetAttribute" });
export type TFacetAttribute = z.infer<typeof ZFacetAttribute>;

export const ZUnlinkedAttribute = ZFacetAttribute.extend({
  content_type_path: z.string().describe("Node that defines the attribute"),
}).meta({ id: "FacetUnlinkedAttribute" });

export const ZFileFacets = z
  .object({
    content_types: z.array(
      z.object({
        path: z.string(),
        code: z.string(),
        label: z.string(),
        attributes: z.array(ZFacetAttribute).describe("Every attribute the node carries (own and inherited), set or not"),
        labels: z.array(z.string()).describe("Labels from the root down to this node"),
      }),
    ),
    can_edit: z.boolean().describe("The caller may change the file's facets (workspace editor or owner, or company admin)"),
    unlinked: z
      .array(ZUnlinkedAttribute)
      .describe(
        "Values the file still holds for attributes none of its classifications carries any more (after a schema change such as an undefined node or inheritance switched off); clear them with `clear_attributes` naming the defining node",
      ),
  })
  .meta({ id: "FileFacets" });
export type TFileFacets = z.infer<typeof ZFileFacets>;

const zPath = z.string().trim().min(1).max(300);

export const ZFacetAction = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("classify"),
    content_type_path: zPath,
    values: z.record(z.string(), z.unknown()).optional().describe("Attribute values to set at once (as set_attributes)"),
  }),
  z.object({ action: z.literal("unclassify"), content_type_path: zPath }),
  z.object({
    action: z.literal("set_attributes"),
    content_type_path: zPath,
    values: z.record(z.string(), z.unknown()).describe("Attribute name → value; null clears"),
  }),
  z.object({
    action: z.literal("clear_attributes"),
    content_type_path: zPath,
    names: z.array(z.string().min(1).max(64)).min(1).max(200),
  }),
]);
export type TFacetAction = z.output<typeof ZFacetAction>;

export const ZFacetBatch = z.object({
  actions: z.array(z.record(z.string(), z.unknown())).min(1).max(100).describe("Action objects as for POST /api/v3/files/{id}/facets, run in order"),
});

const tag = "Content types";
const category = "facets" as const;
const params = z.object({ id: zIntId });
const ACTION_ERRORS = [
  "not_found",
  "insufficient_permissions",
  "content_type_unknown",
  "content_type_sibling_conflict",
  "content_type_not_assigned",
  "attribute_value_invalid",
] as const;
const ACTIONS_DOC = [
  "- `classify` {content_type_path, values?}: classifies the file at that node (idempotent). Unknown path → 400 `content_type_unknown`; the file already has another node of the same tree root → 400 `content_type_sibling_conflict` (unclassify first).",
  "- `unclassify` {content_type_path}: removes the classification and the values of attributes no other classification of the file carries. Not assigned → 404 `content_type_not_assigned`.",
  "- `set_attributes` {content_type_path, values: {name: value}}: sets values of attributes the assigned node carries (null clears). Not assigned → 404 `content_type_not_assigned`; a value of the wrong type or outside the choices → 400 `attribute_value_invalid`; a name the node does not carry → 422 `fields.values.<name>`.",
  "- `clear_attributes` {content_type_path, names}: removes values. The path is an assigned node (names it carries) or, for `unlinked` values, the node that defines them; otherwise 404 `content_type_not_assigned`.",
].join("\n");

export const facetEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/v3/files/{id}/facets",
    tag,
    category,
    auth: "required",
    summary: "A file's classifications and attribute values",
    params,
    responses: { 200: { description: "File facets", schema: ZFileFacets } },
    errors: ["not_found"],
  }),
  act: defineEndpoint({
    method: "POST",
    path: "/api/v3/files/{id}/facets",
    tag,
    category,
    auth: "required",
    summary: "Classify a file or change its attribute values",
    description: `Needs the editor role on the file's workspace (viewers get 403 \`insufficient_permissions\`). Answers 200 with the file's facets after the action.\n${ACTIONS_DOC}`,
    params,
    body: ZFacetAction,
    responses: { 200: { description: "File facets after the action", schema: ZFileFacets } },
    errors: ACTION_ERRORS,
  }),
  batch: defineEndpoint({
    method: "POST",
    path: "/api/v3/files/{id}/facets/batch",
    tag,
    category,
    auth: "required",
    summary: "Run several facet actions on a file in order",
    description: `Body \`{actions: [action, …]}\` (1–100). Actions run in order, each committed on its own; the first failing one answers with its error and \`index\`; earlier ones stay committed, later ones are not run. Success: 200 with the file's facets after all actions.\n${ACTIONS_DOC}`,
    params,
    body: ZFacetBatch,
    responses: { 200: { description: "File facets after the actions", schema: ZFileFacets } },
    errors: ACTION_ERRORS,
  }),
};
