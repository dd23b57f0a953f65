// Attribute values of one content-type node read from a file's stored pages by the configured extractor
// (lib/ai/extraction): the node's carried attributes become the JSON Schema, the one document-level row
// comes back as values each attribute accepts. Shared by suggestions (console, API) and automatic filling.
import { extractor } from "@/lib/ai/extraction";
import { coerceRows } from "@/lib/ai/extraction/coerce";
import { db } from "@/lib/db/client";
import type { ContentType, ContentTypeAttribute, File } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { loadFilePages } from "@/lib/extract/extract-source";
import { log } from "@/lib/log";
import { attributesSchema, valuesFromRow } from "./attribute-schema";
import type { JsonValue } from "./attribute-types";
import { type Client, carriedAttributes, loadCompanyTree } from "./content-type-tree";

/** Time one extraction may take (the offline extractor needs well under a second per page). */
const EXTRACT_TIMEOUT_MS = 120_000;

export interface ExtractedValues {
  values: Record<string, JsonValue>;
  pagesProcessed: number;
  attributes: ContentTypeAttribute[];
}

/** The attributes a node carries (own and inherited), in the order the console shows them. */
export async function carriedBy(node: ContentType, client: Client = db()): Promise<ContentTypeAttribute[]> {
  const tree = await loadCompanyTree(node.companyId, client);
  return (carriedAttributes(tree.nodes, tree.attributes).get(node.id) ?? []).map((c) => c.attribute);
}

/**
 * Extracts the node's attribute values from the file's current pages. Errors: the page source's
 * (document_file_not_found while the file is not ready, max_pages_exceeded) and the extractor's
 * (extraction_failed, extraction_timeout, extraction_upstream_error).
 */
export async function extractAttributeValues(file: File, node: ContentType, opts: { isAsync: boolean }): Promise<ExtractedValues> {
  const attributes = await carriedBy(node);
  if (attributes.length === 0) return { values: {}, pagesProcessed: 0, attributes };
  const { pages } = await loadFilePages(file.id, file.contentVersion, undefined, opts.isAsync);
  const schema = attributesSchema(attributes);
  const signal = AbortSignal.timeout(EXTRACT_TIMEOUT_MS);
  try {
    const result = await extractor().extract({ schema, filename: file.filename, pages, granularity: "document", signal });
    const [row] = coerceRows(schema, result.rows.slice(0, 1), { locale: result.locale });
    return { values: valuesFromRow(attributes, row), pagesProcessed: result.pagesProcessed, attributes };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (signal.aborted) throw new AppError("extraction_timeout", "Reading the attribute values did not finish in time.");
    log.error("attribute extraction failed", { fileId: file.id, contentTypeId: node.id, err });
    throw new AppError("extraction_failed", "Reading the attribute values failed unexpectedly.");
  }
}
