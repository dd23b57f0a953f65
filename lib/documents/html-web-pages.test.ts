// Web pages through html-to-markdown: navigation, banners and page footers are not content; links keep their
// text on one line and drop the tooltip title.
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
