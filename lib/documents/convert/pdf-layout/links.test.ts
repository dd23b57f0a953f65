import { describe, expect, it } from "vitest";
import { applyLinks, pageLinks } from "./links";
import { item, PAGE_H, page } from "./test-items";

describe("pageLinks", () => {
  it("takes the words of an item that lie under the link, in reading order", () => {
    const p = page([item("See the user guide for details.", 72, 100, 10), item("Contact", 72, 130, 10)]);
    // "user guide" sits at characters 8–17 of the first item (0.5 em per character in test items).
    p.links = [
      { x0: 72, y0: PAGE_H - 133, x1: 72 + 7 * 5, y1: PAGE_H - 122, url: "mailto:help@example.org" },
      { x0: 72 + 8 * 5, y0: PAGE_H - 103, x1: 72 + 18 * 5, y1: PAGE_H - 92, url: "https://example.org/guide" },
      { x0: 300, y0: 100, x1: 320, y1: 110, url: "javascript:alert(1)" },
    ];
    expect(pageLinks(p)).toEqual([
      { text: "user guide", url: "https://example.org/guide" },
      { text: "Contact", url: "mailto:help@example.org" },
    ]);
  });
});

describe("applyLinks", () => {
  it("wraps the first occurrence on word boundaries, after the previous link", () => {
    const md = "The guidebook and the guide.\n\nRead the guide again.";
    expect(
      applyLinks(md, [
        { text: "guide", url: "https://a.example/1" },
        { text: "guide", url: "https://a.example/2" },
      ]),
    ).toBe("The guidebook and the [guide](https://a.example/1).\n\nRead the [guide](https://a.example/2) again.");
  });

  it("leaves a printed address, text that is not found and code alone", () => {
    const md = "Visit https://example.org today.\n\n```\nfetch(url)\n```\n\nThen call fetch again.";
    const out = applyLinks(md, [
      { text: "https://example.org", url: "https://example.org" },
      { text: "missing words", url: "https://example.org/x" },
      { text: "fetch", url: "https://example.org/fetch" },
    ]);
    expect(out).toBe("Visit https://example.org today.\n\n```\nfetch(url)\n```\n\nThen call [fetch](https://example.org/fetch) again.");
  });

  it("leaves a printed www. address alone when the link only adds a scheme or a closing slash to it", () => {
    const md = "See www.pdfa.org and www.example.org for more.";
    const out = applyLinks(md, [
      { text: "www.pdfa.org", url: "http://www.pdfa.org/" },
      { text: "www.example.org", url: "https://www.example.org/members" },
    ]);
    expect(out).toBe("See www.pdfa.org and [www.example.org](https://www.example.org/members) for more.");
  });

  it("escapes parentheses and spaces of the address", () => {
    expect(applyLinks("A wiki page.", [{ text: "wiki", url: "https://example.org/A_(b) c" }])).toBe(
      "A [wiki](https://example.org/A_%28b%29%20c) page.",
    );
  });
});
