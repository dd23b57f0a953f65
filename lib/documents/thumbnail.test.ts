import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { renderThumbnail, THUMBNAIL_WIDTH } from "./thumbnail";

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
});
