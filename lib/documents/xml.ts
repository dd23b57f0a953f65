// A small, strict, non-validating XML parser for OOXML/ODF parts (read from ZIP containers by ./zip).
// No DTDs (so no entity expansion attacks), only the predefined and numeric entities, a depth cap.
// Namespace prefixes are normalised to the conventional ones (w:, a:, p:, r:, text:, table:, draw:, …)
// whatever prefix a file declares.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const NS: Record<string, string> = {
  "http://schemas.openxmlformats.org/wordprocessingml/2006/main": "w",
  "http://purl.oclc.org/ooxml/wordprocessingml/main": "w",
  "http://schemas.openxmlformats.org/drawingml/2006/main": "a",
  "http://purl.oclc.org/ooxml/drawingml/main": "a",
  "http://schemas.openxmlformats.org/presentationml/2006/main": "p",
  "http://purl.oclc.org/ooxml/presentationml/main": "p",
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships": "r",
  "http://purl.oclc.org/ooxml/officeDocument/relationships": "r",
  "http://schemas.openxmlformats.org/package/2006/relationships": "",
  "http://schemas.openxmlformats.org/package/2006/content-types": "",
  "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties": "",
  "urn:oasis:names:tc:opendocument:xmlns:office:1.0": "office",
  "urn:oasis:names:tc:opendocument:xmlns:style:1.0": "style",
  "urn:oasis:names:tc:opendocument:xmlns:text:1.0": "text",
  "urn:oasis:names:tc:opendocument:xmlns:table:1.0": "table",
  "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0": "draw",
  "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0": "presentation",
  "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0": "fo",
  "urn:oasis:names:tc:opendocument:xmlns:meta:1.0": "meta",
  "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0": "manifest",
  "http://www.w3.org/1999/xlink": "xlink",
};

const MAX_DEPTH = 256;

export function decodeXmlText(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder("utf-16le").decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder("utf-16be").decode(data);
  return new TextDecoder("utf-8").decode(data); // strips a UTF-8 BOM
}

/** The five XML entities and character references decoded. */
export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_, e: string) => {
    if (e[0] === "#") {
      const cp = e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
    }
    return ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" } as Record<string, string>)[e];
  });
}

interface Frame {
  el: XmlElement;
  raw: string;
  ns: Map<string, string>;
}

export function parseXml(s: string): XmlElement {
  const doc: XmlElement = { name: "#document", attrs: {}, children: [] };
  const stack: Frame[] = [{ el: doc, raw: "", ns: new Map([["xml", "xml"]]) }];
  const text = (t: string) => {
    const kids = stack[stack.length - 1].el.children;
    if (stack.length === 1) return; // text outside the root element
    if (typeof kids[kids.length - 1] === "string") kids[kids.length - 1] += t;
    else kids.push(t);
  };
  const resolve = (raw: string, ns: Map<string, string>, isAttr: boolean) => {
    const colon = raw.indexOf(":");
    if (colon < 0 && isAttr) return raw;
    const prefix = colon < 0 ? "" : raw.slice(0, colon);
    const local = raw.slice(colon + 1);
    const uri = ns.get(prefix);
    const canon = uri === undefined ? undefined : NS[uri];
    if (canon === undefined) return raw;
    return canon ? `${canon}:${local}` : local;
  };
  let i = 0;
  while (i < s.length) {
    const lt = s.indexOf("<", i);
    if (lt === -1 || lt > i) text(decodeEntities(s.slice(i, lt === -1 ? s.length : lt)));
    if (lt === -1) break;
    const closeAt = (marker: string, from: number) => {
      const e = s.indexOf(marker, from);
      if (e < 0) throw new Error(`unterminated markup at offset ${lt}`);
      return e;
    };
    if (s.startsWith("<!--", lt)) {
      i = closeAt("-->", lt + 4) + 3;
      continue;
    }
    if (s.startsWith("<![CDATA[", lt)) {
      const e = closeAt("]]>", lt + 9);
      text(s.slice(lt + 9, e));
      i = e + 3;
      continue;
    }
    if (s.startsWith("<?", lt)) {
      i = closeAt("?>", lt + 2) + 2;
      continue;
    }
    if (s.startsWith("<!", lt)) throw new Error("DTDs and entity declarations are not allowed");
    if (s[lt + 1] === "/") {
      const e = closeAt(">", lt);
      const name = s.slice(lt + 2, e).trim();
      const top = stack[stack.length - 1];
      if (stack.length === 1 || top.raw !== name) throw new Error(`unexpected </${name}> at offset ${lt}`);
      stack.pop();
      i = e + 1;
      continue;
    }
    let j = lt + 1;
    for (let quote = ""; j < s.length; j++) {
      const c = s[j];
      if (quote) {
        if (c === quote) quote = "";
      } else if (c === '"' || c === "'") quote = c;
      else if (c === ">") break;
    }
    if (j >= s.length) throw new Error(`unterminated tag at offset ${lt}`);
    let body = s.slice(lt + 1, j);
    const selfClosing = body.endsWith("/");
    if (selfClosing) body = body.slice(0, -1);
    const rawName = /^[^\s/>]+/.exec(body)?.[0];
    if (!rawName) throw new Error(`malformed tag at offset ${lt}`);
    const parent = stack[stack.length - 1];
    const rawAttrs: [string, string][] = [];
    let ns = parent.ns;
    for (const m of body.slice(rawName.length).matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const value = decodeEntities(m[2] ?? m[3] ?? "");
      if (m[1] === "xmlns" || m[1].startsWith("xmlns:")) {
        if (ns === parent.ns) ns = new Map(parent.ns);
        ns.set(m[1] === "xmlns" ? "" : m[1].slice(6), value);
      } else rawAttrs.push([m[1], value]);
    }
    const attrs: Record<string, string> = {};
    for (const [k, v] of rawAttrs) attrs[resolve(k, ns, true)] = v;
    const el: XmlElement = { name: resolve(rawName, ns, false), attrs, children: [] };
    if (stack.length === 1 && doc.children.length) throw new Error("more than one root element");
    parent.el.children.push(el);
    if (!selfClosing) {
      if (stack.length > MAX_DEPTH) throw new Error(`elements nested deeper than ${MAX_DEPTH}`);
      stack.push({ el, raw: rawName, ns });
    }
    i = j + 1;
  }
  if (stack.length > 1) throw new Error(`unclosed <${stack[stack.length - 1].raw}>`);
  const root = doc.children[0];
  if (!root || typeof root === "string") throw new Error("no root element");
  return root;
}

/** Element children, optionally only those with the given (normalised) name. */
export function xmlChildren(el: XmlElement | undefined, name?: string): XmlElement[] {
  if (!el) return [];
  return el.children.filter((c): c is XmlElement => typeof c !== "string" && (name === undefined || c.name === name));
}

export function xmlChild(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c): c is XmlElement => typeof c !== "string" && c.name === name);
}

/** Depth-first search for descendants with the given name (not descending into matches). */
export function xmlFind(el: XmlElement | undefined, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el?.children ?? []) {
    if (typeof c === "string") continue;
    if (c.name === name) out.push(c);
    else xmlFind(c, name, out);
  }
  return out;
}
