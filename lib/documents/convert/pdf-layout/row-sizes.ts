// Rows whose pieces are set in different sizes (issue 14): a heading beside text in another column is a line of
// its own; a form's filled-in value beside its label is not.
import type { Row, Segment } from "./model";

/**
 * A form's filled-in value set larger than its label, right after it on the row ("Case Tracking Number:
 * 150109-DSP-Milw-505", "If yes, against whom? The friend …"): the label's answer, on the label's line, not a heading beside it.
 */
function labelValue(label: Segment, value: Segment): boolean {
  return /[:?]$/.test(label.text.trim()) && value.size > label.size && value.x0 - label.x1 <= 3 * label.size;
}

/** A row whose segments differ in size (a heading beside text in another column) becomes several lines. */
export function splitBySize(rows: Row[]): Row[] {
  const out: Row[] = [];
  for (const r of rows) {
    if (r.segments.every((s) => Math.abs(s.size - r.size) <= 1)) {
      out.push(r);
      continue;
    }
    let group = [r.segments[0]];
    const flush = () => out.push({ y: group[0].y, x0: group[0].x0, x1: group[group.length - 1].x1, size: group[0].size, segments: group });
    for (const s of r.segments.slice(1)) {
      if (Math.abs(s.size - group[0].size) <= 1 || labelValue(group[group.length - 1], s)) group.push(s);
      else {
        flush();
        group = [s];
      }
    }
    flush();
  }
  return out;
}
