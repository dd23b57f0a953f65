// html-to-markdown beyond tables (table-spans.test.ts): web pages without navigation, banners and page footers;
// links on one line without tooltip titles; check boxes; lists starting at their second level.
import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "@/lib/documents/html-to-markdown";

describe("web pages", () => {
  it("drops navigation, banners, search and the page footer, keeps an article's own header and footer", () => {
    const html = `<body><header><a href="/">Logo</a><nav><a href="/a">Menu A</a></nav></header>
<div role="navigation"><ul><li><a href="/b">Sidebar B</a></li></ul></div><form role="search"><input name="q"></form>
<main><article><header><h1>Article title</h1></header><p>Body text.</p><footer>Filed under: birds</footer></article></main>
<footer><p>© Example Inc.</p></footer><div role="contentinfo">Privacy</div></body>`;
    expect(htmlToMarkdown(html)).toBe("# Article title\n\nBody text.\n\nFiled under: birds");
  });

  it("writes a link's text on one line without its title attribute", () => {
    const html = `<ul><li><a href="#Etymology" title="Jump to section"><div>1</div>\n<div>Etymology</div></a></li></ul>
<p>See <a href="/wiki/Duck (bird)" title="Visit [z]">the duck</a>.</p>`;
    expect(htmlToMarkdown(html)).toBe("- [1 Etymology](#Etymology)\n\nSee [the duck](/wiki/Duck%20%28bird%29).");
  });
});

describe("check boxes", () => {
  it("keeps a check box's state; a paragraph starting with one is a task list item", () => {
    const html = `<p>Tasks:</p><p><input type="checkbox" checked="checked" /> Design</p><p><input type="checkbox" /> Documentation</p>
<table><tr><th>Options</th></tr><tr><td><p>Choose:</p><p><input type="checkbox" checked /> Tea</p></td></tr></table>
<ul><li><input type="checkbox" checked> done</li></ul><p>Agree <input type="checkbox"> here</p>`;
    expect(htmlToMarkdown(html)).toBe(
      "Tasks:\n\n- [x] Design\n\n- [ ] Documentation\n\n| Options |\n| --- |\n| Choose:<br>- [x] Tea |\n\n- [x] done\n\nAgree [ ] here",
    );
  });
});

describe("lists", () => {
  it("an item holding only a list (Word's list starting at its second level) is that list, not '- - item'", () => {
    expect(htmlToMarkdown("<ul><li><ul><li>a</li><li>b</li></ul></li></ul><p>x</p>")).toBe("- a\n- b\n\nx");
    expect(htmlToMarkdown("<ul><li>top<ul><li>nested</li></ul></li><li>last</li></ul>")).toBe("- top\n  - nested\n- last");
  });
});

describe("preformatted text", () => {
  it("is a fenced block, but inline code in a table cell (a fence cannot live in a GFM cell)", () => {
    expect(htmlToMarkdown("<pre>line 1\n  line 2</pre>")).toBe("```\nline 1\n  line 2\n```");
    const cell = htmlToMarkdown(
      `<table><tr><th>Case</th><th>Code</th></tr><tr><td>Pre</td><td><pre>See <a href="/d">the \`docs\`</a>\nfirst</pre></td></tr></table>`,
    );
    expect(cell).toBe("| Case | Code |\n| --- | --- |\n| Pre | ``See the `docs` first`` |");
  });
});
