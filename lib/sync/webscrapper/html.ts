// What the crawler reads from a page (htmlparser2, streaming, no DOM): title, links, <base href>, and the
// page's robots meta (noindex: not imported; nofollow: links not followed). And the <loc> URLs of a sitemap.
import { Parser } from "htmlparser2";

export interface PageInfo {
  title: string | null;
  links: string[];
  base: string | null;
  noindex: boolean;
  nofollow: boolean;
}

const MAX_LINKS = 2_000;

export function readPage(html: string): PageInfo {
  const info: PageInfo = { title: null, links: [], base: null, noindex: false, nofollow: false };
  let inTitle = false;
  let title = "";
  let h1 = "";
  let inH1 = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "title") inTitle = true;
        else if (name === "h1" && !h1) inH1 = true;
        else if ((name === "a" || name === "area") && attrs.href && info.links.length < MAX_LINKS) {
          if (!/\bnofollow\b/i.test(attrs.rel ?? "")) info.links.push(attrs.href);
        } else if (name === "iframe" && attrs.src && info.links.length < MAX_LINKS) info.links.push(attrs.src);
        else if (name === "base" && attrs.href && !info.base) info.base = attrs.href;
        else if (name === "meta" && /^(robots|docintel)$/i.test(attrs.name ?? "")) {
          const content = (attrs.content ?? "").toLowerCase();
          if (/\b(noindex|none)\b/.test(content)) info.noindex = true;
          if (/\b(nofollow|none)\b/.test(content)) info.nofollow = true;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
        if (inH1) h1 += text;
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
        if (name === "h1") inH1 = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const clean = (s: string) => s.replace(/\s+/g, " ").trim().slice(0, 500);
  info.title = clean(title) || clean(h1) || null;
  return info;
}

/** <loc> entries of a sitemap or sitemap index, and whether it is an index. */
export function readSitemap(xml: string): { urls: string[]; isIndex: boolean } {
  const urls: string[] = [];
  let isIndex = false;
  let inLoc = false;
  let loc = "";
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "sitemapindex") isIndex = true;
        if (name === "loc") {
          inLoc = true;
          loc = "";
        }
      },
      ontext(text) {
        if (inLoc) loc += text;
      },
      onclosetag(name) {
        if (name === "loc") {
          inLoc = false;
          if (loc.trim() && urls.length < 50_000) urls.push(loc.trim());
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { urls, isIndex };
}
