// The PNG/JPEG converter: one OCR'd page; images are generated here (SVG text rendered with sharp).
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ocrStats, shutdownOcr } from "@/lib/documents/ocr";
import { hugePngHeader } from "@/lib/documents/ocr/test-fixtures";
import type { ConverterInput, DocumentKind, ParseOptions } from "@/lib/documents/types";
import { AppError } from "@/lib/errors";
import { convertImage } from "./image";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function textImage(paragraphs: string[][], format: "png" | "jpeg" = "png"): Promise<Buffer> {
  const size = 40;
  const lineHeight = 56;
  const parts: string[] = [];
  let y = 80;
  for (const p of paragraphs) {
    for (const line of p) {
      parts.push(`<text x="60" y="${y}" font-family="DejaVu Sans" font-size="${size}">${esc(line)}</text>`);
      y += lineHeight;
    }
    y += lineHeight;
  }
  const img = sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="${y}"><rect width="100%" height="100%" fill="#fff"/>${parts.join("")}</svg>`,
    ),
  );
  return format === "png" ? img.png().toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
}

function input(bytes: Uint8Array, kind: DocumentKind, options: Partial<ParseOptions> = {}): ConverterInput {
  return {
    bytes,
    path: "/nonexistent/image",
    filename: kind === "png" ? "scan.png" : "scan.jpg",
    type: { kind, mimeType: kind === "png" ? "image/png" : "image/jpeg", extension: kind === "png" ? "png" : "jpg" },
    options: { ocr: "auto", ocrLanguages: ["eng"], ...options },
  };
}

async function appError(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

afterAll(() => shutdownOcr());

describe("convertImage", () => {
  const paragraphs = [
    ["Invoice number four hundred for consulting services", "delivered in March to the northern office."],
    ["Payment is due within thirty days of receipt."],
  ];

  it("OCRs a PNG into one Markdown page with paragraphs", async () => {
    const progress: number[][] = [];
    const out = await convertImage(input(await textImage(paragraphs), "png", { onProgress: (d, t) => progress.push([d, t]) }));
    expect(out.pageCount).toBe(1);
    expect(out.pages).toHaveLength(1);
    expect(out.pages[0]).toMatchObject({ page: 1, ocr: true });
    const md = out.pages[0].markdown;
    expect(md).toMatch(/Invoice number four hundred for consulting services delivered in March/i);
    expect(md).toMatch(/office\.\n\nPayment is due/i);
    expect(progress).toEqual([[1, 1]]);
  });

  it("OCRs a JPEG the same way (ocr force)", async () => {
    const out = await convertImage(input(await textImage(paragraphs), "jpeg", { ocr: "force" }));
    expect(out.pages[0].ocr).toBe(true);
    expect(out.pages[0].markdown).toMatch(/thirty days/i);
  });

  it("with ocr off returns an empty page without OCR", async () => {
    await shutdownOcr();
    const out = await convertImage(input(await textImage(paragraphs), "png", { ocr: "off" }));
    expect(out).toEqual({ pages: [{ page: 1, markdown: "", ocr: false }], pageCount: 1 });
    expect(ocrStats().workers).toBe(0);
  });

  it("returns no page when page 1 is not selected", async () => {
    expect(await convertImage(input(await textImage(paragraphs), "png", { pages: [2] }))).toEqual({ pages: [], pageCount: 1 });
  });

  it("refuses corrupt, truncated and oversized images with 400 unsupported_file_format (issue 16)", async () => {
    const garbage = await appError(convertImage(input(Buffer.from("GIF89a but not really an image"), "png")));
    expect(garbage.code).toBe("unsupported_file_format");
    const jpeg = await textImage(paragraphs, "jpeg");
    expect((await appError(convertImage(input(jpeg.subarray(0, 100), "jpeg")))).code).toBe("unsupported_file_format");
    const bomb = await appError(convertImage(input(hugePngHeader(40_000, 40_000), "png", { ocr: "off" })));
    expect(bomb.code).toBe("unsupported_file_format");
    expect(bomb.detail).toMatch(/40000 × 40000 pixels .* MP/);
  });

  it("refuses unsupported OCR languages with bad_request", async () => {
    const err = await appError(convertImage(input(await textImage(paragraphs), "png", { ocrLanguages: ["eng", "tlh"] })));
    expect(err.code).toBe("bad_request");
    expect(err.detail).toMatch(/Supported: eng, deu, fra/);
  });

  it("stops when the signal is aborted", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(convertImage(input(await textImage(paragraphs), "png", { signal: ac.signal }))).rejects.toMatchObject({ name: "AbortError" });
  });
});
