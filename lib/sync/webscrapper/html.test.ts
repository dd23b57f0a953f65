import { describe, expect, it } from "vitest";
import { readPage, readSitemap } from "./html";
import { makeScope, normalizeUrl, outOfScope } from "./urls";

describe("crawler parsing", () => {
  it("reads title, links, base and the robots meta of a page", () => {
    const page = readPage(
      `<html><head><title> Hello &amp; welcome </title><base href="/docs/"><meta name="robots" content="noindex"></head>
       <body><a href="a.html">a</a><a href="/b" rel="nofollow">b</a><a href="c.pdf">c</a></body></html>`,
    );
    expect(page).toEqual({ title: "Hello & welcome", links: ["a.html", "c.pdf"], base: "/docs/", noindex: true, nofollow: false });
  });

  it("reads sitemaps and sitemap indexes", () => {
    expect(readSitemap(`<urlset><url><loc> https://x.test/a </loc></url><url><loc>https://x.test/b</loc></url></urlset>`)).toEqual({
      urls: ["https://x.test/a", "https://x.test/b"],
      isIndex: false,
    });
    expect(readSitemap(`<sitemapindex><sitemap><loc>https://x.test/s1.xml</loc></sitemap></sitemapindex>`).isIndex).toBe(true);
  });

  it("scopes URLs by host and glob patterns", () => {
    const scope = makeScope([new URL("https://x.test/")], { exclude_patterns: ["*/private/*"], include_patterns: ["https://x.test/docs/*"] });
    expect(outOfScope(scope, new URL("https://y.test/docs/a"))).toContain("not allowed");
    expect(outOfScope(scope, new URL("https://x.test/private/a"))).toBe("excluded by a pattern");
    expect(outOfScope(scope, new URL("https://x.test/blog"))).toBe("not matched by an include pattern");
    expect(outOfScope(scope, new URL("https://x.test/docs/a"))).toBeNull();
    expect(normalizeUrl("mailto:a@b.c")).toBeNull();
    expect(normalizeUrl("/a#frag", new URL("https://x.test/b/"))?.href).toBe("https://x.test/a");
  });
});
