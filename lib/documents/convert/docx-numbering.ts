// Word's automatic numbers of numbered headings ("1.2 Scope", "Article IV"): mammoth writes a heading without
// the number Word shows before it, and a reader citing "section 4.2" cannot find it. The numbering definitions
// (word/numbering.xml) are read here, with the paragraph styles docx-styles.ts read; the caller walks the paragraphs in
// document order and asks for each one's label. Every numbered paragraph advances the counters (a list sharing
// the headings' numbering counts too); labels are only returned for headings.
import type { ParagraphStyles } from "@/lib/documents/convert/docx-styles";
import type { XmlElement } from "@/lib/documents/xml";
import { xmlChild, xmlChildren } from "@/lib/documents/xml";
import type { ZipArchive } from "@/lib/documents/zip";

interface Level {
  start: number;
  format: string;
  text: string;
}

const MAX_LEVELS = 9;
/** A label is computed per numbered paragraph: definitions beyond these sizes are a hostile document's. */
const MAX_DEFINITIONS = 10_000;

const val = (el: XmlElement | undefined) => el?.attrs["w:val"];

/** `labelOf(pPr)` for each paragraph's properties (raw XML) in document order, or null without numbered headings. */
export async function headingNumbering(zip: ZipArchive, styles: ParagraphStyles): Promise<((pPr: string) => string | null) | null> {
  // The styles docx.ts's style map turns into headings (any other numbered paragraph is a list item there).
  const headings = new Set([...styles.all].filter((s) => /^(Heading[1-6]|Title)$/.test(s.id) || s.name === "title").map((s) => s.id));
  if (!zip.has("word/numbering.xml") || headings.size === 0) return null;
  let numbering: XmlElement;
  try {
    numbering = await zip.readXml("word/numbering.xml");
  } catch {
    return null; // mammoth reports broken parts itself
  }
  const abstracts = new Map<string, Level[]>();
  const levelStyles = new Map<string, number>(); // paragraph style id → level of the abstract numbering it is linked to
  for (const abstract of xmlChildren(numbering, "w:abstractNum").slice(0, MAX_DEFINITIONS)) {
    const levels: Level[] = [];
    for (const lvl of xmlChildren(abstract, "w:lvl")) {
      const i = Number(lvl.attrs["w:ilvl"]);
      if (!(i >= 0 && i < MAX_LEVELS)) continue;
      levels[i] = {
        start: Number(val(xmlChild(lvl, "w:start"))) || 0,
        format: val(xmlChild(lvl, "w:numFmt")) ?? "decimal",
        text: val(xmlChild(lvl, "w:lvlText")) ?? "",
      };
      const style = val(xmlChild(lvl, "w:pStyle"));
      if (style) levelStyles.set(style, i);
    }
    abstracts.set(abstract.attrs["w:abstractNumId"], levels);
  }
  const nums = new Map<string, { abstract: string; restart: Map<number, number> }>();
  for (const num of xmlChildren(numbering, "w:num").slice(0, MAX_DEFINITIONS)) {
    const restart = new Map<number, number>();
    for (const override of xmlChildren(num, "w:lvlOverride")) {
      const start = val(xmlChild(override, "w:startOverride"));
      if (start !== undefined) restart.set(Number(override.attrs["w:ilvl"]) || 0, Number(start) || 0);
    }
    nums.set(num.attrs["w:numId"], { abstract: val(xmlChild(num, "w:abstractNumId")) ?? "", restart });
  }
  const styleNumId = (id: string | undefined) => styles.inherited(id, (s) => val(xmlChild(xmlChild(s.pPr, "w:numPr"), "w:numId")));
  const styleLevel = (id: string | undefined) =>
    styles.inherited(id, (s) => {
      const ilvl = xmlChild(xmlChild(s.pPr, "w:numPr"), "w:ilvl");
      return ilvl ? Number(val(ilvl)) : undefined;
    });

  const counters = new Map<string, number[]>();
  const started = new Set<string>();
  return (pPr) => {
    const style = /<w:pStyle\s+w:val="([^"]*)"/.exec(pPr)?.[1];
    const direct = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(pPr)?.[1];
    const numId = direct ? /<w:numId\s+w:val="([^"]*)"/.exec(direct)?.[1] : styleNumId(style);
    const num = numId && numId !== "0" ? nums.get(numId) : undefined;
    const levels = num && abstracts.get(num.abstract);
    if (!numId || !num || !levels) return null;
    const directLevel = direct ? /<w:ilvl\s+w:val="(\d+)"/.exec(direct)?.[1] : undefined;
    const ilvl = Math.min(MAX_LEVELS - 1, Number(directLevel ?? styleLevel(style) ?? (style ? levelStyles.get(style) : 0) ?? 0));
    const counter = counters.get(num.abstract) ?? [];
    counters.set(num.abstract, counter);
    if (!started.has(numId)) {
      started.add(numId); // a numbering instance with a start override restarts its levels when first used
      for (const [level, start] of num.restart) counter[level] = start - 1;
    }
    counter[ilvl] = counter[ilvl] === undefined ? (levels[ilvl]?.start ?? 1) : counter[ilvl] + 1;
    counter.length = ilvl + 1; // deeper levels restart
    if (!style || !headings.has(style)) return null;
    const level = levels[ilvl];
    if (!level || level.format === "bullet" || level.format === "none") return null;
    const label = level.text.replace(/%([1-9])/g, (_, n: string) => {
      const i = Number(n) - 1;
      return formatNumber(counter[i] ?? levels[i]?.start ?? 1, levels[i]?.format ?? "decimal");
    });
    return label.trim() || null;
  };
}

const ROMAN: [number, string][] = [
  [1000, "M"],
  [900, "CM"],
  [500, "D"],
  [400, "CD"],
  [100, "C"],
  [90, "XC"],
  [50, "L"],
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** A counter in one of Word's number formats (decimal for the formats not listed). */
export function formatNumber(n: number, format: string): string {
  switch (format) {
    case "upperRoman":
    case "lowerRoman": {
      let rest = Math.max(1, Math.min(n, 3999));
      let out = "";
      for (const [value, digits] of ROMAN) for (; rest >= value; rest -= value) out += digits;
      return format === "lowerRoman" ? out.toLowerCase() : out;
    }
    case "upperLetter":
    case "lowerLetter": {
      // Word repeats the letter past Z: 27 → AA, 28 → BB.
      const letter = String.fromCharCode(65 + ((Math.max(1, n) - 1) % 26)).repeat(Math.floor((Math.max(1, n) - 1) / 26) + 1);
      return format === "lowerLetter" ? letter.toLowerCase() : letter;
    }
    case "decimalZero":
      return n < 10 ? `0${n}` : String(n);
    default:
      return String(n);
  }
}
