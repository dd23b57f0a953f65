import { describe, expect, it } from "vitest";
import { eraseLeaders, findLeaders, inColumns, readsLeaders, rereadWithoutLeaders, withLeaderWords } from "./leaders";
import type { Recognition } from "./native-tesseract";
import type { PreparedImage } from "./prepare-image";
import type { TBlock } from "./tesseract-blocks";

/** A white page with black squares (x, y, size) on it. */
function page(squares: [number, number, number][], width = 400, height = 120): PreparedImage {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, "latin1");
  const px = new Uint8Array(width * height).fill(250);
  for (const [x0, y0, s] of squares) for (let y = y0; y < y0 + s; y++) for (let x = x0; x < x0 + s; x++) px[y * width + x] = 0;
  return { pgm: Buffer.concat([header, px]), width, height, scale: 1, inputWidth: width, inputHeight: height };
}

const word = (text: string, x0: number, x1: number, y = 20) => ({ text, confidence: 90, bbox: { x0, y0: y, x1, y1: y + 20 } });
const reading = (lines: string[][], confidence = 40): Recognition => ({
  confidence,
  blocks: [
    {
      paragraphs: [
        {
          lines: lines.map((ws, i) => ({
            words: ws.map((t, k) => word(t, 10 + 100 * k, 60 + 100 * k, 20 + 40 * i)),
            confidence,
            bbox: { x0: 10, y0: 20 + 40 * i, x1: 390, y1: 40 + 40 * i },
          })),
        },
      ],
    },
  ] as TBlock[],
});

describe("dot leaders", () => {
  // a row of ten 4 px dots every 12 px on one baseline; a full stop and an ellipsis elsewhere; a letter-sized blob
  const dots: [number, number, number][] = Array.from({ length: 10 }, (_, i) => [100 + 12 * i, 36, 4] as [number, number, number]);
  const img = page([...dots, [40, 20, 20], [300, 36, 4], [100, 86, 4], [112, 86, 4], [124, 86, 4]]);

  it("finds a row of evenly spaced dots, not a full stop, an ellipsis or a letter", () => {
    const leaders = findLeaders(img);
    expect(leaders).toHaveLength(1);
    expect(leaders[0].dots).toHaveLength(10);
    expect(leaders[0].box).toEqual({ x0: 100, x1: 211, y0: 36, y1: 39 });
  });

  it("paints the dots out and nothing else", () => {
    const erased = eraseLeaders(img, findLeaders(img));
    expect(findLeaders(erased)).toHaveLength(0);
    const offset = erased.pgm.length - 400 * 120;
    expect(erased.pgm[offset + 37 * 400 + 101]).toBe(250);
    expect(erased.pgm[offset + 30 * 400 + 50]).toBe(0);
    expect(erased.pgm[offset + 37 * 400 + 301]).toBe(0);
  });

  it("tells a reading with leaders on three lines or more", () => {
    expect(
      readsLeaders(
        reading([
          ["Foreword", "«uuu.....iii", "vi"],
          ["Scope", "........", "1"],
          ["Terms", ". . . . .", "6"],
        ]).blocks,
      ),
    ).toBe(true);
    expect(
      readsLeaders(
        reading([
          ["Foreword", "«uuu.....iii", "vi"],
          ["Scope", "........", "1"],
          ["The", "end..."],
        ]).blocks,
      ),
    ).toBe(false);
  });

  it("puts a leader back as a word of dots in its place on the line it stands on", () => {
    const r = withLeaderWords(reading([["Foreword", "vi"]]), [
      { box: { x0: 65, x1: 105, y0: 32, y1: 36 }, dots: Array(5).fill({ x0: 0, y0: 0, x1: 1, y1: 1 }) },
    ]);
    expect(r.blocks![0].paragraphs![0].lines![0].words!.map((w) => w.text)).toEqual(["Foreword", ".....", "vi"]);
  });

  it("reads a page with leaders again without its dots and keeps the better reading, leaders put back", async () => {
    const first = reading([
      ["Foreword", "«uuu.....iii", "vi"],
      ["Scope", "........", "1"],
      ["Terms", ". . . . .", "6"],
    ]);
    const calls: PreparedImage[] = [];
    const better = await rereadWithoutLeaders(img, first, async (erased, psm) => {
      expect(psm).toBe(4);
      calls.push(erased);
      return reading([["Foreword", "vi"]], 90);
    });
    expect(calls).toHaveLength(1);
    expect(findLeaders(calls[0])).toHaveLength(0);
    expect(better.confidence).toBe(90);
    expect(better.blocks![0].paragraphs![0].lines![0].words!.map((w) => w.text)).toEqual(["Foreword", "..........", "vi"]);
    // a worse second reading is dropped; a reading without leaders is not read again
    expect(await rereadWithoutLeaders(img, first, async () => reading([["F"]], 20))).toBe(first);
    const plain = reading([["Plain", "text"]]);
    expect(await rereadWithoutLeaders(img, plain, async () => Promise.reject(new Error("not read again")))).toBe(plain);
  });

  it("reads a page in two columns again with the automatic layout, not as one column of lines", async () => {
    const line = (text: string, x0: number, y: number) => ({
      words: text.split(" ").map((t, i) => ({ text: t, confidence: 40, bbox: { x0: x0 + 60 * i, y0: y, x1: x0 + 60 * i + 50, y1: y + 20 } })),
      confidence: 40,
      bbox: { x0, y0: y, x1: x0 + 60 * text.split(" ").length - 10, y1: y + 20 },
    });
    const rows = [0, 1, 2, 3].map((i) => [
      line("the left column runs on here", 10, 20 + 30 * i),
      line("and the right one beside it", 500, 20 + 30 * i),
    ]);
    const columns: Recognition = {
      confidence: 40,
      blocks: [
        {
          paragraphs: [
            { lines: [...rows.flat(), line("Scope ........ 1", 10, 200), line("Terms ........ 6", 10, 230), line("Index ........ 9", 10, 260)] },
          ],
        },
      ] as TBlock[],
    };
    expect(inColumns(columns.blocks)).toBe(true);
    expect(
      inColumns(
        reading([
          ["Foreword", "«uuu.....iii", "vi"],
          ["Scope", "........", "1"],
        ]).blocks,
      ),
    ).toBe(false);
    const modes: number[] = [];
    await rereadWithoutLeaders(img, columns, async (_, psm) => {
      modes.push(psm);
      return reading([["Scope"]], 20);
    });
    expect(modes).toEqual([3]);
  });
});
