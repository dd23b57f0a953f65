// Dot leaders in text: a table of contents' entry runs to its page number along one ("Scope ........ 1"), a
// table's label to its figures ("0.99 .........."). Shared by the PDF layout (pdf-layout/) and the OCR layout
// (ocr/leaders.ts puts a scanned page's leaders back as words of dots).

/** Dot leaders (or a run of spaced dots) then a page number, arabic or roman, at the end of a line. */
export const TOC_ENTRY_END = /(?:[.·…_]\s?){4,}\s*(?:\d{1,4}|[ivxlcdm]{1,6}|[IVXLCDM]{1,6})$/;

/** A leader after a cell's label ("0.99 .........."): drawn, not text. */
const CELL_LEADER = /(\S)\s*(?:\.\s?){5,}$/;

/** A table cell's text without the leader after its label. */
export function withoutCellLeader(text: string): string {
  return text.replace(CELL_LEADER, "$1");
}
