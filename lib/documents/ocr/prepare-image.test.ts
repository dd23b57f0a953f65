import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { OCR_TARGET_DPI, parsePgmHeader, prepareOcrImage } from "./prepare-image";
import { expectAppError, hugePngHeader, textImage } from "./test-fixtures";

describe("image preparation", () => {
  it("turns colour, alpha and JPEG input into 8-bit gray PGM, enlarging small images", async () => {
    const rgba = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const prepared = await prepareOcrImage(rgba);
    const header = parsePgmHeader(prepared.pgm)!;
    expect(header).toMatchObject({ width: 600, height: 200 });
    expect(prepared.pgm.length).toBe(header.offset + 600 * 200);
    // transparent → white, not black
    expect(prepared.pgm[header.offset + 1000]).toBe(255);
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#eee" } })
      .jpeg()
      .toBuffer();
    expect(await prepareOcrImage(jpeg)).toMatchObject({ width: 2000, height: 1000, scale: 1 });
  });

  it("scales down to OCR_TARGET_DPI and at most 4000 px per side", async () => {
    const big = await sharp({ create: { width: 5000, height: 2500, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(await prepareOcrImage(big)).toMatchObject({ width: 4000, height: 2000 });
    const scan600 = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#fff" } })
      .withMetadata({ density: 600 })
      .png()
      .toBuffer();
    expect(OCR_TARGET_DPI).toBe(240);
    expect(await prepareOcrImage(scan600)).toMatchObject({ width: 1200, height: 400, dpi: 240 });
    const rendered300 = await prepareOcrImage(
      await sharp({ create: { width: 2500, height: 3500, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
      { dpi: 300 },
    );
    expect(rendered300).toMatchObject({ width: 2000, height: 2800, dpi: 240 });
  });

  it("refuses corrupt and oversized images with file_rendering_failed", async () => {
    await expectAppError(prepareOcrImage(Buffer.from("this is not an image at all")), "file_rendering_failed", /could not be read/);
    const png = await textImage([["truncated"]]);
    await expectAppError(prepareOcrImage(png.subarray(0, 200)), "file_rendering_failed");
    await expectAppError(prepareOcrImage(hugePngHeader(30_000, 30_000)), "file_rendering_failed", /30000 × 30000 pixels/);
  });
});
