// The glyphs documents set in front of list items, shared by every reader of laid-out text (PDF text layers,
// OCR of scans) so that a list is a list whichever path reads it. Private-use code points are the Symbol and
// Wingdings bullets Word writes (pdf.js passes them through without a Unicode map).

/** Bullet glyphs, as the body of a regular-expression character class (no dashes or asterisks: callers add
 * the ASCII markers they accept, since those are also ordinary punctuation). */
export const BULLET_GLYPHS = "•●○◦▪▫■□█▌‣⁃∙➢➤►▶✓✔❖◆◇\uF0B7\uF0A7\uF076\uF0D8\uF0FC";
