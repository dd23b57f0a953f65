// Tables ruled between rows only (no vertical rules): horizontal rules of about the same extent stacked one
// above the other belong to one table (table-lines.ts groups them with the rules that cross).
//   - A rule joins the next rule below of about the same extent (overlapping ≥ 80% of the shorter one) within
//     STACK_GAP of the page height.
//   - A table ruled only at its top, under its header and at its bottom ("booktabs": NCES and census tables):
//     the header's rules are close together, the bottom rule lies far below them. A rule that a rule above
//     joined (the header's lower rule) also joins, at any distance, the next rule below whose two ends lie
//     where its own ends lie (within END_TOLERANCE of its length) when no other rule runs between them, so the
//     body between them is the table's; that bottom rule closes the table (it joins no rule below it).
/** A ruling line (table-lines.ts's Rule: its thin bounding box and direction). */
interface Rule {
  dir: "h" | "v";
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Stacked rules this far apart (share of the page height) are rows of one table. */
const STACK_GAP = 0.12;
/** A header rule that joins a far bottom rule is at least this long (share of the page height). */
const MIN_BOOKTABS_RULE = 0.15;
/** The ends of a header rule and of the bottom rule under it coincide within this share of its length. */
const END_TOLERANCE = 0.02;

/** Links stacked horizontal rules (`sorted`: their indices in `rules`, by y) through `union`. */
export function linkStackedRules(rules: readonly Rule[], sorted: readonly number[], pageHeight: number, union: (i: number, j: number) => void): void {
  // (the body between a header rule and its bottom rule is open: no other rule runs across it, as underlined
  // links in a list of references do; and the rules are a table's, not a word's underline)
  const openBody = (a: Rule, b: Rule) =>
    a.x1 - a.x0 >= MIN_BOOKTABS_RULE * pageHeight &&
    !rules.some((r) => r.dir === "h" && r.y0 > a.y1 && r.y1 < b.y0 && Math.min(r.x1, a.x1) - Math.max(r.x0, a.x0) > 0);
  const joinedFromAbove = new Set<number>();
  const bottoms = new Set<number>();
  for (let k = 0; k < sorted.length; k++) {
    // (a bottom rule closes its table: an underlined link in the notes below is no row of it)
    if (bottoms.has(sorted[k])) continue;
    const a = rules[sorted[k]];
    const tol = END_TOLERANCE * (a.x1 - a.x0);
    for (let m = k + 1; m < sorted.length; m++) {
      const b = rules[sorted[m]];
      const far = b.y0 - a.y1 > pageHeight * STACK_GAP;
      if (far && !joinedFromAbove.has(sorted[k])) break;
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const sameEnds = Math.abs(a.x0 - b.x0) <= tol && Math.abs(a.x1 - b.x1) <= tol;
      if (far ? sameEnds && openBody(a, b) : overlap >= 0.8 * Math.min(a.x1 - a.x0, b.x1 - b.x0)) {
        union(sorted[k], sorted[m]);
        (far ? bottoms : joinedFromAbove).add(sorted[m]);
        break;
      }
    }
  }
}
