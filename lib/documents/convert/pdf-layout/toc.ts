// Tables of contents (issue 14): consecutive entries that end with a dot leader and a page number are read
// as a two-column table, entry | page, the way benchmarks' ground truth and readers take them (each entry
// keeps its leader, as the text layer has it). One entry alone stays a paragraph.
import type { Block } from "./blocks";
import { stripMarks } from "./markdown";

/** The page number (arabic or roman) after an entry's leader. */
// Quadratic in a line of many leader dots without a number after them: only entry-sized text is tested.
const ENTRY_PAGE = /^(.*?(?:[.·…_]\s?){4,})\s*(\d{1,4}|[ivxlcdm]{1,6}|[IVXLCDM]{1,6})$/;

/** Longer text is no table-of-contents entry (and would cost the pattern seconds per hostile paragraph). */
const MAX_ENTRY_CHARS = 500;

/** An entry's text (with its leader) and its page number, or null for a block that is not an entry. */
function entryCells(b: Block): [string, string] | null {
  let text: string;
  if (b.type === "paragraph") text = stripMarks(b.text);
  else if (b.type === "item") text = /\d/.test(b.marker) ? `${b.marker} ${b.text}` : b.text;
  else return null;
  if (text.length > MAX_ENTRY_CHARS) return null;
  const m = ENTRY_PAGE.exec(text.trim());
  return m ? [m[1].trim(), m[2]] : null;
}

/** Runs of two or more table-of-contents entries among the blocks become one table each. */
export function tocTables(blocks: Block[]): Block[] {
  const out: Block[] = [];
  let run: { block: Block; cells: [string, string] }[] = [];
  const flush = () => {
    if (run.length >= 2) out.push({ type: "table", cells: run.map((e) => e.cells) });
    else out.push(...run.map((e) => e.block));
    run = [];
  };
  for (const block of blocks) {
    const cells = entryCells(block);
    if (cells) run.push({ block, cells });
    else {
      flush();
      out.push(block);
    }
  }
  flush();
  return out;
}
