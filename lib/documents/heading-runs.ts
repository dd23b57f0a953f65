// Runs of headings with nothing between them (issue 14, headings): four or more of one level in a row are
// labels set large (a chart's categories beside a table, a stack of captions or slide callouts), not sections
// that each hold text. Truth written by people holds at most three in a row (a chapter's number, its title,
// its first section). Shared by the PDF and the OCR layout.

/** Headings of one level in a row, at least this many, are labels. */
const LABEL_RUN = 4;

/** Indices of the blocks (given their heading levels, null for other blocks) that are runs of labels. */
export function labelRuns(levels: readonly (number | null | undefined)[]): Set<number> {
  const out = new Set<number>();
  let start = 0;
  for (let i = 1; i <= levels.length; i++) {
    if (i < levels.length && levels[i] != null && levels[i] === levels[start]) continue;
    if (levels[start] != null && i - start >= LABEL_RUN) for (let k = start; k < i; k++) out.add(k);
    start = i;
  }
  return out;
}
