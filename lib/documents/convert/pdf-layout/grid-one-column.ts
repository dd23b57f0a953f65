// A ruled frame of one column (horizontal rules between its rows and a border round them) is a one-column
// table only when its rows hold one cell each. Rows of cells set apart without column rules (a table ruled
// between its rows only) and lines of running text (a box of prose, ruled like lined paper) are not:
// their rows are left to the detection of tables without rules and to the paragraphs (issue 14, class 5).
import { isProse } from "./columns";
import type { Row } from "./model";

/** Whether the rows inside a one-column grid are a table's columns or a box's prose, not one column of cells. */
export function notOneColumn(rows: Row[]): boolean {
  if (rows.length < 3) return false;
  const multi = rows.filter((r) => r.segments.length >= 2).length;
  return 2 * multi >= rows.length || isProse(rows.map((r) => r.segments));
}
