// Text set with a table that is not part of it: its caption above ("Table 14.", "Exhibit B.4") and its notes
// under it ("Note:", "Source:"). Ruled frames box them (grid-captions.ts); tables without rules must not
// take a caption in as a header row (tables.ts).

/** A caption's label: "Table 3", "Exhibit B.4", "Figure 2-1". */
export const CAPTION = /^(?:table|exhibit|figure|fig\.|chart|box)\s+(?:[A-Z][.\-–]?)?\d+(?:[.\-–]\d+)*[a-z]?\b/i;

/** The opening of a table's notes. */
export const NOTES = /^(?:notes?|sources?|(?:exhibit|table) reads)\s*[:.]/i;
