import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ocrImage, shutdownOcr } from "./index";
import type { Recognition } from "./native-tesseract";
import { wordsOf } from "./orientation-probe";
import { type PreparedImage, parsePgmHeader } from "./prepare-image";
import type { TBlock } from "./tesseract-blocks";
import { readUnreadInk, SPARSE_PSM, unreadInk, withUnreadWords } from "./unread-ink";

afterAll(() => shutdownOcr());

type Box = { x0: number; y0: number; x1: number; y1: number };
const W = 1240;
const H = 1754;
const LINES = [
  "The committee reviewed the results of the year",
  "and found that revenue increased in every region",
  "while costs remained stable over the period",
];
const LIST = ["1.", "Costs were reviewed by the board"];

/**
 * An A4 page at 150 dpi: three lines of a paragraph, a numbered list item, a two-cell table whose second
 * column ("B" over "2...") stands apart, and a page number in the bottom margin.
 */
async function page(): Promise<PreparedImage> {
  const t = (x: number, y: number, s: string) => `<text x="${x}" y="${y}" font-family="DejaVu Serif" font-size="28">${s}</text>`;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/>`,
    ...LINES.map((s, i) => t(150, 300 + 40 * i, s)),
    t(150, 500, LIST[0]),
    t(200, 500, LIST[1]),
    t(150, 700, "A"),
    t(900, 700, "B"),
    t(150, 800, "1..."),
    t(900, 800, "2..."),
    t(610, 1700, "7"),
    "</svg>",
  ].join("");
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const pgm = Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]);
  return { pgm, width: info.width, height: info.height, scale: 1, dpi: 150, inputWidth: info.width, inputHeight: info.height };
}

const word = (text: string, bbox: Box, confidence = 92) => ({ text, confidence, bbox, symbols: null });
/** The page's reading as tesseract gives it here: the text, the list item without its number, the first column. */
function reading(): Recognition {
  const words = [
    ...LINES.map((s, i) => word(s, { x0: 148, y0: 300 + 40 * i - 24, x1: 150 + 17 * s.length, y1: 300 + 40 * i + 8 })),
    word(LIST[1], { x0: 198, y0: 476, x1: 200 + 17 * LIST[1].length, y1: 508 }),
    word("A", { x0: 148, y0: 676, x1: 172, y1: 704 }),
    word("1...", { x0: 148, y0: 776, x1: 210, y1: 804 }),
  ];
  return {
    confidence: 92,
    blocks: words.map((w) => ({ paragraphs: [{ bbox: w.bbox, confidence: 92, lines: [{ bbox: w.bbox, confidence: 92, words: [w] }] }] })) as TBlock[],
  };
}

const inside = (b: Box, x: number, y: number) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;

describe("small isolated words the page's reading skipped are read from their own ink", () => {
  it("finds the unread cells' ink only: not the words read, a list number beside its item, or the page number", async () => {
    const img = await page();
    const groups = unreadInk(img, wordsOf(reading()));
    expect(groups).toHaveLength(2);
    expect(groups.some((g) => inside(g, 905, 690))).toBe(true); // B
    expect(groups.some((g) => inside(g, 905, 790))).toBe(true); // 2...
  });

  it("finds nothing on a page whose ink was all read", async () => {
    const img = await page();
    const all = reading();
    const extra = [
      word("1.", { x0: 148, y0: 476, x1: 180, y1: 508 }),
      word("B", { x0: 898, y0: 676, x1: 922, y1: 704 }),
      word("2...", { x0: 898, y0: 776, x1: 960, y1: 804 }),
    ];
    all.blocks?.push({
      paragraphs: [{ bbox: extra[0].bbox, confidence: 92, lines: extra.map((w) => ({ bbox: w.bbox, confidence: 92, words: [w] })) }],
    });
    expect(unreadInk(img, wordsOf(all))).toEqual([]);
  });

  it("reads a crop holding only the groups' ink and adds its words at their place on the page", async () => {
    const img = await page();
    let crop: PreparedImage | null = null;
    const read = async (c: PreparedImage, psm: number) => {
      expect(psm).toBe(SPARSE_PSM);
      crop = c;
      // the crop's "B": where it is in the crop
      const head = parsePgmHeader(c.pgm)!;
      let x0 = head.width;
      let y0 = head.height;
      for (let y = 0; y < head.height; y++)
        for (let x = 0; x < head.width; x++)
          if (c.pgm[head.offset + y * head.width + x] < 128 && y < head.height / 2) {
            x0 = Math.min(x0, x);
            y0 = Math.min(y0, y);
          }
      return {
        confidence: 90,
        blocks: [
          {
            paragraphs: [
              {
                bbox: { x0, y0, x1: x0 + 20, y1: y0 + 20 },
                confidence: 90,
                lines: [{ bbox: { x0, y0, x1: x0 + 20, y1: y0 + 20 }, confidence: 90, words: [word("B", { x0, y0, x1: x0 + 20, y1: y0 + 20 })] }],
              },
            ],
          },
        ] as TBlock[],
      };
    };
    const out = await readUnreadInk(img, reading(), read);
    expect(crop).not.toBeNull();
    // the crop holds the second column only, not the words read
    expect((crop as unknown as PreparedImage).width).toBeLessThan(300);
    const b = wordsOf(out).find((w) => w.text === "B");
    expect(b && inside({ x0: 895, y0: 670, x1: 930, y1: 706 }, b.bbox.x0 + 5, b.bbox.y0 + 5)).toBe(true);
    expect(wordsOf(out)).toHaveLength(wordsOf(reading()).length + 1);
  });

  it("adds only confident words with a letter or a digit inside a group, as a block before the blocks below it", () => {
    const page = reading();
    const group = { x0: 898, y0: 676, x1: 924, y1: 706 };
    const extra: Recognition = {
      confidence: 80,
      blocks: [
        {
          paragraphs: [
            {
              bbox: group,
              confidence: 80,
              lines: [
                {
                  bbox: group,
                  confidence: 80,
                  words: [word("B", group, 91), word("|", group, 95), word("x", { x0: 20, y0: 20, x1: 30, y1: 30 }, 95), word("8", group, 30)],
                },
              ],
            },
          ],
        },
      ] as TBlock[],
    };
    const out = withUnreadWords(page, [group], extra);
    const texts = wordsOf(out).map((w) => w.text);
    expect(texts.filter((t) => ["B", "|", "x", "8"].includes(t))).toEqual(["B"]);
    // after "A" (same row, read before it) and before "1..." (the row below)
    expect(texts.indexOf("B")).toBe(texts.indexOf("1...") - 1);
    expect(withUnreadWords(page, [group], { confidence: 0, blocks: [] })).toBe(page);
  });

  it("adds a line read under a paragraph's last line, within its width, as that paragraph's next line", () => {
    // a paragraph of two lines (y 276…340, lines 32 px high, 8 px apart); its third line was skipped
    const l1 = word("The committee reviewed the results", { x0: 148, y0: 276, x1: 760, y1: 308 });
    const l2 = word("and found that revenue increased", { x0: 148, y0: 316, x1: 740, y1: 348 });
    const para = { x0: 148, y0: 276, x1: 760, y1: 348 };
    const page: Recognition = {
      confidence: 92,
      blocks: [
        { paragraphs: [{ bbox: para, confidence: 92, lines: [l1, l2].map((w) => ({ bbox: w.bbox, confidence: 92, words: [w] })) }] },
      ] as TBlock[],
    };
    const group = { x0: 148, y0: 356, x1: 420, y1: 388 };
    const extra = (box: Box): Recognition => ({
      confidence: 90,
      blocks: [
        { paragraphs: [{ bbox: box, confidence: 90, lines: [{ bbox: box, confidence: 90, words: [word("in every region", box, 90)] }] }] },
      ] as TBlock[],
    });
    const out = withUnreadWords(page, [group], extra(group));
    expect(out.blocks).toHaveLength(1);
    expect(out.blocks![0].paragraphs[0].lines.map((l) => l.words[0].text)).toEqual([l1.text, l2.text, "in every region"]);
    // two line heights below it: a block of its own
    const far = { x0: 148, y0: 420, x1: 420, y1: 452 };
    expect(withUnreadWords(page, [far], extra(far)).blocks).toHaveLength(2);
  });

  it("reads a table's cells that the page's reading skips (its figure column, a number alone in the first)", async () => {
    // tesseract's page layout drops the isolated cells "1..." and "12" of this page (both engines)
    const t = (x: number, y: number, s: string) => `<text x="${x}" y="${y}" font-family="DejaVu Serif" font-size="28">${s}</text>`;
    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/>`,
      ...LINES.map((s, i) => t(150, 300 + 40 * i, s)),
      t(150, 700, "A"),
      t(900, 700, "Geese"),
      t(150, 800, "1..."),
      t(900, 800, "12"),
      "</svg>",
    ].join("");
    const png = await sharp(Buffer.from(svg)).greyscale().png().withMetadata({ density: 150 }).toBuffer();
    const r = await ocrImage(png);
    expect(r.markdown).toContain("Geese");
    expect(r.words.map((w) => w.text)).toContain("12");
  }, 60_000);
});
