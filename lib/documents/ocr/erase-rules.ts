// Ruled tables read as empty. tesseract's layout analysis takes a ruled table's cells for picture or
// separator regions on many pages (measured on held-out scans: a three-column ruled table read as nothing
// at all, or as its first column only, the same pixels with the rules painted out read completely), so the
// ruling lines of the table grids found in the page (table-lines.ts) are painted in the paper's colour
// before recognition: tesseract then reads the cells as lines of text, and the layout step puts the words
// back into the grid's cells by position. Only thin rules are painted: a rule's box is its chain's
// bounding box, which on a page still skewed (below deskew.ts's threshold) grows with the drift and would
// take the letters beside it along.
import { type PreparedImage, paperLevel, parsePgmHeader } from "./prepare-image";
import { detectRules, type Rule, type TableGrid, tableGrids } from "./table-lines";

/** Rules thicker than this (their box across the line, in prepared pixels) are left as they are. */
export const MAX_ERASED_THICKNESS = 8;
/** Pixels painted beyond a rule's box on each side (its anti-aliased fringe). */
const FRINGE = 2;
/** A rule belongs to a grid when it lies within this distance of the grid's box. */
const GRID_MARGIN = 6;

const inGrid = (r: Rule, g: TableGrid) =>
  r.x0 >= g.box.x0 - GRID_MARGIN && r.x1 <= g.box.x1 + GRID_MARGIN && r.y0 >= g.box.y0 - GRID_MARGIN && r.y1 <= g.box.y1 + GRID_MARGIN;

/** A rule painted out spans at least this share of its grid (across the rows or columns it separates). */
const MIN_SPAN_SHARE = 0.5;

/**
 * The thin rules of the grids that span half their grid or more (those painted out): on a crop of a table the
 * vertical strokes of letters pass the page's rule tests, and painting them out would cut letters in two.
 */
export function erasableRules(rules: readonly Rule[], grids: readonly TableGrid[]): Rule[] {
  const spans = (r: Rule, g: TableGrid) =>
    r.dir === "h" ? r.x1 - r.x0 >= (g.box.x1 - g.box.x0) * MIN_SPAN_SHARE : r.y1 - r.y0 >= (g.box.y1 - g.box.y0) * MIN_SPAN_SHARE;
  return rules.filter(
    (r) => (r.dir === "h" ? r.y1 - r.y0 : r.x1 - r.x0) + 1 <= MAX_ERASED_THICKNESS && grids.some((g) => inGrid(r, g) && spans(r, g)),
  );
}

/** The page's ruling lines and the table grids they draw (table-lines.ts); none when the detection fails. */
export function findTables(img: PreparedImage): { rules: Rule[]; grids: TableGrid[] } {
  const head = parsePgmHeader(img.pgm);
  if (!head) return { rules: [], grids: [] };
  const rules = detectRules(img.pgm, head.width, head.height, head.offset);
  return { rules, grids: tableGrids(rules, head.height) };
}

/** The page with the thin rules of its table grids painted in the paper's colour (see the file header). */
export function eraseTableRules(img: PreparedImage, rules: readonly Rule[], grids: readonly TableGrid[]): PreparedImage {
  const head = parsePgmHeader(img.pgm);
  const erased = erasableRules(rules, grids);
  if (!head || !erased.length) return img;
  const pgm = Buffer.from(img.pgm);
  const paper = paperLevel(pgm, head.offset, head.width * head.height);
  for (const r of erased) {
    const y0 = Math.max(0, Math.floor(r.y0) - FRINGE);
    const y1 = Math.min(head.height - 1, Math.ceil(r.y1) + FRINGE);
    const x0 = Math.max(0, Math.floor(r.x0) - FRINGE);
    const x1 = Math.min(head.width - 1, Math.ceil(r.x1) + FRINGE);
    for (let y = y0; y <= y1; y++) pgm.fill(paper, head.offset + y * head.width + x0, head.offset + y * head.width + x1 + 1);
  }
  return { ...img, pgm };
}
