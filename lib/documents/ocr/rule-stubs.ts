// Stubs at the ends of skewed rules (table-lines.ts). A rule of some thickness on a skewed scan is a slanted
// band: its first and last pixel rows (columns) hold only the part of the end step that reaches into them,
// much shorter than the next row's run, so the chain follower does not take them for the same line and they
// come out as a short rule of their own lying along the rule's end. Kept, such a stub adds a row boundary a
// few pixels inside a table's frame (the caption band above the first column rule then looks like a row, and
// the frame's caption and notes stay in the table), or it counts as a second vertical rule beside a lone rule
// (a sidebar's bar and its stub crossing the page's top and bottom rules make a page-sized "table").
import type { Rule } from "./table-lines";

/** Ends of a stub and of its rule coincide within this many pixels (a bridged gap and a pixel). */
const END_TOLERANCE = 3;

/**
 * Whether `stub` is a piece of the end of the longer rule `rule` (same direction): inside the rule's extent
 * along it, sharing one of its ends, and touching the rule's band across it.
 */
export function isEndStub(stub: Rule, rule: Rule): boolean {
  if (stub === rule || stub.dir !== rule.dir) return false;
  const [a0, a1, b0, b1] = stub.dir === "h" ? [stub.x0, stub.x1, stub.y0, stub.y1] : [stub.y0, stub.y1, stub.x0, stub.x1];
  const [c0, c1, d0, d1] = rule.dir === "h" ? [rule.x0, rule.x1, rule.y0, rule.y1] : [rule.y0, rule.y1, rule.x0, rule.x1];
  return (
    a1 - a0 < c1 - c0 &&
    a0 >= c0 - END_TOLERANCE &&
    a1 <= c1 + END_TOLERANCE &&
    (Math.abs(a0 - c0) <= END_TOLERANCE || Math.abs(a1 - c1) <= END_TOLERANCE) &&
    b1 >= d0 - 1 &&
    b0 <= d1 + 1
  );
}

/** The rules without the horizontal stubs of longer rules (vertical ones stay: see tableGrids). */
export function withoutRowStubs<R extends Rule>(rules: R[]): R[] {
  return rules.filter((r) => r.dir === "v" || !rules.some((o) => isEndStub(r, o)));
}
