import { describe, expect, it } from "vitest";
import type { Recognition } from "./native-tesseract";
import { needsOrientationProbe, probeTurn, wordsOf } from "./orientation-probe";
import type { PreparedImage } from "./prepare-image";

/** A blank prepared page of w × h pixels. */
function page(w: number, h: number): PreparedImage {
  const header = Buffer.from(`P5\n${w} ${h}\n255\n`, "latin1");
  return { pgm: Buffer.concat([header, Buffer.alloc(w * h, 255)]), width: w, height: h, scale: 1, inputWidth: w, inputHeight: h };
}
const reading = (confidence: number, n = 12): Recognition => ({
  confidence,
  blocks: [
    {
      paragraphs: [
        {
          lines: [
            {
              words: Array.from({ length: n }, (_, i) => ({ text: `word${i}`, confidence, bbox: { x0: i * 70, y0: 100, x1: i * 70 + 60, y1: 120 } })),
            },
          ],
        },
      ],
    },
  ] as unknown as Recognition["blocks"],
});

describe("orientation probe", () => {
  it("lists the words of a reading and probes only poor readings", () => {
    expect(wordsOf(reading(90, 3)).map((w) => w.text)).toEqual(["word0", "word1", "word2"]);
    expect(needsOrientationProbe(reading(92))).toBe(false);
    expect(needsOrientationProbe(reading(35))).toBe(true);
  });

  it("turns the page by the quarter turn whose crop reads clearly better, and not when none does", async () => {
    const img = page(1200, 1600);
    const seen: number[] = [];
    const turn = await probeTurn(
      async (crop) => {
        seen.push(crop.width);
        return reading(seen.length === 1 ? 95 : 30);
      },
      img,
      wordsOf(reading(35)),
    );
    expect(turn).toBe(180);
    expect(seen).toHaveLength(1); // a confident reading ends the probe
    expect(await probeTurn(async () => reading(38), img, wordsOf(reading(35)))).toBe(0);
  });
});
