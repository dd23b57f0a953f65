import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cfbRootNames, detectType } from "@/lib/documents/detect";
import { AppError } from "@/lib/errors";
import { zipFiles } from "@/tests/helpers/zip-writer";

const run = promisify(execFile);

const CONTENT_TYPES = (main: string, type: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="${type}"/></Types>`;
const RELS = (main: string) =>
  `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${main}"/></Relationships>`;

const HTML = `<!DOCTYPE html><html><head><title>t</title></head><body><h1>Hello</h1><p>World</p></body></html>`;
const FODP = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:body><office:presentation><draw:page draw:name="p1"><draw:frame svg:x="1cm" svg:y="1cm" svg:width="10cm" svg:height="2cm"><draw:text-box><text:p>Slide</text:p></draw:text-box></draw:frame></draw:page></office:presentation></office:body></office:document>`;

let dir: string;
const files: Record<string, Buffer> = {};

async function soffice(target: string, inputs: string[]): Promise<void> {
  const profile = await mkdtemp(join(tmpdir(), "lo-test-"));
  try {
    await run("soffice", ["--headless", `-env:UserInstallation=${pathToFileURL(profile).href}`, "--convert-to", target, "--outdir", dir, ...inputs], {
      timeout: 120_000,
    });
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "detect-test-"));
  await writeFile(join(dir, "doc.html"), HTML);
  await writeFile(join(dir, "deck.fodp"), FODP);
  await Promise.all([
    soffice("docx:MS Word 2007 XML", [join(dir, "doc.html")]),
    soffice("odt", [join(dir, "doc.html")]),
    soffice("pptx", [join(dir, "deck.fodp")]),
    soffice("odp", [join(dir, "deck.fodp")]),
  ]);
  await Promise.all([soffice("doc:MS Word 97", [join(dir, "doc.docx")]), soffice("ppt", [join(dir, "deck.pptx")])]);
  for (const ext of ["docx", "odt", "pptx", "odp", "doc", "ppt"])
    files[ext] = await readFile(join(dir, `${ext === "pptx" || ext === "odp" || ext === "ppt" ? "deck" : "doc"}.${ext}`));
  files.png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  files.jpeg = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
    .jpeg()
    .toBuffer();
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function rejection(bytes: Uint8Array, name?: string): Promise<AppError> {
  const err = await detectType(bytes, name).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("detectType", () => {
  it.each([
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
    ["odt", "application/vnd.oasis.opendocument.text"],
    ["odp", "application/vnd.oasis.opendocument.presentation"],
    ["doc", "application/msword"],
    ["ppt", "application/vnd.ms-powerpoint"],
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
  ])("detects %s from its bytes", async (kind, mimeType) => {
    expect(await detectType(files[kind], `file.${kind}`)).toEqual({ kind, mimeType, extension: kind });
    // The name does not matter: bytes win.
    expect((await detectType(files[kind], "upload.pdf")).kind).toBe(kind);
    expect((await detectType(files[kind])).kind).toBe(kind);
  });

  it("keeps a jpg extension for JPEG files and reports the canonical one for lying names", async () => {
    expect(await detectType(files.jpeg, "photo.JPG")).toEqual({ kind: "jpeg", mimeType: "image/jpeg", extension: "jpg" });
    expect(await detectType(files.png, "photo.pdf")).toEqual({ kind: "png", mimeType: "image/png", extension: "png" });
  });

  it("reads the OLE2 directory of doc and ppt files", () => {
    expect(cfbRootNames(files.doc)).toContain("WordDocument");
    expect(cfbRootNames(files.ppt)).toContain("PowerPoint Document");
    expect(cfbRootNames(files.doc.subarray(0, 600))).toEqual([]);
  });

  it("detects PDF by its header, also after leading junk", async () => {
    expect((await detectType(Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"), "x.bin")).kind).toBe("pdf");
    const junk = Buffer.concat([Buffer.from([0x00, 0x01, 0x02]), Buffer.from("%PDF-1.4\n1 0 obj\n%%EOF\n")]);
    expect((await detectType(junk)).kind).toBe("pdf");
    // A text file that merely mentions the header is text.
    expect((await detectType(Buffer.from("About the %PDF-1.7 header.\n"), "notes.txt")).kind).toBe("txt");
  });

  it("tells HTML, XHTML, Markdown and plain text apart", async () => {
    expect(await detectType(Buffer.from(HTML), "page.htm")).toEqual({ kind: "html", mimeType: "text/html", extension: "htm" });
    expect((await detectType(Buffer.from(`<!-- saved -->\n${HTML}`), "page.txt")).kind).toBe("html");
    const xhtml = `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body><p>x</p></body></html>`;
    expect(await detectType(Buffer.from(xhtml), "page.html")).toEqual({ kind: "xhtml", mimeType: "application/xhtml+xml", extension: "xhtml" });
    const nsOnly = `<html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>`;
    expect((await detectType(Buffer.from(nsOnly), "page.xhtml")).kind).toBe("xhtml");
    expect((await detectType(Buffer.from(nsOnly), "page.html")).kind).toBe("html"); // the extension breaks the tie
    expect((await detectType(Buffer.from("<div>fragment</div>"))).kind).toBe("html");
    expect(await detectType(Buffer.from("<div>inline html</div>\n\n# Title\n"), "README.md")).toEqual({
      kind: "md",
      mimeType: "text/markdown",
      extension: "md",
    });
    expect((await detectType(Buffer.from("# Title\n\nText"), "notes.markdown")).extension).toBe("markdown");
    expect(await detectType(Buffer.from("\uFEFFplain text, ünïcödé\n"), "a.pdf")).toEqual({ kind: "txt", mimeType: "text/plain", extension: "txt" });
  });

  it.each([
    [
      "an xlsx workbook",
      zipFiles({
        "[Content_Types].xml": CONTENT_TYPES("xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"),
        "_rels/.rels": RELS("xl/workbook.xml"),
        "xl/workbook.xml": "<workbook/>",
      }),
      /Excel/,
    ],
    ["a zip of random files", zipFiles({ "a.txt": "hello", "b/c.bin": Buffer.from([1, 2, 3]) }), /ZIP archive/],
    ["an ODF spreadsheet", zipFiles({ mimetype: "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<x/>" }), /spreadsheet/],
    [
      "a docx without its main part",
      zipFiles({
        "[Content_Types].xml": CONTENT_TYPES("word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"),
        "_rels/.rels": RELS("word/document.xml"),
      }),
      /main part/,
    ],
    ["a GIF", Buffer.concat([Buffer.from("GIF89a"), Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21, 0xf9, 0x04])]), /gif/],
    [
      "binary data",
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3e, 0, 1, 0, 0, 0, 0xff, 0xfe, 0x00]),
      /Supported formats/,
    ],
    ["an empty file", Buffer.alloc(0), /empty/],
    ["an XML document that is not XHTML", Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`), /XML/],
    ["UTF-16 text", Buffer.from("\uFEFFhello", "utf16le"), /Supported formats/],
  ])("refuses %s with unsupported_file_format", async (_what, bytes, detail) => {
    const err = await rejection(bytes, "upload.docx");
    expect(err.code).toBe("unsupported_file_format");
    expect(err.detail).toMatch(detail);
    expect(err.detail).toMatch(/PDF, PNG, JPEG, DOCX/);
  });

  it("refuses truncated containers", async () => {
    for (const kind of ["docx", "odt", "pptx"]) {
      const err = await rejection(files[kind].subarray(0, Math.floor(files[kind].length / 2)), `x.${kind}`);
      expect(err.code).toBe("unsupported_file_format");
    }
    const doc = await rejection(files.doc.subarray(0, 1024), "x.doc");
    expect(doc.code).toBe("unsupported_file_format");
  });
});
