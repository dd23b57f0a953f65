import { describe, expect, it } from "vitest";
import { unwrapLinks } from "./markdown-links";

describe("unwrapLinks", () => {
  it("replaces links by their text, in headings, lists and tables", () => {
    expect(unwrapLinks("See [the report](https://example.com/r%20a.pdf) now.")).toBe("See the report now.");
    expect(unwrapLinks("#### [Homer](https://simpsons.fandom.com/wiki/Homer_Simpson)\n")).toBe("#### Homer\n");
    expect(unwrapLinks("- [a](mailto:a@b.c) and [b](#top)\n| [x](http://x.y) | 2 |")).toBe("- a and b\n| x | 2 |");
  });

  it("keeps images, escaped brackets, code spans and fenced code", () => {
    const kept = ["![chart](data/img.png)", "\\[not a link\\](x)", "`[a](http://b)`", "```\n[a](http://b)\n```"];
    for (const md of kept) expect(unwrapLinks(md)).toBe(md);
    expect(unwrapLinks("[![logo](l.png)](https://x.org) and [y](https://y.org)")).toBe("![logo](l.png) and y");
  });

  it("keeps escaped brackets inside a link's text, and brackets that are not links", () => {
    expect(unwrapLinks("[see \\[1\\]](https://doi.org/10.1000/x)")).toBe("see \\[1\\]");
    expect(unwrapLinks("[1] and [2](not a link) [3]")).toBe("[1] and [2](not a link) [3]");
  });
});
