import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { deskewPrepared, estimateSkew } from "./deskew";
import { parsePgmHeader, prepareOcrImage } from "./prepare-image";
import { invoiceImage } from "./test-scans";

const skewOf = async (image: Buffer) => {
  const prepared = await prepareOcrImage(image);
  const h = parsePgmHeader(prepared.pgm)!;
  return estimateSkew(prepared.pgm, h.width, h.height, h.offset);
};

describe("skew correction", () => {
  it("measures a page's skew from its lines, clockwise positive, and nothing on an upright page", async () => {
    expect((await skewOf(await invoiceImage({ skew: 1.5 })))?.angle).toBeCloseTo(1.5, 0);
    expect((await skewOf(await invoiceImage({ skew: -0.8 })))?.angle).toBeCloseTo(-0.8, 0);
    expect((await skewOf(await invoiceImage()))?.angle).toBe(0);
  });

  it("turns a skewed page straight on a canvas of the same size and leaves upright and blank pages as they are", async () => {
    const skewed = await prepareOcrImage(await invoiceImage({ skew: 1.2, format: "png" }));
    const straight = await deskewPrepared(skewed);
    expect(straight.skew).toBeCloseTo(1.2, 0);
    expect(straight).toMatchObject({ width: skewed.width, height: skewed.height, scale: skewed.scale });
    const h = parsePgmHeader(straight.pgm)!;
    expect(straight.pgm.length).toBe(h.offset + h.width * h.height);
    expect(Math.abs(estimateSkew(straight.pgm, h.width, h.height, h.offset)?.angle ?? 9)).toBeLessThan(0.2);
    const upright = await prepareOcrImage(await invoiceImage({ format: "png" }));
    expect(await deskewPrepared(upright)).toBe(upright);
    const blank = await prepareOcrImage(
      await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    expect(estimateSkew(blank.pgm, 1200, 1600, parsePgmHeader(blank.pgm)!.offset)).toBeNull();
    expect(await deskewPrepared(blank)).toBe(blank);
  });
});
