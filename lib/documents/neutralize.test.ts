// External references stripped before rendering (issue 16): HTML/SVG markup, CSS and OOXML/ODF containers.
import { describe, expect, it } from "vitest";
import { externalRefsDocx, externalRefsHtml } from "../../tests/fixtures/hostile-documents";
import { zipFiles } from "../../tests/helpers/zip-writer";
import { renderableCopy } from "./convert/libreoffice";
import { isInertUrl, neutralizeCss, neutralizeMarkup } from "./neutralize-markup";
import { neutralizePackage, neutralizeRelationships, neutralizeXmlPart, REMOVED_TARGET, withoutDoctype } from "./neutralize-package";
import { openZip } from "./zip";

const HOST = "http://127.0.0.1:9";

describe("neutralizeMarkup", () => {
  it("removes every reference to the host from the hostile page, keeping text, hyperlinks and inline images", () => {
    const out = neutralizeMarkup(new TextDecoder().decode(externalRefsHtml(HOST)));
    const left = out.match(/127\.0\.0\.1:9[^"'\s)]*/g) ?? [];
    expect(left).toEqual(["127.0.0.1:9/link-target"]); // the <a href>, never fetched
    expect(out).toContain("<h1>External references</h1>");
    expect(out).toContain('src="data:image/png;base64,');
    expect(out).not.toMatch(/file:|<script|<iframe|<object|<embed|<base|<link|http-equiv|srcset|@import/i);
  });

  it("checks what the renderer will read: entities, escapes, whitespace and duplicate attributes", () => {
    expect(neutralizeMarkup('<img src="&#x68;ttp://h/x">')).toBe("<img />");
    expect(neutralizeMarkup('<img src="\thttp://h/x">')).toBe("<img />");
    expect(neutralizeMarkup('<img src="data:image/png;base64,AA" src="http://h/x">')).toBe('<img src="data:image/png;base64,AA" />');
    expect(neutralizeMarkup('<img src="data:image/svg+xml,<svg/>">')).toBe("<img />");
    expect(neutralizeMarkup("<p>a &lt;img src=http://h/x&gt; b</p>")).toBe("<p>a &lt;img src=http://h/x&gt; b</p>");
    expect(neutralizeMarkup('<p title="x&quot;><img src=http://h/x>">t</p>')).toBe('<p title="x&quot;&gt;&lt;img src=http://h/x&gt;">t</p>');
    expect(neutralizeMarkup("<!-- <img src=http://h/x> --><p>t</p>")).toBe("<p>t</p>");
    expect(neutralizeMarkup('<?xml-stylesheet href="http://h/x.css"?><p>t</p>')).toBe("<p>t</p>");
  });

  it("neutralises style elements whose escapes would build markup or a url()", () => {
    const out = neutralizeMarkup("<style>p{x:1}\\3c /style\\3e <img src=http://h/x></style><p>t</p>");
    expect(out).not.toContain("<img");
    expect(neutralizeMarkup("<style>h1{background:\\5c 75rl(http://h/x)}</style>")).not.toMatch(/url\(|\\/);
  });

  it("keeps SVG structure in XML mode", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><image href="http://h/x"/><use xlink:href="#a"/></svg>';
    expect(neutralizeMarkup(svg, { xml: true })).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><image></image><use xlink:href="#a"></use></svg>',
    );
  });
});

describe("neutralizeCss and isInertUrl", () => {
  it("replaces external url() and drops @import, in every spelling", () => {
    expect(neutralizeCss("a{background:url(http://h/x)}")).toBe("a{background:none}");
    expect(neutralizeCss("a{background:URL( 'http://h/x' )}")).toBe("a{background:none}");
    expect(neutralizeCss('@import "http://h/x.css"; p{}')).toBe(" p{}");
    expect(neutralizeCss("@im\\70 ort 'http://h/x.css'; p{}")).toBe(" p{}");
    expect(neutralizeCss("a{background:u/**/rl(http://h/x)}")).not.toContain("url(");
    expect(neutralizeCss("a{background:image-set('http://h/x' 1x)}")).not.toContain("image-set(");
    expect(neutralizeCss("a{background:url(data:image/png;base64,AA)}")).toBe("a{background:url(data:image/png;base64,AA)}");
  });

  it("accepts fragments and inline raster images only", () => {
    expect(isInertUrl("#top")).toBe(true);
    expect(isInertUrl("data:image/jpeg;base64,AA")).toBe(true);
    for (const url of ["http://h/x", "//h/x", "x.png", "../x.png", "file:///etc/passwd", "data:text/html,<p>", "data:image/svg+xml,<svg/>"]) {
      expect(isInertUrl(url), url).toBe(false);
    }
  });
});

describe("neutralizePackage", () => {
  it("points the DOCX's external relationships nowhere and makes INCLUDEPICTURE inert", async () => {
    const out = await neutralizePackage(externalRefsDocx(HOST));
    const zip = await openZip(out);
    try {
      const rels = await zip.readText("word/_rels/document.xml.rels");
      expect(rels).not.toContain("127.0.0.1");
      expect(rels).toContain(
        `Id="rIdLinked" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${REMOVED_TARGET}"/>`,
      );
      expect(rels).toContain('Target="#" TargetMode="External"'); // the hyperlink
      expect(rels).toContain('Target="settings.xml"');
      expect(await zip.readText("word/_rels/settings.xml.rels")).not.toContain("127.0.0.1");
      const doc = await zip.readText("word/document.xml");
      expect(doc).toContain(`QUOTE "${HOST}/includepicture.png"`);
      expect(doc).toContain("Linked content report");
    } finally {
      zip.close();
    }
  });

  it("returns the same bytes when nothing links out", async () => {
    const clean = zipFiles({ "[Content_Types].xml": "<Types/>", "word/document.xml": "<w:document><w:t>x</w:t></w:document>" });
    expect(await neutralizePackage(clean)).toBe(clean);
  });

  it("empties ODF hrefs that leave the package, keeping internal ones and hyperlinks", async () => {
    const content = `<office:document-content xmlns:xlink="http://www.w3.org/1999/xlink"><draw:image xlink:href="Pictures/a.png"/><draw:image xlink:href="http://h/b.png"/>
<draw:image xlink:href="../outside.png"/><draw:object xlink:href="./Object 1"/><text:a xlink:href="http://h/link">t</text:a><text:section-source xlink:href="file:///etc/passwd"/></office:document-content>`;
    const odt = zipFiles({
      mimetype: "application/vnd.oasis.opendocument.text",
      "content.xml": content,
      "Object 1/content.xml": '<x><draw:image q:href="smb://h/s"/></x>',
    });
    const zip = await openZip(await neutralizePackage(odt));
    try {
      expect(zip.listEntries()[0]).toBe("mimetype");
      const out = await zip.readText("content.xml");
      expect(out).toContain('xlink:href="Pictures/a.png"');
      expect(out).toContain('xlink:href="./Object 1"');
      expect(out).toContain('<text:a xlink:href="http://h/link">');
      expect(out.match(/xlink:href=""/g)).toHaveLength(3);
      expect(await zip.readText("Object 1/content.xml")).toContain('q:href=""');
    } finally {
      zip.close();
    }
  });

  it("rewrites relationships whatever their quoting, and scheme targets even without TargetMode", () => {
    const rels = `<Relationships><Relationship Id='a' Type='x/image' TargetMode = 'External' Target='http://h/a?x>y'/>
<Relationship Id="b" Type="x/image" Target="file:///etc/passwd"/><Relationship Id="c" Type="x/image" Target="../media/i.png"/></Relationships>`;
    const out = neutralizeRelationships(rels);
    expect(out).not.toMatch(/http:|file:|External/);
    expect(out).toContain('Target="../media/i.png"');
    expect(neutralizeXmlPart('<v:imagedata o:href="http://h/x" r:id="rId1"/>')).toBe('<v:imagedata o:href="" r:id="rId1"/>');
    const dtd = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY m "External"> <!ENTITY u SYSTEM "http://h/e">]><r TargetMode="&m;"/>';
    expect(withoutDoctype(dtd)).toBe('<?xml version="1.0"?><r TargetMode="&m;"/>');
  });
});

describe("renderableCopy (what LibreOffice opens)", () => {
  it("chooses by content, not by name: HTML, flat ODF as XML, packages; binary formats untouched", async () => {
    const html = (await renderableCopy(Buffer.from('<p>x</p><img src="http://h/x">'), "doc")).toString("utf8");
    expect(html).toBe("\uFEFF<p>x</p><img />");
    const fodt = `<?xml version="1.0"?><!DOCTYPE x SYSTEM "http://h/x.dtd"><office:document><draw:image xlink:href="http://h/i.png"/><text:a xlink:href="http://h/l">l</text:a></office:document>`;
    const flat = (await renderableCopy(Buffer.from(fodt), "odt")).toString("utf8");
    expect(flat).toBe(
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?><office:document><draw:image></draw:image><text:a xlink:href="http://h/l">l</text:a></office:document>',
    );
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x3c]);
    expect(await renderableCopy(ole, "doc")).toBe(ole);
    const zip = await openZip(await renderableCopy(externalRefsDocx(HOST), "docx"));
    try {
      expect(await zip.readText("word/_rels/document.xml.rels")).not.toContain("linked-image");
    } finally {
      zip.close();
    }
  });
});
