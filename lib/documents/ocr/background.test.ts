import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { backgroundMap, flattenBackground } from "./background";
import { ocrImage, shutdownOcr } from "./index";
import { parsePgmHeader, prepareOcrImage } from "./prepare-image";
import { invoiceImage, SHADED_BOX_LINES, shadedBoxImage } from "./test-scans";

afterAll(() => shutdownOcr());

const pixel = (pgm: Buffer, x: number, y: number) => {
  const h = parsePgmHeader(pgm)!;
  return pgm[h.offset + y * h.width + x];
};

describe("shaded backgrounds flattened before recognition", () => {
  it("hands a page printed on paper on untouched", async () => {
    const page = await prepareOcrImage(await invoiceImage({ format: "png", noise: 12 }));
    expect(flattenBackground(page)).toBe(page);
  });

  it("turns a gray box into paper and keeps its text dark", async () => {
    const page = await prepareOcrImage(await shadedBoxImage());
    const flat = flattenBackground(page);
    expect(flat).not.toBe(page);
    expect(flat).toMatchObject({ width: page.width, height: page.height, scale: page.scale });
    // inside the box, away from the text: gray (0x99) before, paper after
    expect(pixel(page.pgm, 1400, 700)).toBeLessThan(170);
    expect(pixel(flat.pgm, 1400, 700)).toBeGreaterThan(230);
    // the dark frame around the page too
    expect(pixel(flat.pgm, 10, 500)).toBeGreaterThan(230);
    // the text in the box stays ink: the darkest pixels of its first line
    let darkest = 255;
    for (let y = 290; y < 330; y++) for (let x = 130; x < 700; x++) darkest = Math.min(darkest, pixel(flat.pgm, x, y));
    expect(darkest).toBeLessThan(60);
  });

  it("measures the background as the brightest level around each block, closed over text strokes", async () => {
    const { data, info } = await sharp(await shadedBoxImage([]))
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { map, bw } = backgroundMap(data, info.width, info.height);
    const at = (x: number, y: number) => map[Math.floor(y / 8) * bw + Math.floor(x / 8)];
    expect(at(800, 120)).toBe(0xee); // the slide (around the heading's letters)
    expect(at(800, 500)).toBe(0x99); // the box
    expect(at(10, 10)).toBe(0x55); // the frame
  });

  it("reads text printed on a gray box", async () => {
    const { markdown } = await ocrImage(await shadedBoxImage());
    for (const line of SHADED_BOX_LINES) expect(markdown).toContain(line);
  });
});
