// PPTX → Markdown, one page per slide in presentation order (p:sldIdLst through the presentation's
// relationships). The title placeholder becomes `# title`; body paragraphs with bullet levels become nested
// lists; a:tbl tables become GFM tables, charts their title and data table (ooxml-chart.ts); other text boxes
// become paragraphs. Speaker notes are not included.

import { chartMarkdown } from "@/lib/documents/convert/ooxml-chart";
import { chartParts, relationships } from "@/lib/documents/convert/ooxml-parts";
import { pagesOutput, renderingFailed, throwIfAborted, wantedPages } from "@/lib/documents/convert/shared";
import { ooxmlMainPart } from "@/lib/documents/detect";
import { escapeMarkdownInline, escapeMarkdownText, type ListItem, markdownList, markdownTable } from "@/lib/documents/markdown-write";
import type { Converter } from "@/lib/documents/types";
import { type XmlElement, type XmlNode, xmlChild, xmlChildren, xmlFind } from "@/lib/documents/xml";
import { openZip, type ZipArchive } from "@/lib/documents/zip";

export const convertPptx: Converter = async ({ bytes, options }) => {
  throwIfAborted(options.signal);
  const zip = await openZip(bytes);
  try {
    const { part } = await ooxmlMainPart(zip);
    const slides = await slideParts(zip, part);
    const wanted = wantedPages(options, Math.max(1, slides.length));
    const markdowns: string[] = [];
    for (const [i, page] of wanted.entries()) {
      throwIfAborted(options.signal);
      const slide = slides[page - 1];
      markdowns[page - 1] = slide ? await slideWithCharts(zip, slide) : "";
      options.onProgress?.(i + 1, wanted.length);
    }
    return pagesOutput(markdowns, options, Math.max(1, slides.length));
  } catch (err) {
    throw renderingFailed(err, "PPTX", options.signal);
  } finally {
    zip.close();
  }
};

/** A slide's Markdown, with the chart parts its graphic frames refer to read first. */
async function slideWithCharts(zip: ZipArchive, part: string): Promise<string> {
  const slide = await zip.readXml(part);
  const refs = xmlFind(slide, "c:chart").map((ref) => ref.attrs["r:id"] ?? "");
  return slideMarkdown(slide, refs.length ? await chartParts(zip, part, refs) : new Map());
}

async function slideParts(zip: ZipArchive, presentation: string): Promise<string[]> {
  const root = await zip.readXml(presentation);
  const rels = await relationships(zip, presentation);
  const ids = xmlChildren(xmlChild(root, "p:sldIdLst"), "p:sldId").map((s) => s.attrs["r:id"]);
  return ids.map((id) => rels.get(id)).filter((p): p is string => !!p && zip.has(p));
}

// --- slide content -----------------------------------------------------------------------------------------

function placeholder(shape: XmlElement): XmlElement | undefined {
  const nv = xmlChild(shape, "p:nvSpPr") ?? xmlChild(shape, "p:nvGraphicFramePr");
  return xmlChild(xmlChild(nv, "p:nvPr"), "p:ph");
}

/** Shapes in tree order, group shapes flattened. */
function shapes(tree: XmlElement | undefined, out: XmlElement[] = []): XmlElement[] {
  for (const el of xmlChildren(tree)) {
    if (el.name === "p:grpSp") shapes(el, out);
    else if (el.name === "p:sp" || el.name === "p:graphicFrame") out.push(el);
    else if (el.name === "mc:AlternateContent") shapes(xmlChild(el, "mc:Choice") ?? xmlChild(el, "mc:Fallback"), out);
  }
  return out;
}

/** A slide as Markdown; `charts` holds the chart parts of its graphic frames by relationship id. */
export function slideMarkdown(slide: XmlElement, charts: ReadonlyMap<string, XmlElement> = new Map()): string {
  const all = shapes(xmlChild(xmlChild(slide, "p:cSld"), "p:spTree"));
  const isTitle = (s: XmlElement) => /^(title|ctrTitle)$/.test(placeholder(s)?.attrs.type ?? "");
  const blocks: string[] = [];
  const title = all.find(isTitle);
  if (title) {
    const text = paragraphs(xmlChild(title, "p:txBody"))
      .map((p) => p.text)
      .filter(Boolean)
      .join(" ");
    if (text) blocks.push(`# ${text}`);
  }
  for (const shape of all) {
    if (shape === title) continue;
    if (shape.name === "p:graphicFrame") {
      for (const table of xmlFind(shape, "a:tbl")) blocks.push(tableMarkdown(table));
      for (const ref of xmlFind(shape, "c:chart")) {
        const chart = charts.get(ref.attrs["r:id"] ?? "");
        if (chart) blocks.push(chartMarkdown(chart));
      }
      continue;
    }
    const ph = placeholder(shape);
    if (ph && /^(dt|ftr|sldNum|hdr)$/.test(ph.attrs.type ?? "")) continue; // date, footer, slide number
    const bulletsByDefault = !!ph && /^(body|obj|)$/.test(ph.attrs.type ?? "");
    blocks.push(...textBlocks(xmlChild(shape, "p:txBody"), bulletsByDefault));
  }
  return blocks.filter(Boolean).join("\n\n");
}

interface Para {
  text: string;
  level: number;
  bullet: "none" | "bullet" | "number" | "default";
}

function runText(node: XmlNode): string {
  if (typeof node === "string") return "";
  if (node.name === "a:t") return node.children.filter((c): c is string => typeof c === "string").join("");
  if (node.name === "a:br") return "\n";
  if (node.name === "a:rPr" || node.name === "a:pPr" || node.name === "a:endParaRPr") return "";
  return node.children.map(runText).join("");
}

function paragraphs(txBody: XmlElement | undefined): Para[] {
  return xmlChildren(txBody, "a:p").map((p) => {
    const pPr = xmlChild(p, "a:pPr");
    const bullet = xmlChild(pPr, "a:buNone")
      ? "none"
      : xmlChild(pPr, "a:buAutoNum")
        ? "number"
        : xmlChild(pPr, "a:buChar") || xmlChild(pPr, "a:buBlip")
          ? "bullet"
          : "default";
    const text = p.children
      .map(runText)
      .join("")
      .replace(/[ \t\u00a0]+/g, " ")
      .trim();
    return { text, level: Math.min(Number(pPr?.attrs.lvl) || 0, 8), bullet };
  });
}

function textBlocks(txBody: XmlElement | undefined, bulletsByDefault: boolean): string[] {
  const blocks: string[] = [];
  let list: ListItem[] = [];
  const flush = () => {
    if (list.length) blocks.push(markdownList(list));
    list = [];
  };
  for (const p of paragraphs(txBody)) {
    if (!p.text) continue;
    const text = p.text.split("\n").map(escapeMarkdownText).join("\n");
    const bulleted = p.bullet === "bullet" || p.bullet === "number" || (p.bullet === "default" && bulletsByDefault);
    if (bulleted) list.push({ level: p.level, ordered: p.bullet === "number", text });
    else {
      flush();
      blocks.push(text.replace(/\n/g, "  \n"));
    }
  }
  flush();
  return blocks;
}

/** A merged cell's text is repeated over the cells it covers (hMerge: from the left, vMerge: from above). */
function tableMarkdown(tbl: XmlElement): string {
  const rows: string[][] = [];
  for (const tr of xmlChildren(tbl, "a:tr")) {
    const row: string[] = [];
    for (const tc of xmlChildren(tr, "a:tc")) {
      const col = row.length;
      if (tc.attrs.hMerge === "1" || tc.attrs.hMerge === "true") row.push(row[col - 1] ?? "");
      else if (tc.attrs.vMerge === "1" || tc.attrs.vMerge === "true") row.push(rows[rows.length - 1]?.[col] ?? "");
      else
        row.push(
          paragraphs(xmlChild(tc, "a:txBody"))
            .map((p) => escapeMarkdownInline(p.text.replace(/\n/g, " ")))
            .filter(Boolean)
            .join("\n"),
        );
    }
    rows.push(row);
  }
  return markdownTable(rows);
}
