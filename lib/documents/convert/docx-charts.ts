// Charts in a DOCX: mammoth drops a drawing it cannot show as an image, and a chart's numbers with it. Before
// mammoth reads the document, each chart drawing becomes a run holding a marker; after conversion a marker on
// a line of its own becomes the chart's title and data table (ooxml-chart.ts), one inside a table cell its title.
import { chartMarkdown } from "@/lib/documents/convert/ooxml-chart";
import { chartParts, MAX_CHARTS } from "@/lib/documents/convert/ooxml-parts";
import type { ZipArchive } from "@/lib/documents/zip";

const MARKER = /\uE010chart(\d+)\uE010/g;

export interface MarkedCharts {
  /** The main part with chart drawings replaced by marker runs (the input itself when it has none). */
  xml: string;
  /** Puts the charts' Markdown where their markers ended up in a page's Markdown. */
  insert: (markdown: string) => string;
}

export async function markCharts(zip: ZipArchive, part: string, xml: string): Promise<MarkedCharts> {
  if (!xml.includes("drawingml/2006/chart")) return { xml, insert: (md) => md };
  // Each chart reference is cut out with the drawing around it, found by indexOf from the reference: linear in the
  // document (a pattern spanning from <w:drawing> to </w:drawing> is quadratic on unclosed drawings).
  const ids: string[] = [];
  let marked = "";
  let pos = 0;
  const refs = /<c:chart\b[^>]*\br:id="([^"]*)"/g;
  let tries = 0;
  for (let m = refs.exec(xml); m && ids.length < MAX_CHARTS && tries++ < 4 * MAX_CHARTS; m = refs.exec(xml)) {
    const start = xml.lastIndexOf("<w:drawing>", m.index);
    const end = xml.indexOf("</w:drawing>", m.index);
    if (start < pos || end < 0 || xml.lastIndexOf("</w:drawing>", m.index) > start) continue; // not inside a drawing
    ids.push(m[1]);
    marked += `${xml.slice(pos, start)}<w:t>\uE010chart${ids.length - 1}\uE010</w:t>`;
    pos = end + "</w:drawing>".length;
    refs.lastIndex = pos;
  }
  marked += xml.slice(pos);
  const parts = await chartParts(zip, part, ids);
  const markdowns = ids.map((id) => {
    const chart = parts.get(id);
    return chart ? chartMarkdown(chart) : "";
  });
  const insert = (markdown: string) =>
    markdown
      .split("\n")
      .map((line) => {
        if (!line.includes("\uE010chart")) return line;
        const inCell = line.trimStart().startsWith("|");
        return line.replace(MARKER, (_, n: string) => {
          const chart = markdowns[Number(n)] ?? "";
          if (inCell) return chart.split("\n")[0].startsWith("|") ? "" : chart.split("\n")[0];
          return chart ? `\n\n${chart}\n\n` : "";
        });
      })
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
  return { xml: marked, insert };
}
