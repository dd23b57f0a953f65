// File facets: a file's classifications and attribute values (spec "File facets (response)",
// "Content types and facets"; issue 7).
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/endpoint";
import { ATTRIBUTE_TYPES } from "@/lib/facets/attribute-types";
import { zIntId, zTimestamp } from "./common";

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
        auto_fill: z.boolean().describe("The node (or an ancestor) fills its attributes from the document automatically"),
        fill: z
          .object({
            status: z.enum(["completed", "failed"]),
            content_version: z.number().int().describe("The file version the values were read from"),
            filled: z.array(z.string()).describe("Attributes the fill set (values already set are kept)"),
            error: z.object({ code: z.string(), detail: z.string() }).nullable().describe("Why the fill failed"),
            updated_at: zTimestamp,
          })
          .nullable()
          .describe("The latest automatic fill of this classification; null when none ran"),
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

export const ZSuggestBody = z.object({
  content_type_path: zPath.describe("The node whose attributes to read (assigned to the file or not)"),
});

export const ZAttributeSuggestions = z
  .object({
    content_type_path: z.string(),
    pages_processed: z.number().int().describe("Pages read (metered as `extraction`)"),
    suggestions: z
      .array(
        z.object({
          name: z.string(),
          label: z.string(),
          type: z.enum(ATTRIBUTE_TYPES),
          value: zValue.describe("The value found, valid for the attribute (saving it as it is never fails validation)"),
          current_value: zValue.describe("The value the file holds now, null when unset"),
        }),
      )
      .describe("Attributes the document gave a value for, in the node's attribute order"),
    missing: z.array(z.string()).describe("Attributes the document gave no value for"),
  })
  .meta({ id: "AttributeSuggestions" });
export type TAttributeSuggestions = z.infer<typeof ZAttributeSuggestions>;

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
  suggest: defineEndpoint({
    method: "POST",
    path: "/api/v3/files/{id}/facets/suggest",
    tag,
    category,
    auth: "required",
    summary: "Suggest a content type's attribute values from the document",
    description: [
      "Reads the values of the node's attributes (own and inherited) from the file's stored pages with the extract engine: the attributes' types become the JSON Schema (text → string, number → number, date → `YYYY-MM-DD`, boolean, select → enum of its choices, multi-select → array of choices). Nothing is saved: accept a suggestion with `set_attributes` (or `classify` with `values`). Values are checked against the attribute, so a suggestion can be saved unchanged.",
      "Needs the editor role on the file's workspace (viewers get 403 `insufficient_permissions`); the file must be ingested (else 404 `document_file_not_found`) and within the synchronous extract page limit (else 400 `max_pages_exceeded`). Unknown node → 400 `content_type_unknown`. Metered as `extraction` by pages read, like POST /api/v3/extract.",
    ].join("\n"),
    params,
    body: ZSuggestBody,
    responses: { 200: { description: "Suggested values", schema: ZAttributeSuggestions } },
    errors: [
      "not_found",
      "insufficient_permissions",
      "content_type_unknown",
      "document_file_not_found",
      "max_pages_exceeded",
      "extraction_failed",
      "extraction_timeout",
      "extraction_upstream_error",
    ],
    metered: "extraction",
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
