// Tables ruled between rows only (no vertical rules): horizontal rules of about the same extent stacked one
// above the other belong to one table (table-lines.ts groups them with the rules that cross).
//   - A rule joins the next rule below of about the same extent (overlapping ≥ 80% of the shorter one) within
//     STACK_GAP of the page height.
//   - A table ruled only at its top, under its header and at its bottom ("booktabs": NCES and census tables):
//     the header's rule has a rule with the same ends (within END_TOLERANCE of its length) above it within
//     STACK_GAP (the top rule), and the next rule below with the same ends lies further down (the bottom
//     rule), no other rule of some length running across the body between them. The header rule joins the
//     bottom rule, so the body between them is the table's; the top rule joins no rule above it (a running
//     head's rule over the caption) and the bottom rule none below it (an underlined link in the notes).
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
/**
 * A rule between a header rule and its bottom rule closes the body off when it is this long (share of the
 * header rule; a word's underline or a dash read as a rule is shorter).
 */
const OPEN_BODY_RULE = 0.25;
/** The ends of a header rule and of the top and bottom rules coincide within this share of its length. */
const END_TOLERANCE = 0.02;

/** Links stacked horizontal rules (`sorted`: their indices in `rules`, by y) through `union`. */
export function linkStackedRules(rules: readonly Rule[], sorted: readonly number[], pageHeight: number, union: (i: number, j: number) => void): void {
  const gap = STACK_GAP * pageHeight;
  const sameEnds = (a: Rule, b: Rule) => {
    const tol = END_TOLERANCE * (a.x1 - a.x0);
    return Math.abs(a.x0 - b.x0) <= tol && Math.abs(a.x1 - b.x1) <= tol;
  };
  const openBody = (a: Rule, b: Rule) =>
    !rules.some(
      (r) =>
        r.dir === "h" &&
        r.y0 > a.y1 &&
        r.y1 < b.y0 &&
        r.x1 - r.x0 >= OPEN_BODY_RULE * (a.x1 - a.x0) &&
        Math.min(r.x1, a.x1) - Math.max(r.x0, a.x0) > 0,
    );
  const tops = new Set<number>();
  const bottoms = new Set<number>();
  for (let k = 0; k < sorted.length; k++) {
    const header = rules[sorted[k]];
    if (header.x1 - header.x0 < MIN_BOOKTABS_RULE * pageHeight) continue;
    const top = sorted.slice(0, k).findLast((i) => header.y0 - rules[i].y1 <= gap && sameEnds(header, rules[i]));
    const bottom = sorted.slice(k + 1).find((i) => sameEnds(header, rules[i]));
    if (top === undefined || bottom === undefined || rules[bottom].y0 - header.y1 <= gap || !openBody(header, rules[bottom])) continue;
    union(sorted[k], bottom);
    tops.add(top);
    bottoms.add(bottom);
  }
  for (let k = 0; k < sorted.length; k++) {
    if (bottoms.has(sorted[k])) continue;
    const a = rules[sorted[k]];
    for (let m = k + 1; m < sorted.length; m++) {
      const b = rules[sorted[m]];
      if (b.y0 - a.y1 > gap || tops.has(sorted[m])) break;
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      if (overlap >= 0.8 * Math.min(a.x1 - a.x0, b.x1 - b.x0)) {
        union(sorted[k], sorted[m]);
        break;
      }
    }
  }
}
