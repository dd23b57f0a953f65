// Hyperlinks are kept only when a caller asks for them (parse's `options.links`): by default a link
// `[text](https://…)` written by a converter (PDF link annotations, HTML/DOCX anchors, ODF text links) is
// replaced by its text, so the Markdown reads as the page does (as pdftotext and docling give it) and
// addresses do not crowd search passages. Images and code are left as they are.

/**
 * The Markdown with every inline link replaced by its text. Links are as the converters write them: a
 * destination without spaces, parentheses or angle brackets (they are percent-encoded), no title.
 */
export function unwrapLinks(markdown: string): string {
  if (!markdown.includes("](")) return markdown;
  let out = "";
  let fence: string | null = null;
  for (const line of markdown.split(/(?<=\n)/)) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      out += line;
    } else if (marker) {
      fence = marker;
      out += line;
    } else {
      out += unwrapLine(line);
    }
  }
  return out;
}

function unwrapLine(line: string): string {
  if (!line.includes("](")) return line;
  let out = "";
  let i = 0;
  while (i < line.length) {
    const ch = line[i];
    if (ch === "\\") {
      out += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch === "`") {
      // A code span: copied whole up to the closing run of as many backticks (or left as text if unclosed).
      const run = /^`+/.exec(line.slice(i))?.[0] ?? "`";
      const close = line.indexOf(run, i + run.length);
      const end = close < 0 ? i + run.length : close + run.length;
      out += line.slice(i, end);
      i = end;
      continue;
    }
    if (ch === "[" && line[i - 1] !== "!") {
      const link = linkAt(line, i);
      if (link) {
        out += unwrapLine(link.text);
        i = link.end;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}

/** The link starting at `start` (a "["): its text and the index after its ")"; null when it is not one. */
function linkAt(line: string, start: number): { text: string; end: number } | null {
  let depth = 0;
  for (let j = start; j < line.length; j++) {
    const c = line[j];
    if (c === "\\") {
      j++;
    } else if (c === "[") {
      depth++;
    } else if (c === "]" && --depth === 0) {
      const dest = /^\(([^\s()<>]*)\)/.exec(line.slice(j + 1));
      return dest ? { text: line.slice(start + 1, j), end: j + 1 + dest[0].length } : null;
    }
  }
  return null;
}
