import "./convert/pdf-polyfills";
import { getResolvedPDFJS } from "unpdf";
import { describe, expect, it } from "vitest";
import { isBlankGray, paintsInk, pgmPixels } from "./blank-page";

const W = 1654;
const H = 2339; // A4 at 200 dpi
const page = (paper: number, noise = 0) => {
  const px = new Uint8Array(W * H);
  let seed = 1;
  for (let i = 0; i < px.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    px[i] = Math.max(0, Math.min(255, paper + (noise ? (seed % (2 * noise + 1)) - noise : 0)));
  }
  return px;
};
/** Paints a w × h block of `value` at (x, y): a word or a page number. */
const block = (px: Uint8Array, x: number, y: number, w: number, h: number, value: number) => {
  for (let r = y; r < y + h; r++) px.fill(value, r * W + x, r * W + x + w);
  return px;
};

describe("isBlankGray", () => {
  it("white, gray and noisy paper are blank", () => {
    expect(isBlankGray(page(255))).toBe(true);
    expect(isBlankGray(page(200, 20))).toBe(true);
    // A few specks of dust.
    expect(isBlankGray(block(page(245, 6), 800, 1200, 6, 6, 30))).toBe(true);
  });

  it("a page number, a word or light-gray text is ink", () => {
    expect(isBlankGray(block(page(255), 820, 2250, 10, 28, 0))).toBe(false);
    expect(isBlankGray(block(page(230, 8), 100, 100, 120, 30, 40))).toBe(false);
    expect(isBlankGray(block(page(255), 100, 100, 200, 20, 170))).toBe(false);
  });

  it("white text on a black page is ink", () => {
    expect(isBlankGray(block(page(0), 100, 100, 300, 30, 255))).toBe(false);
    expect(isBlankGray(page(0))).toBe(true);
  });
});

describe("pgmPixels", () => {
  it("reads a binary PGM's pixels and refuses anything else", () => {
    const pgm = Buffer.concat([Buffer.from("P5\n3 2\n255\n"), Buffer.from([1, 2, 3, 4, 5, 6])]);
    expect([...pgmPixels(pgm)!]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pgmPixels(pgm.subarray(0, pgm.length - 1))).toBeNull();
    expect(pgmPixels(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0]))).toBeNull();
  });
});

describe("paintsInk", () => {
  it("tells an operator list that paints nothing from one that paints or places something", async () => {
    const OPS = (await getResolvedPDFJS()).OPS as unknown as Record<string, number>;
    const list = (...ops: [string, unknown?][]) => ({ fnArray: ops.map(([n]) => OPS[n]), argsArray: ops.map(([, a]) => a ?? null) });
    expect(paintsInk(list(), OPS)).toBe(false);
    expect(paintsInk(list(["save"], ["setFillRGBColor"], ["beginText"], ["setFont"], ["endText"], ["restore"]), OPS)).toBe(false);
    // A clipping path paints nothing; a filled one does.
    expect(paintsInk(list(["constructPath", [OPS.endPath, [null], null]], ["clip"]), OPS)).toBe(false);
    expect(paintsInk(list(["constructPath", [OPS.fill, [null], null]]), OPS)).toBe(true);
    expect(paintsInk(list(["beginText"], ["showText"], ["endText"]), OPS)).toBe(true);
    expect(paintsInk(list(["paintImageXObject"]), OPS)).toBe(true);
    // What pdf.js leaves of an image over its size limit: the matrix placing it (poppler still renders it).
    expect(paintsInk(list(["save"], ["transform"], ["restore"]), OPS)).toBe(true);
  });
});
