// External references stripped from OOXML (docx, pptx, xlsx) and ODF (odt, odp, ods) containers before a
// renderer opens them. A linked image, OLE object, frame, attached template, video or external workbook is a
// relationship with TargetMode="External" (OOXML) or an xlink:href to a URL or a path outside the package (ODF);
// LibreOffice loads those when it renders. The container is rewritten only when something changed:
// - `*.rels`: every external relationship, and any whose target carries a URL scheme, points nowhere: a
//   hyperlink to "#" (a reference by id cannot tell a hyperlink from an image), anything else to a part
//   that does not exist;
// - XML parts: href/src attributes (any prefix) that hold a URL or a path out of the package are emptied,
//   except on hyperlink elements; Word fields that load by URL (INCLUDEPICTURE, INCLUDETEXT, LINK, IMPORT,
//   DDE) become QUOTE fields, which show their text;
// - HTML parts (altChunk) and SVG images go through neutralize-markup.ts; embedded packages are rewritten too.
import { neutralizeMarkup } from "@/lib/documents/neutralize-markup";
import { decodeEntities, decodeXmlText } from "@/lib/documents/xml";
import { openZip } from "@/lib/documents/zip";
import { writeZip } from "@/lib/documents/zip-write";

/** Where a neutralised non-hyperlink relationship points: a part no package has. */
export const REMOVED_TARGET = "/docintel-removed-external-reference";
const MAX_NESTING = 2;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
export const isZip = (b: Uint8Array) => ZIP_MAGIC.every((v, i) => b[i] === v);

/** A URL with a scheme (http:, file:, smb:, …), a network path (//host, \\host) or an absolute path. */
function leavesPackage(value: string, allowParent: boolean): boolean {
  const v = value.replace(/[\u0000-\u0020\u007f]/g, "");
  if (v === "" || v.startsWith("#")) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return true;
  if (/^[/\\]/.test(v)) return true;
  return !allowParent && /(^|[/\\])\.\.([/\\]|$)/.test(v);
}

const ATTR = /([A-Za-z_][\w.:-]*)(\s*=\s*)(?:"([^"]*)"|'([^']*)')/g;
const START_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)(\s*\/?)>/g;
const local = (name: string) => name.slice(name.lastIndexOf(":") + 1).toLowerCase();

function rewriteAttrs(attrs: string, fn: (name: string, value: string) => string | undefined): string {
  return attrs.replace(ATTR, (m, name: string, eq: string, dq?: string, sq?: string) => {
    const next = fn(name, decodeEntities(dq ?? sq ?? ""));
    return next === undefined ? m : `${name}${eq}"${next}"`;
  });
}

/** OOXML relationships: external targets point nowhere (see the file header). */
export function neutralizeRelationships(xml: string): string {
  return xml.replace(START_TAG, (tag, name: string, attrs: string, end: string) => {
    if (local(name) !== "relationship") return tag;
    const values = new Map<string, string>();
    for (const m of attrs.matchAll(ATTR)) values.set(local(m[1]), decodeEntities(m[3] ?? m[4] ?? ""));
    const external = /^\s*external\s*$/i.test(values.get("targetmode") ?? "");
    if (!external && !leavesPackage(values.get("target") ?? "", true)) return tag;
    const hyperlink = /\/hyperlink$/i.test(values.get("type") ?? "");
    let next = rewriteAttrs(attrs, (attr) => (local(attr) === "target" ? (hyperlink ? "#" : REMOVED_TARGET) : undefined));
    if (!hyperlink) next = next.replace(/\s+[\w.:-]*TargetMode\s*=\s*(?:"[^"]*"|'[^']*')/gi, "");
    return `<${name}${next}${end}>`;
  });
}

/** The field's keyword, which opens its instruction (the URL after it may contain the same words). */
const LOADING_FIELD = /^(\s*)(?:INCLUDEPICTURE|INCLUDETEXT|LINK|IMPORT|DDEAUTO|DDE)\b/i;

/** XML parts: references that leave the package emptied; Word fields that load by URL made inert. */
export function neutralizeXmlPart(xml: string): string {
  let out = xml;
  if (/href|src\s*=/i.test(out)) {
    out = out.replace(START_TAG, (tag, name: string, attrs: string, end: string) => {
      if (local(name) === "a" || !/href|src/i.test(attrs)) return tag;
      const next = rewriteAttrs(attrs, (attr, value) => {
        const a = local(attr);
        return (a === "href" || a === "src") && leavesPackage(value, false) ? "" : undefined;
      });
      return next === attrs ? tag : `<${name}${next}${end}>`;
    });
  }
  if (/instr/i.test(out)) {
    out = out
      .replace(/(<w:instrText\b[^>]*>)([^<]*)/g, (_m, open: string, text: string) => open + text.replace(LOADING_FIELD, "$1QUOTE"))
      .replace(
        /(\bw:instr\s*=\s*)(["'])([^"']*)\2/g,
        (_m, attr: string, q: string, value: string) => attr + q + value.replace(LOADING_FIELD, "$1QUOTE") + q,
      );
  }
  return out;
}

/**
 * Neither OOXML nor ODF allows a DTD: one could hide "External" or a URL behind an entity that a parser
 * expands, or name an external DTD. Removed, entity references it defined no longer parse.
 */
export function withoutDoctype(xml: string): string {
  return xml.includes("<!DOCTYPE") || /<!doctype/i.test(xml) ? xml.replace(/<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>/gi, "") : xml;
}

async function neutralizeEntry(name: string, data: Buffer, depth: number): Promise<Buffer> {
  const lower = name.toLowerCase();
  const text = () => decodeXmlText(data);
  const utf8 = (before: string, after: string) =>
    after === before ? data : Buffer.from(after.replace(/(<\?xml[^>]*encoding\s*=\s*)(["'])[^"']*\2/i, "$1$2UTF-8$2"), "utf8");
  if (lower.endsWith(".rels")) {
    const t = text();
    return utf8(t, neutralizeRelationships(withoutDoctype(t)));
  }
  if (lower.endsWith(".xml")) {
    const t = text();
    return utf8(t, neutralizeXmlPart(withoutDoctype(t)));
  }
  if (/\.(?:html?|xhtml)$/.test(lower)) {
    const t = text();
    return utf8(t, neutralizeMarkup(t));
  }
  if (lower.endsWith(".svg")) {
    const t = text();
    return utf8(t, neutralizeMarkup(t, { xml: true }));
  }
  if (depth < MAX_NESTING && isZip(data)) return neutralizePackage(data, depth + 1).catch(() => data);
  return data;
}

/** The container with its external references removed; the same bytes when it had none. */
export async function neutralizePackage(bytes: Buffer, depth = 0): Promise<Buffer> {
  const zip = await openZip(bytes);
  try {
    const entries: { name: string; data: Buffer; store: boolean }[] = [];
    let changed = false;
    for (const name of zip.listEntries()) {
      const data = await zip.readEntry(name);
      const next = await neutralizeEntry(name, data, depth);
      if (next !== data) changed = true;
      entries.push({ name, data: next, store: name === "mimetype" });
    }
    return changed ? writeZip(entries) : bytes;
  } finally {
    zip.close();
  }
}
