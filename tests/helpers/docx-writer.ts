// Hand-made DOCX packages for converter tests: only the parts a test needs (extra parts by path).
import { zipFiles } from "@/tests/helpers/zip-writer";

export const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`;
/** A minimal hand-made docx. */
export function handmadeDocx(body: string, extra: Record<string, string> = {}): Buffer {
  return zipFiles({
    "[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    "word/document.xml": `<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
    ...extra,
  });
}
