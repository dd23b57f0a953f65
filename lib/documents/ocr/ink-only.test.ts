import { afterAll, describe, expect, it } from "vitest";
import { ocrImage, shutdownOcr } from "./index";
import { inkOnly } from "./ink-only";
import { type PreparedImage, parsePgmHeader, toPgm } from "./prepare-image";
import { sparseNoisyScan } from "./test-scans";

afterAll(() => shutdownOcr());

const page = (pixels: number[], width: number): PreparedImage => ({
  pgm: toPgm(width, pixels.length / width, Uint8Array.from(pixels)),
  width,
  height: pixels.length / width,
  scale: 1,
  inputWidth: width,
  inputHeight: pixels.length / width,
});

describe("a page read as nothing is read again from its ink alone", () => {
  it("keeps ink black and turns paper and light noise white, same size", () => {
    // paper 250 with light noise (230–255), ink 20–120
    const px = Array.from({ length: 100 * 100 }, (_, i) => (i % 100 < 20 && i < 2000 ? 20 + (i % 5) * 25 : 230 + (i % 26)));
    const out = inkOnly(page(px, 100))!;
    expect(out).toMatchObject({ width: 100, height: 100, scale: 1 });
    const head = parsePgmHeader(out.pgm)!;
    const at = (i: number) => out.pgm[head.offset + i];
    expect([at(0), at(4), at(1904)]).toEqual([0, 0, 0]);
    expect([at(50), at(5000), at(9999)]).toEqual([255, 255, 255]);
  });

  it("leaves a page without ink alone", () => {
    expect(inkOnly(page(new Array(100 * 100).fill(240), 100))).toBeNull();
  });

  it("reads a sparse noisy 200-dpi scan that tesseract's own threshold reads as nothing", async () => {
    const r = await ocrImage(await sparseNoisyScan("Some text"));
    expect(r.markdown).toBe("Some text");
  }, 60_000);
});
