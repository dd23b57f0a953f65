// Parts of an OOXML package (docx, pptx) reached through relationships: a part's targets by id, and the chart
// parts (DrawingML charts) a slide or document refers to.
import path from "node:path/posix";
import { type XmlElement, xmlChildren } from "@/lib/documents/xml";
import type { ZipArchive } from "@/lib/documents/zip";

/** Relationship targets of a part, by id, as paths inside the package. */
export async function relationships(zip: ZipArchive, part: string): Promise<Map<string, string>> {
  const relsPath = path.join(path.dirname(part), "_rels", `${path.basename(part)}.rels`);
  const result = new Map<string, string>();
  if (!zip.has(relsPath)) return result;
  for (const rel of xmlChildren(await zip.readXml(relsPath), "Relationship")) {
    const target = rel.attrs.Target ?? "";
    if (rel.attrs.TargetMode === "External" || !rel.attrs.Id) continue;
    result.set(rel.attrs.Id, target.startsWith("/") ? target.slice(1) : path.normalize(path.join(path.dirname(part), target)));
  }
  return result;
}

/** Chart parts read per slide or document at most (a hostile package could refer to thousands). */
export const MAX_CHARTS = 50;

/** The chart parts behind relationship ids of `part` (unknown or missing targets left out), by id. */
export async function chartParts(zip: ZipArchive, part: string, ids: string[]): Promise<Map<string, XmlElement>> {
  const charts = new Map<string, XmlElement>();
  const rels = await relationships(zip, part);
  for (const id of [...new Set(ids)].slice(0, MAX_CHARTS)) {
    const target = rels.get(id);
    if (target && zip.has(target)) charts.set(id, await zip.readXml(target));
  }
  return charts;
}
