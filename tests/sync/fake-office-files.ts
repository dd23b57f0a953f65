// Minimal real Office packages for the fake Google Drive's exports: what the document type detection reads
// (content types, the main part and the relation to it) plus the text.
import { makeZip } from "../helpers/zip-writer";

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const xmlEscape = (s: string) => s.replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c]!);

function ooxml(mainPart: string, contentType: string, xml: string): Buffer {
  const files: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${mainPart}" ContentType="${contentType}"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="${mainPart}"/></Relationships>`,
    [mainPart]: xml,
  };
  return makeZip(Object.entries(files).map(([name, data]) => ({ name, data: Buffer.from(data) })));
}

/** A DOCX with one paragraph per line of `text`. */
export function docxOf(text: string): Buffer {
  const paragraphs = text
    .split("\n")
    .map((l) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(l)}</w:t></w:r></w:p>`)
    .join("");
  return ooxml(
    "word/document.xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}<w:sectPr/></w:body></w:document>`,
  );
}

/** A PPTX package whose presentation part carries `text` in a comment. */
export function pptxOf(text: string): Buffer {
  return ooxml(
    "ppt/presentation.xml",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
    `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><!-- ${xmlEscape(text)} --></p:presentation>`,
  );
}
