// Which of a company's auto-assign tags a document matches. A tag matches when its name occurs in the text
// as a whole word or phrase (case-insensitive), or when most keywords of its description do: at least
// DESCRIPTION_SHARE of its distinct content words (stopwords and words under 3 letters dropped, compared by
// 6-letter stems so "invoices" finds "invoice"), and at least MIN_DESCRIPTION_HITS of them.
import { stems } from "@/lib/documents/summarize";

export const DESCRIPTION_SHARE = 0.6;
export const MIN_DESCRIPTION_HITS = 2;

export interface AutoTag {
  id: number;
  name: string;
  description: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Name match on word boundaries (Unicode letters and digits), whitespace inside the name matching any run. */
export function nameOccurs(name: string, text: string): boolean {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return false;
  const pattern = words.map(escapeRegExp).join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

/** Distinct keyword stems of a tag description. */
export function descriptionKeywords(description: string): string[] {
  const words = (description.toLowerCase().match(/[\p{L}\p{M}]{3,}/gu) ?? []).join(" ");
  return [...new Set(stems(words))];
}

export function matchAutoTags(text: string, tags: AutoTag[]): AutoTag[] {
  if (!tags.length || !text.trim()) return [];
  const docStems = new Set(stems(text));
  return tags.filter((tag) => {
    if (nameOccurs(tag.name, text)) return true;
    const keywords = descriptionKeywords(tag.description);
    if (keywords.length < MIN_DESCRIPTION_HITS) return false;
    const hits = keywords.filter((k) => docStems.has(k)).length;
    return hits >= MIN_DESCRIPTION_HITS && hits / keywords.length >= DESCRIPTION_SHARE;
  });
}
