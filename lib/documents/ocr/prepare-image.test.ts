import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { OCR_TARGET_DPI, parsePgmHeader, prepareOcrImage } from "./prepare-image";
import { expectAppError, hugePngHeader, textImage } from "./test-fixtures";
import { invoiceImage, sparseNoisyPage } from "./test-scans";

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
    const scan600 = await sharp({ create: { width: 3600, height: 3300, channels: 3, background: "#fff" } })
      .withMetadata({ density: 600 })
      .png()
      .toBuffer();
    expect(OCR_TARGET_DPI).toBe(200);
    // file metadata scales a page-sized image, but is not handed on to tesseract (dpi unset)
    const prepared600 = await prepareOcrImage(scan600);
    expect(prepared600).toMatchObject({ width: 1200, height: 1100 });
    expect(prepared600.dpi).toBeUndefined();
    const rendered300 = await prepareOcrImage(
      await sharp({ create: { width: 2500, height: 3500, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
      { dpi: 300 },
    );
    expect(rendered300).toMatchObject({ width: 1667, height: 2333, dpi: 200 });
  });

  it("does not stretch the contrast of a sparsely printed page: the paper's noise stays paper", async () => {
    // Under 1% ink: a 1–99% percentile stretch mapped the noise to black and tesseract read nothing.
    const prepared = await prepareOcrImage(await sparseNoisyPage(["One short line of text."]));
    const head = parsePgmHeader(prepared.pgm)!;
    let sum = 0;
    let sq = 0;
    let n = 0;
    for (let y = Math.round(prepared.height * 0.6); y < prepared.height * 0.9; y += 7) {
      for (let x = 100; x < prepared.width - 100; x += 5) {
        const v = prepared.pgm[head.offset + y * prepared.width + x];
        sum += v;
        sq += v * v;
        n++;
      }
    }
    const mean = sum / n;
    const sd = Math.sqrt(sq / n - mean * mean);
    expect(mean).toBeGreaterThan(240);
    expect(sd).toBeLessThan(10);
  });

  it("ignores dpi metadata that cannot describe a page, and never passes file metadata to tesseract", async () => {
    // 993 × 1404 px labelled 300 dpi would be a 3.3 × 4.7 inch "page": the label is wrong (the pixels are an
    // A4 page at 120 dpi), so the pixels are kept as they are.
    const mislabelled = await prepareOcrImage(await invoiceImage({ density: 300 }));
    expect(mislabelled).toMatchObject({ width: 993, height: 1404, scale: 1 });
    expect(mislabelled.dpi).toBeUndefined();
    const labelled120 = await prepareOcrImage(await invoiceImage({ density: 120 }));
    expect(labelled120).toMatchObject({ width: 993, height: 1404, scale: 1 });
    expect(labelled120.dpi).toBeUndefined();
  });

  it("refuses corrupt and oversized images with unsupported_file_format (issue 16)", async () => {
    await expectAppError(prepareOcrImage(Buffer.from("this is not an image at all")), "unsupported_file_format", /could not be read/);
    const png = await textImage([["truncated"]]);
    await expectAppError(prepareOcrImage(png.subarray(0, 200)), "unsupported_file_format");
    await expectAppError(prepareOcrImage(hugePngHeader(30_000, 30_000)), "unsupported_file_format", /30000 × 30000 pixels/);
  });
});
