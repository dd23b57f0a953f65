// POST /api/v3/files/{id}/facets/suggest: attribute values for one content-type node read from the file
// by the extract engine, offered to accept or edit; nothing is stored but the usage event. Needs the
// editor role on the file's workspace (the values are meant to be saved); metered as `extraction`.
import type { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { recordUsage, usageFrom } from "@/lib/billing/record-usage";
import type { ZAttributeSuggestions } from "@/lib/contracts/facets";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { findEditableFile } from "@/lib/files/file-access";
import { fromStored } from "./attribute-types";
import { extractAttributeValues } from "./extract-attribute-values";
import { nodeAt } from "./manage-content-types";

type TAttributeSuggestions = z.output<typeof ZAttributeSuggestions>;

export async function suggestFileAttributes(p: Principal, fileId: number, path: string): Promise<TAttributeSuggestions> {
  const { file } = await findEditableFile(p, fileId, "classify");
  const node = await nodeAt(db(), file.companyId, path);
  if (!node) throw new AppError("content_type_unknown", `No content type "${path}" exists in your company.`);
  const { values, pagesProcessed, attributes } = await extractAttributeValues(file, node, { isAsync: false });
  const current = await db().fileAttributeValue.findMany({ where: { fileId: file.id, attributeId: { in: attributes.map((a) => a.id) } } });
  const currentById = new Map(current.map((v) => [v.attributeId, v]));
  await recordUsage({
    ...usageFrom(p),
    feature: "extraction",
    quantity: pagesProcessed,
    metadata: { file_id: file.id, content_type_path: node.path, purpose: "attribute_suggestions", found: Object.keys(values).length },
  });
  return {
    content_type_path: node.path,
    pages_processed: pagesProcessed,
    suggestions: attributes
      .filter((a) => a.name in values)
      .map((a) => {
        const stored = currentById.get(a.id);
        return {
          name: a.name,
          label: a.label,
          type: a.attributeType as TAttributeSuggestions["suggestions"][number]["type"],
          value: values[a.name] ?? null,
          current_value: stored ? fromStored(a.attributeType, stored) : null,
        };
      }),
    missing: attributes.filter((a) => !(a.name in values)).map((a) => a.name),
  };
}
