import { describe, expect, it } from "vitest";
import { ProcessTimeout } from "@/lib/documents/run-process";
import { nativeTesseract, parseHocr, recognizeNative } from "./native-tesseract";
import { textImage } from "./test-fixtures";

const HOCR = `<?xml version="1.0" encoding="UTF-8"?>
<html><body>
 <div class='ocr_page' id='page_1' title='bbox 0 0 800 600'>
  <div class='ocr_carea' id='block_1_1' title="bbox 10 10 400 80">
   <p class='ocr_par' id='par_1_1' lang='eng' title="bbox 10 10 400 80">
    <span class='ocr_line' id='line_1_1' title="bbox 10 10 400 40; baseline 0 -5; x_size 30; x_descenders 5; x_ascenders 8">
     <span class='ocrx_word' id='word_1_1' title='bbox 10 10 90 40; x_wconf 96'>
      <span class='ocrx_cinfo' title='x_bboxes 10 10 50 40; x_conf 99.1'>A</span>
      <span class='ocrx_cinfo' title='x_bboxes 52 10 90 40; x_conf 98.7'>&amp;</span>
     </span>
     <span class='ocrx_word' id='word_1_2' title='bbox 100 10 200 40; x_wconf 80'><strong>Bold</strong></span>
     <span class='ocrx_word' id='word_1_3' title='bbox 210 10 220 40; x_wconf 0'> </span>
    </span>
    <span class='ocr_header' id='line_1_2' title="bbox 10 50 300 80; x_size 24">
     <span class='ocrx_word' id='word_1_4' title='bbox 10 50 300 80; x_wconf 90'>Next</span>
    </span>
   </p>
  </div>
  <div class='ocr_carea' id='block_1_2' title="bbox 0 0 1 1"><p class='ocr_par' title="bbox 0 0 1 1"><span class='ocr_line' title="bbox 0 0 1 1"></span></p></div>
 </div>
</body></html>`;

describe("native tesseract", () => {
  it("reads hOCR into tesseract.js's block tree: words, character boxes, row heights, confidences", () => {
    const { blocks, confidence } = parseHocr(HOCR);
    expect(blocks).toHaveLength(1); // the empty block is dropped
    const [par] = blocks![0].paragraphs;
    expect(par.lines.map((l) => l.words.map((w) => w.text))).toEqual([["A&", "Bold"], ["Next"]]);
    const [first, bold] = par.lines[0].words;
    expect(first).toMatchObject({ confidence: 96, bbox: { x0: 10, y0: 10, x1: 90, y1: 40 } });
    expect(first.symbols).toEqual([
      { text: "A", bbox: { x0: 10, y0: 10, x1: 50, y1: 40 } },
      { text: "&", bbox: { x0: 52, y0: 10, x1: 90, y1: 40 } },
    ]);
    expect(bold.symbols).toEqual([]);
    expect(par.lines.map((l) => l.rowAttributes?.rowHeight)).toEqual([30, 24]);
    expect(par.lines[0].confidence).toBe(88);
    expect(confidence).toBeCloseTo((96 + 80 + 90) / 3);
    expect(parseHocr("<html><body></body></html>")).toEqual({ blocks: null, confidence: 0 });
  });

  it.skipIf(!nativeTesseract())("recognises an image with the installed binary, and stops a page over its time budget", async () => {
    const png = await textImage([["The quick brown fox jumps over the lazy dog."]]);
    const { blocks } = await recognizeNative(new Uint8Array(png), { langs: ["eng"], timeoutMs: 30_000 });
    const words = blocks!.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));
    expect(words.join(" ")).toContain("quick brown fox");
    await expect(recognizeNative(new Uint8Array(png), { langs: ["eng"], timeoutMs: 1 })).rejects.toBeInstanceOf(ProcessTimeout);
    const aborted = new AbortController();
    aborted.abort(new Error("stop"));
    await expect(recognizeNative(new Uint8Array(png), { langs: ["eng"], timeoutMs: 30_000, signal: aborted.signal })).rejects.toThrow("stop");
  });
});
