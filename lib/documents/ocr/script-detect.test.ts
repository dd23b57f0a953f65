import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ocrImage, shutdownOcr } from "./index";
import { nativeTesseract, type Recognition, SYSTEM_TESSDATA } from "./native-tesseract";
import { joinScriptPieces, languageForScript, parseOsdScript, readsBetter } from "./script-detect";
import { KOREAN_LINES, koreanPageImage } from "./test-scans";

afterAll(() => shutdownOcr());

type Box = { x0: number; y0: number; x1: number; y1: number };
const w = (text: string, x0: number, x1: number, confidence = 90) => ({ text, confidence, bbox: { x0, y0: 100, x1, y1: 140 } as Box, symbols: null });
const reading = (...words: ReturnType<typeof w>[]): Recognition => ({
  confidence: 90,
  blocks: [
    {
      paragraphs: [
        {
          bbox: { x0: 0, y0: 100, x1: 2000, y1: 140 },
          confidence: 90,
          lines: [{ bbox: { x0: 0, y0: 100, x1: 2000, y1: 140 }, confidence: 90, words }],
        },
      ],
    },
  ] as Recognition["blocks"],
});
const textOf = (r: Recognition) => r.blocks![0].paragraphs[0].lines[0].words.map((x) => x.text);

describe("pages in a script their languages do not cover", () => {
  it("reads the script from tesseract's OSD output and maps it to installed language data", () => {
    expect(parseOsdScript("Page number: 0\nOrientation in degrees: 0\nScript: Korean\nScript confidence: 0.23\n")).toBe("Korean");
    expect(parseOsdScript("Too few characters. Skipping this page")).toBeNull();
    expect(languageForScript("Korean", () => true)).toBe("kor");
    expect(languageForScript("Korean", () => false)).toBeNull();
    expect(languageForScript("Latin", () => true)).toBeNull();
    expect(languageForScript(null, () => true)).toBeNull();
  });

  it("joins the Hangul pieces of a word (close together) and keeps the spaces between words", () => {
    // line height 40: gaps under 14 px join ("국회" + "입법"), wider ones are spaces; digits take their counter
    const joined = joinScriptPieces(
      reading(
        w("발행처", 0, 120),
        w("국", 140, 170),
        w("회", 174, 204),
        w("입법", 210, 270),
        w("2020", 300, 380),
        w("년", 384, 414),
        w("Report", 450, 560),
        w("요약", 564, 620),
      ),
    );
    expect(textOf(joined)).toEqual(["발행처", "국회입법", "2020년", "Report", "요약"]);
    expect(joined.blocks![0].paragraphs[0].lines[0].words[1].bbox).toEqual({ x0: 140, y0: 100, x1: 270, y1: 140 });
  });

  it("joins the pieces of a Chinese run (close together) and of a number split after its point, not the cells apart", () => {
    // line height 40: CJK pieces under 20 px apart join, with digits and Latin letters beside them; a cell
    // 120 px away stays a word of its own, and so do two Latin words
    const joined = joinScriptPieces(
      reading(
        w("华", 0, 36),
        w("联", 40, 76),
        w("绿豆", 82, 150),
        w("100g", 156, 230),
        w("2.", 350, 380),
        w("18", 386, 420),
        w("商品", 540, 610),
        w("Total", 700, 790),
        w("price", 804, 890),
      ),
    );
    expect(textOf(joined)).toEqual(["华联绿豆100g", "2.18", "商品", "Total", "price"]);
  });

  it("keeps the other reading only when it is clearly more confident", () => {
    const garbage = reading(w("ALA", 0, 50, 32), w("wr", 60, 90, 35));
    expect(readsBetter(reading(w("국회", 0, 50, 78)), garbage)).toBe(true);
    expect(readsBetter(reading(w("국회", 0, 50, 40)), garbage)).toBe(false);
  });

  const koreanInstalled = !!nativeTesseract() && ["kor", "osd"].every((l) => fs.existsSync(path.join(SYSTEM_TESSDATA, `${l}.traineddata`)));
  it.skipIf(!koreanInstalled)("reads a Korean page requested in English as Korean (Debian tesseract-ocr-kor)", async () => {
    const { markdown } = await ocrImage(await koreanPageImage(), { languages: ["eng"] });
    const hangul = markdown.match(/\p{Script=Hangul}/gu) ?? [];
    expect(hangul.length).toBeGreaterThan(60);
    expect(markdown).toContain("국회입법조사처");
    expect(markdown).toContain(KOREAN_LINES[0].split(" ")[0]);
  });
});
