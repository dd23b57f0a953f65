import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ocrImage, shutdownOcr } from "./index";
import { chooseTurn, isPoorReading, orientationReading, probeCrop, probeSide, turnPrepared, turnsToTry } from "./orientation";
import { type PreparedImage, parsePgmHeader } from "./prepare-image";
import { invoiceImage } from "./test-scans";

afterAll(() => shutdownOcr());

/** A 3 × 2 page whose pixel values are 1…6 in reading order. */
function tinyPage(): PreparedImage {
  const header = Buffer.from("P5\n3 2\n255\n", "latin1");
  return { pgm: Buffer.concat([header, Buffer.from([1, 2, 3, 4, 5, 6])]), width: 3, height: 2, scale: 1, inputWidth: 3, inputHeight: 2 };
}
const pixels = (img: PreparedImage) => {
  const h = parsePgmHeader(img.pgm)!;
  return { width: h.width, height: h.height, data: [...img.pgm.subarray(h.offset)] };
};
const word = (text: string, confidence: number, w = 60, h = 20) => ({ text, confidence, bbox: { x0: 0, y0: 0, x1: w, y1: h } });

describe("page orientation", () => {
  it("turns the pixels clockwise by quarter turns, and four quarter turns give the page back", () => {
    expect(pixels(turnPrepared(tinyPage(), 90))).toEqual({ width: 2, height: 3, data: [4, 1, 5, 2, 6, 3] });
    expect(pixels(turnPrepared(tinyPage(), 180))).toEqual({ width: 3, height: 2, data: [6, 5, 4, 3, 2, 1] });
    expect(pixels(turnPrepared(tinyPage(), 270))).toEqual({ width: 2, height: 3, data: [3, 6, 2, 5, 1, 4] });
    const turned = turnPrepared(tinyPage(), 270);
    expect(turned).toMatchObject({ width: 2, height: 3, inputWidth: 2, inputHeight: 3 });
    expect(pixels(turnPrepared(turnPrepared(turned, 90), 0))).toEqual(pixels(tinyPage()));
  });

  it("crops a square around a point, kept inside the page", () => {
    const crop = probeCrop(tinyPage(), { x: 0, y: 0 });
    expect(pixels(crop)).toEqual(pixels(tinyPage())); // smaller than the probe: the whole page
  });

  it("crops only as large as it takes to hold enough of the words read", () => {
    const page = { width: 1700, height: 2200 };
    const grid = (n: number, step: number) =>
      Array.from({ length: n }, (_, i) => ({
        text: "word",
        confidence: 30,
        bbox: { x0: 600 + (i % 10) * step, y0: 800 + Math.floor(i / 10) * step, x1: 640 + (i % 10) * step, y1: 820 + Math.floor(i / 10) * step },
      }));
    expect(probeSide(page, { x: 850, y: 1000 }, grid(100, 30))).toBe(500); // dense text: the smallest crop holds 60 words
    expect(probeSide(page, { x: 850, y: 1000 }, grid(100, 80))).toBe(800); // sparser: larger
    expect(probeSide(page, { x: 850, y: 1000 }, grid(20, 30))).toBe(1000); // few words on the page: the largest
  });

  it("tries 180° for a page read across, the quarter turns for one read as vertical lines, every turn otherwise", () => {
    expect(turnsToTry({ mean: 25, count: 300, upright: 0.99 })).toEqual([180]);
    expect(turnsToTry({ mean: 35, count: 60, upright: 0 })).toEqual([90, 270]);
    expect(turnsToTry({ mean: 95, count: 400, upright: 0 })).toEqual([90, 270]);
    expect(turnsToTry({ mean: 40, count: 50, upright: 0.5 })).toEqual([180, 90, 270]);
  });

  it("tries other orientations only for poor or vertical readings, and turns only when one reads clearly better upright", () => {
    const upright = orientationReading([word("Invoice", 92), word("number", 90), word("total", 88)]);
    expect(isPoorReading(upright)).toBe(false);
    const garbage = orientationReading([word("sy", 30), word("ʇǝ", 35), word("ouo", 40)]);
    expect(isPoorReading(garbage)).toBe(true);
    // well read but every word taller than wide: vertical lines of a page turned 90° clockwise
    const vertical = orientationReading([word("Invoice", 92, 20, 90), word("number", 90, 20, 80), word("total", 91, 20, 60)]);
    expect(isPoorReading(vertical)).toBe(true);
    expect(isPoorReading(orientationReading([word("ab", 10)]))).toBe(false); // too little to judge
    expect(chooseTurn(garbage, [{ turn: 180, ...upright }])).toBe(180);
    expect(chooseTurn(garbage, [{ turn: 180, ...garbage }])).toBe(0);
    // an orientation tesseract reads as vertical lines is not taken
    expect(
      chooseTurn(garbage, [
        { turn: 90, ...vertical },
        { turn: 270, ...upright },
      ]),
    ).toBe(270);
    expect(chooseTurn(vertical, [{ turn: 270, ...upright }])).toBe(270);
    // not clearly better: kept as it is
    expect(chooseTurn({ mean: 58, count: 40, upright: 1 }, [{ turn: 180, mean: 70, count: 30, upright: 1 }])).toBe(0);
  });

  it("reads an upside-down and a sideways scan as upright ones, tables included", async () => {
    const invoice = await invoiceImage({ format: "png" });
    for (const angle of [180, 270]) {
      const r = await ocrImage(await sharp(invoice).rotate(angle).png().toBuffer(), { languages: ["eng"] });
      expect(r.markdown).toMatch(/Northwind Traders/);
      expect(r.markdown).toMatch(/\| *Mounting bracket *\| *10 *\| *3\.20 *\| *32\.00 *\|/);
      expect(r.width).toBe(993); // the page as read: upright
      expect(r.confidence).toBeGreaterThan(70);
    }
  }, 120_000);
});
