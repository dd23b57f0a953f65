// Author names set at a heading size (LaTeX and ACM title blocks: "## Dietrich von Seggern" over an
// affiliation and an address) are not section headings (issue 14). Headings that read as a person's name,
// one after the other, each over a few short lines (affiliation, city, address), with an e-mail address among
// those lines, are an author block: they become paragraphs.
import type { Block } from "./blocks";
import { stripMarks } from "./markdown";

const PARTICLE = "(?:von|van|der|den|de|del|della|da|di|du|la|le|bin|al)";
const NAME_WORD = `(?:\\p{Lu}[\\p{Ll}'’]+(?:-\\p{Lu}?[\\p{Ll}'’]+)?|\\p{Lu}\\.(?:-?\\p{Lu}\\.)?|${PARTICLE})`;
/** Two to five name words, the first and last capitalised, optional affiliation marks after ("Jane Doe1,2*"). */
const PERSON = new RegExp(`^\\p{Lu}\\S*\\s+(?:${NAME_WORD}\\s+){0,3}\\p{Lu}[\\p{Ll}'’-]+[\\d,*†‡§¶]*$`, "u");
const NAME_WORDS = new RegExp(`^(?:${NAME_WORD}\\s+){1,4}${NAME_WORD}[\\d,*†‡§¶]*$`, "u");
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
/** An affiliation line: short. */
const SHORT_LINE = 100;
/** Lines in an author's block (affiliation, department, city, address). */
const MAX_LINES = 4;

const looksLikeName = (text: string) => PERSON.test(text) && NAME_WORDS.test(text);

/** The heading's section: the blocks up to the next heading. */
function section(blocks: Block[], i: number): Block[] {
  const out: Block[] = [];
  for (let k = i + 1; k < blocks.length && blocks[k].type !== "heading"; k++) out.push(blocks[k]);
  return out;
}

const blockText = (b: Block) => (b.type === "paragraph" || b.type === "item" ? stripMarks(b.text) : "");

/**
 * Blocks with author-name headings turned into paragraphs: runs of consecutive name headings of one level,
 * each over a few short lines, where an e-mail address stands in one of the sections (an author block,
 * not two short sections that happen to have two capitalised words for a title).
 */
export function authorHeadings(blocks: Block[]): Block[] {
  const demote = new Set<number>();
  let run: number[] = [];
  let email = false;
  let next = -1;
  const close = () => {
    if (email) for (const k of run) demote.add(k);
    run = [];
    email = false;
  };
  blocks.forEach((b, i) => {
    if (b.type !== "heading" || !looksLikeName(stripMarks(b.text).trim())) return;
    const after = section(blocks, i);
    const short =
      after.length > 0 &&
      after.length <= MAX_LINES &&
      after.every((a) => (a.type === "paragraph" || a.type === "item") && blockText(a).length <= SHORT_LINE);
    if (!short) return;
    const level = b.level;
    if (run.length && (i !== next || (blocks[run[0]] as { level: number }).level !== level)) close();
    run.push(i);
    if (after.some((a) => EMAIL.test(blockText(a)))) email = true;
    next = i + after.length + 1;
  });
  close();
  if (!demote.size) return blocks;
  return blocks.map((b, i) => (demote.has(i) && b.type === "heading" ? { type: "paragraph", text: b.text } : b));
}
