// External references stripped from HTML, XHTML and SVG before a renderer (LibreOffice) sees them: a renderer
// fetches what a page links (images, stylesheets, frames, fonts), which lets an uploaded page make the server
// request any URL, its own loopback services included (blind SSRF), or read local files into a preview.
//
// The markup is parsed (htmlparser2) and written out again, so that the renderer reads exactly what was checked:
// every attribute value re-quoted and escaped, text escaped, comments and processing instructions dropped,
// CSS with its escapes decoded. What can load something is removed: script, iframe, frame, object, embed,
// applet, base, link and meta http-equiv (refresh) elements; src/srcset/background/poster/… attributes and
// non-link href/xlink:href unless they hold a fragment or an inline raster image (data:image/png…); CSS url()
// and @import. Hyperlinks (<a href>) stay: they are never fetched.
import { Parser } from "htmlparser2";

export interface NeutralizeMarkupOptions {
  /** XHTML and SVG: XML syntax (case kept, CDATA, self-closing tags). */
  xml?: boolean;
}

/** Elements removed with their content. */
const DROPPED = new Set(["script", "iframe", "frame", "object", "embed", "applet", "base", "link", "param", "noembed", "portal", "fencedframe"]);
/** Attributes (local names) that make a renderer fetch their URL. */
const URL_ATTRS = new Set(["src", "lowsrc", "dynsrc", "background", "poster", "data", "href", "usemap"]);
/** Attributes dropped whatever they hold (URL lists, plug-in code, beacons). */
const DROPPED_ATTRS = new Set(["srcset", "imagesrcset", "ping", "archive", "code", "codebase", "classid", "manifest", "profile", "icon"]);
/** Elements whose href is a hyperlink (followed by a reader, never fetched by the renderer). */
const LINK_ELEMENTS = new Set(["a", "area"]);
const VOID = new Set(["area", "br", "col", "hr", "img", "input", "meta", "source", "track", "wbr", "keygen", "basefont", "bgsound", "spacer"]);
const NAME = /^[A-Za-z_][\w:.-]*$/;

const localName = (name: string) => name.slice(name.lastIndexOf(":") + 1).toLowerCase();

/** A URL a renderer may load: a fragment of the same document, or an inline raster image. */
export function isInertUrl(value: string): boolean {
  // Renderers drop ASCII whitespace and control characters inside URLs ("jav\tascript:", " http://").
  const url = value.replace(/[\u0000-\u0020\u007f]/g, "");
  if (url === "" || url.startsWith("#")) return true;
  return /^data:image\/(?:png|jpe?g|gif|webp|bmp)[;,]/i.test(url);
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

/** CSS escapes decoded (`\75 rl(` is `url(`), so that what is checked is what a renderer reads. */
function decodeCssEscapes(css: string): string {
  return css.replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|([\s\S]))/g, (_m, hex: string, _nl: string, ch: string) => {
    if (hex) {
      const cp = Number.parseInt(hex, 16);
      return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? "\ufffd" : String.fromCodePoint(cp);
    }
    return ch ?? "";
  });
}

/**
 * CSS with every url() that is not inert replaced by `none`, @import rules removed and no escapes left (a
 * backslash that survives one decoding could make a second one produce `url(`).
 */
export function neutralizeCss(css: string): string {
  let s = decodeCssEscapes(css).replace(/[\\\u0001]/g, "");
  s = s.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, " ");
  s = s.replace(/@import\b[^;]*(?:;|$)/gi, "");
  const kept: string[] = [];
  s = s.replace(/\burl\s*\(\s*("[^"]*"|'[^']*'|[^)]*?)\s*\)/gi, (m, raw: string) => {
    const url = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
    if (!isInertUrl(url) || url === "") return "none";
    kept.push(m);
    return `\u0001${kept.length - 1}\u0001`;
  });
  // Unterminated url( and the image functions that take a plain string.
  s = s.replace(/\b(?:url|(?:-webkit-)?image-set|image|cross-fade|element)\s*\(/gi, "x-blocked(");
  return s.replace(/\u0001(\d+)\u0001/g, (_m, i: string) => kept[Number(i)]);
}

/** The markup with its external references removed (see the file header). */
export function neutralizeMarkup(markup: string, opts: NeutralizeMarkupOptions = {}): string {
  const xml = !!opts.xml;
  const out: string[] = [];
  let skip = 0;
  let style: string[] | null = null;
  let styleDepth = 0;
  let depth = 0;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        depth++;
        if (skip) return void skip++;
        const local = localName(name);
        const meta = local === "meta" && Object.keys(attribs).some((a) => a.toLowerCase() === "http-equiv");
        if (DROPPED.has(local) || meta || !NAME.test(name)) return void (skip = 1);
        let tag = `<${name}`;
        for (const [attr, value] of Object.entries(attribs)) {
          const a = localName(attr);
          if (!NAME.test(attr) || a.startsWith("on") || DROPPED_ATTRS.has(a)) continue;
          // The renderer gets UTF-8 (with a BOM), whatever the page declared.
          if (a === "charset" && local === "meta") {
            tag += ` ${attr}="utf-8"`;
            continue;
          }
          if (a === "style") {
            tag += ` ${attr}="${escapeAttr(neutralizeCss(value))}"`;
            continue;
          }
          if (URL_ATTRS.has(a) && !(a === "href" && LINK_ELEMENTS.has(local)) && !isInertUrl(value)) continue;
          tag += ` ${attr}="${escapeAttr(value)}"`;
        }
        const empty = !xml && VOID.has(local);
        out.push(`${tag}${empty ? " /" : ""}>`);
        if (local === "style") {
          style = [];
          styleDepth = depth;
        }
      },
      onclosetag(name) {
        depth--;
        if (skip) return void skip--;
        if (style && depth === styleDepth - 1) {
          const css = neutralizeCss(style.join(""));
          // Raw text in HTML: no markup or entity may appear in it; in XML it is ordinary, escaped text.
          out.push(xml ? escapeText(css) : css.replace(/[<&]/g, ""));
          style = null;
        }
        if (!xml && VOID.has(localName(name))) return;
        if (NAME.test(name)) out.push(`</${name}>`);
      },
      ontext(text) {
        if (skip) return;
        if (style) style.push(text);
        else out.push(escapeText(text));
      },
      onprocessinginstruction(name) {
        if (skip) return;
        const n = name.toLowerCase();
        // A doctype may name an external DTD, a PI a stylesheet: only the two harmless forms are written.
        if (n === "!doctype") out.push(xml ? "" : "<!DOCTYPE html>");
        else if (n === "?xml") out.push('<?xml version="1.0" encoding="UTF-8"?>');
      },
    },
    { xmlMode: xml, decodeEntities: true, recognizeCDATA: xml, recognizeSelfClosing: xml, lowerCaseTags: !xml, lowerCaseAttributeNames: !xml },
  );
  parser.write(markup);
  parser.end();
  return out.join("");
}
