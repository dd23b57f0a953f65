import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { convertWithLibreOffice } from "@/lib/documents/convert/libreoffice";
import { makeThumbnail, renderThumbnail, THUMBNAIL_WIDTH, textCardSvg } from "./thumbnail";

// Text formats must not start LibreOffice (seconds per file): any call is recorded and fails.
vi.mock("@/lib/documents/convert/libreoffice", () => ({
  convertWithLibreOffice: vi.fn(async () => {
    throw new Error("LibreOffice must not run in this test");
  }),
}));
const libreOffice = vi.mocked(convertWithLibreOffice);
beforeEach(() => {
  libreOffice.mockClear();
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thumb-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, data: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
};

describe("renderThumbnail", () => {
  it("draws a text card for Markdown and text files", async () => {
    const file = write("notes", "# Title <&>\n\nSome text that is long enough to wrap over more than one line of the card.\n");
    const png = await renderThumbnail({ path: file, kind: "md" });
    const meta = await sharp(png!).metadata();
    expect(meta).toMatchObject({ format: "png", width: THUMBNAIL_WIDTH });
    expect(meta.height).toBeGreaterThan(THUMBNAIL_WIDTH);
  });

  it("scales images to the thumbnail width and crops very tall ones", async () => {
    const tall = await sharp({ create: { width: 100, height: 2000, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const png = await renderThumbnail({ path: write("tall", tall), kind: "png" });
    expect(await sharp(png!).metadata()).toMatchObject({ format: "png", width: THUMBNAIL_WIDTH, height: THUMBNAIL_WIDTH * 3 });
    const wide = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#ffffff" } })
      .jpeg()
      .toBuffer();
    expect(await sharp((await renderThumbnail({ path: write("wide", wide), kind: "jpeg" }))!).metadata()).toMatchObject({ width: 320, height: 180 });
  });

  it("returns null instead of failing on a broken file", async () => {
    expect(await renderThumbnail({ path: write("broken.pdf", "%PDF-1.7\nnot really"), kind: "pdf" })).toBeNull();
    expect(await renderThumbnail({ path: write("broken.png", "\x89PNG garbage"), kind: "png" })).toBeNull();
    expect(await renderThumbnail({ path: path.join(dir, "missing"), kind: "txt" })).toBeNull();
  });

  it("draws HTML, XHTML, text and Markdown as a card without LibreOffice", async () => {
    const html = `<!DOCTYPE html><html><head><title>t</title><style>body{color:red}</style><script>var secret = 1;</script></head>
      <body><h1>Quarterly Report</h1><p>The northern region grew <b>faster</b> than <a href="/x">expected</a>.</p></body></html>`;
    const xhtml = `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><body><h2>Notes</h2><p>Text</p></body></html>`;
    const inputs = [
      { kind: "html", path: write("page.html", html) },
      { kind: "xhtml", path: write("page.xhtml", xhtml) },
      { kind: "txt", path: write("notes.txt", "Plain notes\nsecond line\n") },
      { kind: "md", path: write("notes.md", "# Title\n\nBody **bold** text.\n") },
    ] as const;
    for (const input of inputs) {
      const png = await makeThumbnail(input);
      expect(await sharp(png!).metadata(), input.kind).toMatchObject({ format: "png", width: THUMBNAIL_WIDTH });
    }
    expect(libreOffice).not.toHaveBeenCalled();
    // The control: an office format does go through LibreOffice (failing here, so no thumbnail).
    expect(await renderThumbnail({ kind: "docx", path: write("doc.docx", "not a docx") })).toBeNull();
    expect(libreOffice).toHaveBeenCalledTimes(1);
  });

  it("draws what a reader sees: headings bold, Markdown marks and HTML head, scripts and styles left out", async () => {
    const svg = textCardSvg(
      "# Quarterly Report\n\nGrew **faster** than [expected](https://x.test) `now`.\n\n| Region | Revenue |\n| --- | --- |\n| North | 1200 |",
      {
        markdown: true,
      },
    );
    expect(svg).toContain('font-weight="bold">Quarterly Report</text>');
    expect(svg).toContain(">Grew faster than expected now.</text>");
    expect(svg).toContain(">Region | Revenue</text>");
    expect(svg).toContain(">North | 1200</text>");
    expect(svg).not.toMatch(/---|\*\*|https:/);
    // Plain text is drawn as it is: a leading # is not a heading there.
    const plain = textCardSvg("# not a heading <&>", { markdown: false });
    expect(plain).toContain("># not a heading &lt;&amp;&gt;</text>");
    expect(plain).not.toContain("bold");
  });

  it("makeThumbnail reports a failure (for the job to retry) where renderThumbnail gives null", async () => {
    await expect(makeThumbnail({ path: path.join(dir, "missing"), kind: "txt" })).rejects.toThrow(/ENOENT/);
    await expect(makeThumbnail({ path: write("broken2.pdf", "%PDF-1.7\nnot really"), kind: "pdf" })).rejects.toThrow();
  });
});
