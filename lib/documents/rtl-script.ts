// Characters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their
// presentation forms), shared by every reader that decides a line's, a cell's or a table's direction (PDF text
// layers, OCR of scans, tables written from either).

/** The right-to-left blocks, as the body of a regular-expression character class. */
export const RTL_CHARS = "\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF";

/** One right-to-left character. */
export const RTL_CHAR = new RegExp(`[${RTL_CHARS}]`, "u");
