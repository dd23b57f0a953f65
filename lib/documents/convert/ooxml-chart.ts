// An Office chart part (DrawingML chart, `c:chartSpace`) as Markdown: its title and the data it plots as a GFM
// table — categories down, one column per series — read from the values cached in the part (what the chart
// shows; the embedded workbook is not opened). A chart's numbers are what a reader searches for.
import { escapeMarkdownInline, escapeMarkdownText, markdownTable } from "@/lib/documents/markdown-write";
import { type XmlElement, xmlChild, xmlChildren, xmlFind } from "@/lib/documents/xml";

/** Rows and series beyond these are a hostile part's (a chart shows far fewer). */
const MAX_POINTS = 10_000;
const MAX_SERIES = 200;

const textOf = (el: XmlElement | undefined): string =>
  xmlFind(el, "a:t")
    .flatMap((t) => t.children.filter((c): c is string => typeof c === "string"))
    .join("")
    .replace(/\s+/g, " ")
    .trim();

/** The cached points of a `c:strRef`/`c:numRef`/`c:strLit`/`c:numLit` holder, by index. */
function points(holder: XmlElement | undefined): Map<number, string> {
  const out = new Map<number, string>();
  const caches = [
    ...xmlFind(holder, "c:strCache"),
    ...xmlFind(holder, "c:numCache"),
    ...xmlFind(holder, "c:strLit"),
    ...xmlFind(holder, "c:numLit"),
    ...xmlFind(holder, "c:lvl"),
  ];
  for (const cache of caches.slice(0, 1)) {
    for (const pt of xmlChildren(cache, "c:pt").slice(0, MAX_POINTS)) {
      const idx = Number(pt.attrs.idx);
      const v =
        xmlChild(pt, "c:v")
          ?.children.filter((c): c is string => typeof c === "string")
          .join("") ?? "";
      if (Number.isInteger(idx) && idx >= 0 && idx < MAX_POINTS) out.set(idx, v.trim());
    }
  }
  return out;
}

export function chartMarkdown(chartSpace: XmlElement): string {
  const chart = xmlChild(chartSpace, "c:chart");
  const title = textOf(xmlChild(chart, "c:title"));
  const plot = xmlChild(chart, "c:plotArea");
  const series = xmlFind(plot, "c:ser").slice(0, MAX_SERIES);
  if (!series.length) return title ? escapeMarkdownText(title) : "";
  const categories = new Map<number, string>();
  const columns = series.map((ser, i) => {
    const name = points(xmlChild(ser, "c:tx")).get(0) || textOf(xmlChild(ser, "c:tx")) || `Series ${i + 1}`;
    for (const [idx, v] of points(xmlChild(ser, "c:cat") ?? xmlChild(ser, "c:xVal"))) if (!categories.has(idx)) categories.set(idx, v);
    return { name, values: points(xmlChild(ser, "c:val") ?? xmlChild(ser, "c:yVal")) };
  });
  const indexes = [...new Set([...categories.keys(), ...columns.flatMap((c) => [...c.values.keys()])])].sort((a, b) => a - b);
  if (!indexes.length) return title ? escapeMarkdownText(title) : "";
  const rows = [
    ["", ...columns.map((c) => escapeMarkdownInline(c.name))],
    ...indexes.map((idx) => [
      escapeMarkdownInline(categories.get(idx) ?? String(idx + 1)),
      ...columns.map((c) => escapeMarkdownInline(c.values.get(idx) ?? "")),
    ]),
  ];
  return [title ? escapeMarkdownText(title) : "", markdownTable(rows)].filter(Boolean).join("\n\n");
}
