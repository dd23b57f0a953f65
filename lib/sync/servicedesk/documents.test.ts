import { describe, expect, it } from "vitest";
import { zendeskErrorText } from "./client";
import { articleRefusal, articleScope, articleVersion, attachmentDocType, fileNameFrom, ticketHtml } from "./documents";
import { listingKey } from "./listing";
import type { ZendeskArticle, ZendeskAttachment } from "./wire";

const article = (over: Partial<ZendeskArticle> = {}): ZendeskArticle => ({
  id: 7,
  title: "Title",
  body: "<p>x</p>",
  locale: "en-us",
  section_id: 100,
  label_names: ["Account"],
  draft: false,
  updated_at: "2026-01-02T03:04:05Z",
  ...over,
});
const att = (over: Partial<ZendeskAttachment>): ZendeskAttachment => ({ id: 1, file_name: "a.bin", content_url: "https://x/a", ...over });

describe("servicedesk documents", () => {
  it("imports attachments of supported types only, never inline images", () => {
    expect(attachmentDocType(att({ content_type: "application/pdf" }))).toBe("pdf");
    expect(attachmentDocType(att({ file_name: "guide.DOCX", content_type: "application/octet-stream" }))).toBe("docx");
    expect(attachmentDocType(att({ file_name: "photo.jpeg", content_type: "" }))).toBe("jpg");
    expect(attachmentDocType(att({ file_name: "shot.png", content_type: "image/png", inline: true }))).toBeNull();
    expect(attachmentDocType(att({ file_name: "logs.zip", content_type: "application/zip" }))).toBeNull();
    expect(attachmentDocType(att({ file_name: "data.exe", content_type: "application/octet-stream" }))).toBeNull();
  });

  it("refuses drafts, archived articles and those outside locales, sections or labels (case-insensitive)", () => {
    const all = articleScope({}, null);
    expect(articleRefusal(article(), all)).toBeNull();
    expect(articleRefusal(article({ draft: true }), all)).toBe("draft");
    expect(articleRefusal(article({ archived: true }), all)).toBe("archived");
    const scoped = articleScope({ locales: ["EN-US"], labels: ["account"] }, [100]);
    expect(articleRefusal(article(), scoped)).toBeNull();
    expect(articleRefusal(article({ locale: "de" }), scoped)).toBe("locale");
    expect(articleRefusal(article({ section_id: 200 }), scoped)).toBe("section");
    expect(articleRefusal(article({ section_id: null }), scoped)).toBe("section");
    expect(articleRefusal(article({ label_names: [] }), scoped)).toBe("labels");
  });

  it("versions an article by update time and locale", () => {
    expect(articleVersion(article())).toBe("2026-01-02T03:04:05Z|en-us");
    expect(articleVersion(article({ locale: "DE" }))).not.toBe(articleVersion(article()));
  });

  it("renders a ticket with its public comments only, escaping what is not HTML", () => {
    const html = ticketHtml(
      { id: 5, subject: "<script>alert(1)</script>", status: "solved" },
      [
        { id: 1, public: true, body: "a < b", author_id: 9, created_at: "t1" },
        { id: 2, public: false, body: "secret", html_body: "<p>secret</p>", author_id: 9, created_at: "t2" },
        { id: 3, public: true, html_body: "<p><b>bold</b></p>", author_id: 8, created_at: "t3" },
      ],
      new Map([[9, "Carla & Co"]]),
    );
    expect(html).toContain("<title>#5 &lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(html).toContain("<p>a &lt; b</p>");
    expect(html).toContain("Carla &amp; Co — t1");
    expect(html).toContain("User 8 — t3");
    expect(html).toContain("<b>bold</b>");
    expect(html).not.toContain("secret");
  });

  it("keeps file names safe; the listing key follows instance, account and filter, not order or case", () => {
    expect(fileNameFrom('a/b: "c"?', "x", "html")).toBe("a b c.html");
    expect(fileNameFrom("   ", "article-1", "html")).toBe("article-1.html");
    const acme = { instance_url: "https://acme.zendesk.com/", email: "Ada@acme.test" };
    const key = (f: Parameters<typeof listingKey>[1], s = acme) => listingKey(s, f);
    expect(key({ locales: ["de", "EN-us"], section_ids: [2, 1] })).toBe(key({ section_ids: [1, 2], locales: ["en-us", "de"] }));
    expect(key({})).not.toBe(key({ include_solved_tickets: true }));
    expect(key({})).not.toBe(key({ include_attachments: false }));
    expect(key({})).toBe(key({}, { instance_url: "https://acme.zendesk.com", email: "ada@ACME.test" }));
    expect(key({})).not.toBe(key({}, { ...acme, instance_url: "https://other.zendesk.com" }));
  });

  it("reads Zendesk's error bodies", () => {
    expect(zendeskErrorText('{"error":"Couldn\'t authenticate you"}')).toBe("Couldn't authenticate you");
    expect(zendeskErrorText('{"error":"Forbidden","description":"You do not have access"}')).toBe("Forbidden — You do not have access");
    expect(zendeskErrorText('{"errors":[{"title":"Invalid"}]}')).toBe("Invalid");
    expect(zendeskErrorText("<html>Bad gateway</html>")).toBe("<html>Bad gateway</html>");
  });
});
