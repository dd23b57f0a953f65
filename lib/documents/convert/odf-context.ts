// The context an ODF document is read in: its paragraph and list styles (heading levels, page breaks, numbered
// list levels, looked up along parent styles) and its embedded charts.
import { type XmlElement, xmlChild, xmlChildren, xmlFind } from "@/lib/documents/xml";
import type { ZipArchive } from "@/lib/documents/zip";

export interface Style {
  name: string;
  attrs: Record<string, string>;
  props: Record<string, string>;
}
export interface Ctx {
  styles: Map<string, Style>;
  /** List style → levels (1-based) that are numbered. */
  numbered: Map<string, Set<number>>;
  /** Inside a table cell: a nested table is written as its text, inline (GFM cannot nest tables). */
  inCell?: boolean;
  /** Embedded charts (draw:object) by their href: the chart's title and data table. */
  charts: Map<string, XmlElement>;
}

/** Embedded objects read at most (a hostile document could embed thousands). */
const MAX_OBJECTS = 50;

/** The `chart:chart` of each embedded chart object (`<draw:object xlink:href="./Object 1">`), by href. */
async function embeddedCharts(zip: ZipArchive, content: XmlElement): Promise<Map<string, XmlElement>> {
  const charts = new Map<string, XmlElement>();
  const hrefs = new Set(xmlFind(content, "draw:object").map((o) => o.attrs["xlink:href"] ?? ""));
  for (const href of [...hrefs].slice(0, MAX_OBJECTS)) {
    const part = `${href.replace(/^\.\//, "").replace(/\/$/, "")}/content.xml`;
    if (!href || href.includes("..") || !zip.has(part)) continue;
    const chart = xmlFind(await zip.readXml(part), "chart:chart")[0];
    if (chart) charts.set(href, chart);
  }
  return charts;
}

export async function styleContext(zip: ZipArchive, content: XmlElement): Promise<Ctx> {
  const ctx: Ctx = { styles: new Map(), numbered: new Map(), charts: await embeddedCharts(zip, content) };
  const sections = [xmlChild(content, "office:automatic-styles")];
  if (zip.has("styles.xml")) {
    const styles = await zip.readXml("styles.xml");
    sections.unshift(xmlChild(styles, "office:styles"));
  }
  for (const section of sections) {
    for (const el of xmlChildren(section)) {
      if (el.name === "style:style" && el.attrs["style:name"]) {
        const props: Record<string, string> = {};
        for (const p of xmlChildren(el)) Object.assign(props, p.attrs);
        ctx.styles.set(el.attrs["style:name"], { name: el.attrs["style:name"], attrs: el.attrs, props });
      } else if (el.name === "text:list-style" && el.attrs["style:name"]) {
        const levels = new Set<number>();
        for (const lvl of xmlChildren(el, "text:list-level-style-number")) levels.add(Number(lvl.attrs["text:level"]) || 1);
        ctx.numbered.set(el.attrs["style:name"], levels);
      }
    }
  }
  return ctx;
}

/** First value found along the style's parent chain. */
export function lookup<T>(ctx: Ctx, name: string | undefined, pick: (s: Style) => T | undefined): T | undefined {
  for (let depth = 0; name && depth < 20; depth++) {
    const style = ctx.styles.get(name);
    if (!style) return undefined;
    const v = pick(style);
    if (v !== undefined) return v;
    name = style.attrs["style:parent-style-name"];
  }
  return undefined;
}

export function headingLevel(ctx: Ctx, styleName: string | undefined): number | undefined {
  return lookup(ctx, styleName, (s) => {
    const outline = Number(s.attrs["style:default-outline-level"]);
    if (outline > 0) return Math.min(outline, 6);
    const m = /^Heading(?:_20_| )([1-9]|10)$/.exec(s.attrs["style:display-name"] ?? s.name) ?? /^Heading_20_([1-9]|10)$/.exec(s.name);
    if (m) return Math.min(Number(m[1]), 6);
    return /^Title$/.test(s.name) ? 1 : undefined;
  });
}

export function breaks(ctx: Ctx, styleName: string | undefined): { before: boolean; after: boolean } {
  const before = lookup(ctx, styleName, (s) =>
    s.props["fo:break-before"] ? s.props["fo:break-before"] === "page" : s.attrs["style:master-page-name"] ? true : undefined,
  );
  const after = lookup(ctx, styleName, (s) => (s.props["fo:break-after"] ? s.props["fo:break-after"] === "page" : undefined));
  return { before: !!before, after: !!after };
}
