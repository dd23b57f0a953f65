import { describe, expect, it } from "vitest";
import { parseXml, xmlChild, xmlChildren } from "@/lib/documents/xml";

describe("parseXml", () => {
  it("parses elements, attributes, entities and CDATA, normalising namespace prefixes", () => {
    const root = parseXml(
      `<?xml version="1.0"?><!-- c --><x:document xmlns:x="http://schemas.openxmlformats.org/wordprocessingml/2006/main" a='1 &gt; 0'><x:t xml:space="preserve">A &amp; B &#x263A;<![CDATA[<raw>]]></x:t><x:br/></x:document>`,
    );
    expect(root.name).toBe("w:document");
    expect(root.attrs.a).toBe("1 > 0");
    const t = xmlChild(root, "w:t")!;
    expect(t.attrs["xml:space"]).toBe("preserve");
    expect(t.children).toEqual(["A & B ☺<raw>"]);
    expect(xmlChildren(root).map((c) => c.name)).toEqual(["w:t", "w:br"]);
    // Default namespaces map too (package relationships have no prefix).
    const rels = parseXml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1"/></Relationships>`,
    );
    expect(xmlChildren(rels, "Relationship")).toHaveLength(1);
  });

  it("refuses DTDs, malformed and absurdly deep documents", () => {
    expect(() => parseXml(`<!DOCTYPE lolz [<!ENTITY lol "lol">]><a>&lol;</a>`)).toThrow(/DTD/);
    expect(() => parseXml(`<a><b></a>`)).toThrow();
    expect(() => parseXml(`<a>`)).toThrow(/unclosed/);
    expect(() => parseXml(`<a/><b/>`)).toThrow(/root/);
    expect(() => parseXml("<a>".repeat(1000) + "</a>".repeat(1000))).toThrow(/deeper/);
  });
});
