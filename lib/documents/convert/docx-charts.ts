// Charts in a DOCX: mammoth drops a drawing it cannot show as an image, and a chart's numbers with it. Before
// mammoth reads the document, each chart drawing becomes a run holding a marker; after conversion a marker on
// a line of its own becomes the chart's title and data table (ooxml-chart.ts), one inside a table cell its title.
import { chartMarkdown } from "@/lib/documents/convert/ooxml-chart";
import { chartParts } from "@/lib/documents/convert/ooxml-parts";
import type { ZipArchive } from "@/lib/documents/zip";

const DRAWING = /<w:drawing>(?:(?!<\/w:drawing>)[\s\S])*<\/w:drawing>/g;
const MARKER = /\uE010chart(\d+)\uE010/g;

export interface MarkedCharts {
  /** The main part with chart drawings replaced by marker runs (the input itself when it has none). */
  xml: string;
  /** Puts the charts' Markdown where their markers ended up in a page's Markdown. */
  insert: (markdown: string) => string;
}

export async function markCharts(zip: ZipArchive, part: string, xml: string): Promise<MarkedCharts> {
  if (!xml.includes("drawingml/2006/chart")) return { xml, insert: (md) => md };
  const ids: string[] = [];
  const marked = xml.replace(DRAWING, (drawing) => {
    const id = /<c:chart\b[^>]*\br:id="([^"]*)"/.exec(drawing)?.[1];
    if (!id) return drawing;
    ids.push(id);
    return `<w:t>\uE010chart${ids.length - 1}\uE010</w:t>`;
  });
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
