import { describe, expect, it } from "vitest";
import { slantIn, strokeWidthIn, typeMeter, underlineIn } from "./type-style";

/** A gray page (PGM) with vertical strokes of the given width every 12 px in a box. */
function page(width: number, height: number, boxes: { x0: number; y0: number; x1: number; y1: number; stroke: number; ink: number }[]) {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, "latin1");
  const px = new Uint8Array(width * height).fill(250);
  for (const b of boxes)
    for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) if ((x - b.x0) % 12 < b.stroke) px[y * width + x] = b.ink;
  return { pgm: new Uint8Array(Buffer.concat([header, px])), px };
}

describe("stroke width", () => {
  it("measures the mean horizontal ink run, for black and gray text alike", () => {
    const { pgm } = page(400, 100, [
      { x0: 10, y0: 10, x1: 130, y1: 30, stroke: 2, ink: 0 },
      { x0: 10, y0: 50, x1: 130, y1: 70, stroke: 4, ink: 0 },
      { x0: 200, y0: 10, x1: 320, y1: 30, stroke: 4, ink: 120 },
    ]);
    const m = typeMeter(pgm)!.stroke;
    expect(m({ x0: 10, y0: 10, x1: 129, y1: 29 })).toBeCloseTo(2, 1);
    expect(m({ x0: 10, y0: 50, x1: 129, y1: 69 })).toBeCloseTo(4, 1);
    expect(m({ x0: 200, y0: 10, x1: 319, y1: 29 })).toBeCloseTo(4, 1);
    // paper only
    expect(m({ x0: 150, y0: 80, x1: 190, y1: 95 })).toBe(0);
  });

  it("clips boxes to the page and reads nothing from an empty box", () => {
    const { px } = page(50, 50, [{ x0: 0, y0: 0, x1: 50, y1: 50, stroke: 3, ink: 0 }]);
    expect(strokeWidthIn(px, 50, 50, 0, 250, { x0: -10, y0: -10, x1: 100, y1: 100 })).toBeGreaterThan(2.5);
    expect(strokeWidthIn(px, 50, 50, 0, 250, { x0: 20, y0: 20, x1: 20, y1: 30 })).toBe(0);
    expect(typeMeter(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe("slant", () => {
  /** Strokes 3 px wide every 12 px over 40 px of height, leaning right by `lean` px per px of height. */
  function strokes(lean: number) {
    const width = 200;
    const height = 60;
    const header = Buffer.from(`P5\n${width} ${height}\n255\n`, "latin1");
    const px = new Uint8Array(width * height).fill(250);
    for (let y = 10; y < 50; y++) {
      const shift = Math.round(lean * (49 - y));
      for (let x = 20; x < 160; x++) if ((x - 20) % 12 < 3) px[y * width + x + shift] = 0;
    }
    return new Uint8Array(Buffer.concat([header, px]));
  }
  const box = { x0: 10, y0: 5, x1: 190, y1: 55 };

  it("finds the lean of italic strokes and none in upright ones", () => {
    expect(typeMeter(strokes(0.25))!.slant(box)).toBeCloseTo(0.25, 2);
    expect(typeMeter(strokes(0.2))!.slant(box)).toBeCloseTo(0.2, 2);
    expect(typeMeter(strokes(0))!.slant(box)).toBe(0);
  });

  it("reads 0 from a box without ink", () => {
    const px = new Uint8Array(50 * 50).fill(250);
    expect(slantIn(px, 50, 50, 0, 250, { x0: 0, y0: 0, x1: 49, y1: 49 })).toBe(0);
  });
});

describe("tone and underline", () => {
  it("reads the darkest gray of a box: black text near 0, coloured text lighter, paper 250", () => {
    const width = 300;
    const height = 100;
    const header = Buffer.from(`P5\n${width} ${height}\n255\n`, "latin1");
    const px = new Uint8Array(width * height).fill(250);
    // strokes: black at y 10-30, a blue read as gray 80 at y 50-70; an underline under the gray ones at y 74
    for (let y = 10; y < 30; y++) for (let x = 10; x < 290; x++) if (x % 12 < 3) px[y * width + x] = 0;
    for (let y = 50; y < 70; y++) for (let x = 10; x < 290; x++) if (x % 12 < 3) px[y * width + x] = 80;
    for (let x = 10; x < 290; x++) px[74 * width + x] = 80;
    const m = typeMeter(new Uint8Array(Buffer.concat([header, px])))!;
    expect(m.tone({ x0: 5, y0: 5, x1: 295, y1: 35 })).toBe(0);
    expect(m.tone({ x0: 5, y0: 45, x1: 295, y1: 70 })).toBe(80);
    expect(m.tone({ x0: 5, y0: 80, x1: 295, y1: 99 })).toBe(250);
    // the rule under the gray strokes, a few pixels below the box's foot; none under the black ones
    expect(m.underline({ x0: 10, y0: 50, x1: 289, y1: 69 })).toBeGreaterThan(0.95);
    expect(m.underline({ x0: 10, y0: 10, x1: 289, y1: 29 })).toBeLessThan(0.5);
    expect(underlineIn(px, width, height, 0, 250, { x0: 10, y0: 80, x1: 289, y1: 95 })).toBe(0);
  });
});
