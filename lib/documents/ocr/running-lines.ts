// Running headers and footers of OCR'd pages (issue 14, class 1, for scans): a scanned report repeats its
// title, chapter and page number on every page, and OCR reads them as text between the paragraphs that a
// page break cut ("… bei einzelnen Dokumenten ist dieser / Wie kommen Sie zu einem barrierefreien PDF? /
// 2019/04, Online-Kapitel … / Weg jedoch sehr ineffizient."). The text layer's furniture.ts sees rows and their
// heights; OCR'd pages arrive as Markdown, so here the candidates are the first and the last blocks of each
// page, short single lines. The rule is the text layer's: the same text (numbers aside) at the same end of
// most pages, its numbers repeating verbatim or following the page (page-numbers.ts), removed only from the
// page's edge inwards, and never emptying a page.
import { numbersRepeat, pageNumberIn, type Sighting } from "@/lib/documents/page-numbers";

/** Blocks at each end of a page considered for running lines. */
const EDGE_BLOCKS = 2;
/** Longer blocks are text, not a running header or footer. */
const MAX_CHARS = 100;
/** A sentence (six words or more closed by a full stop) is text, even when a template repeats it page after page. */
const SENTENCE = (text: string) => /[^.]\.["'”’)\]]?$/.test(text) && text.split(/\s+/).length >= 6;

type Band = "top" | "bottom";

interface Edge extends Sighting {
  band: Band;
  index: number;
  key: string;
}

/** A block's text without heading marks and Markdown escapes. */
const plainText = (block: string) =>
  block
    .replace(/^#{1,6}\s+/, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, "$1")
    .trim();

function edges(page: number, markdown: string): Edge[] {
  const blocks = markdown.split(/\n{2,}/);
  const out: Edge[] = [];
  const n = blocks.length;
  blocks.forEach((block, index) => {
    const band: Band | null = index < Math.min(EDGE_BLOCKS, Math.ceil(n / 2)) ? "top" : index >= n - EDGE_BLOCKS ? "bottom" : null;
    const text = plainText(block);
    if (!band || block.includes("\n") || block.startsWith("|") || text.length > MAX_CHARS || SENTENCE(text) || !/[\p{L}\p{N}]/u.test(text)) return;
    const key = `${band}|${text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ")}`;
    const numbers = (text.match(/\d+/g) ?? []).map(Number);
    out.push({ page, band, index, key, numbers, large: block.startsWith("#"), shown: pageNumberIn(text) });
  });
  return out;
}

/**
 * The pages with the running headers and footers of their OCR'd pages removed (pages read from a text layer
 * are left as they are: furniture.ts has removed theirs). Needs two OCR'd pages at least.
 */
export function dropRunningLines<P extends { page: number; markdown: string; ocr: boolean }>(pages: P[]): P[] {
  const scanned = pages.filter((p) => p.ocr && p.markdown.trim());
  if (scanned.length < 2) return pages;
  const byKey = new Map<string, Edge[]>();
  const edgesOf = new Map<number, Edge[]>();
  for (const p of scanned) {
    const list = edges(p.page, p.markdown);
    edgesOf.set(p.page, list);
    for (const e of list) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);
  }
  // As the text layer's furniture: on half of the pages, or on a quarter of them (three at least) for the
  // running lines of left and right pages.
  const needed = Math.max(2, Math.ceil(scanned.length * 0.5));
  const neededAlternating = Math.min(needed, Math.max(3, Math.ceil(scanned.length * 0.25)));
  const running = new Set<string>();
  for (const [key, list] of byKey) {
    const onPages = new Set(list.map((e) => e.page)).size;
    if (onPages >= neededAlternating && onPages === list.length && numbersRepeat(list)) running.add(key);
  }
  if (!running.size) return pages;
  return pages.map((p) => {
    const list = edgesOf.get(p.page);
    if (!list) return p;
    const blocks = p.markdown.split(/\n{2,}/);
    const drop = new Set<number>();
    // From the page's edge inwards: a repeated block below kept text is content (a table's recurring title).
    for (const e of list.filter((e) => e.band === "top")) {
      if (e.index !== drop.size || !running.has(e.key)) break;
      drop.add(e.index);
    }
    const bottom = list.filter((e) => e.band === "bottom").reverse();
    for (let i = 0; i < bottom.length; i++) {
      if (bottom[i].index !== blocks.length - 1 - i || !running.has(bottom[i].key)) break;
      drop.add(bottom[i].index);
    }
    if (!drop.size || drop.size >= blocks.length) return p;
    return { ...p, markdown: blocks.filter((_, i) => !drop.has(i)).join("\n\n") };
  });
}
