// Helpers shared by the OCR tests: text images rendered from SVG with sharp (DejaVu fonts) and an AppError
// assertion.
import zlib from "node:zlib";
import sharp from "sharp";
import { expect } from "vitest";
import { AppError } from "@/lib/errors";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A white PNG with paragraphs of text (lines as given), a blank line's height between paragraphs. */
export async function textImage(paragraphs: string[][], opts: { fontSize?: number; width?: number; heading?: string } = {}): Promise<Buffer> {
  const size = opts.fontSize ?? 40;
  const lineHeight = Math.round(size * 1.4);
  const parts: string[] = [];
  let y = size * 2;
  if (opts.heading) {
    parts.push(`<text x="60" y="${y}" font-family="DejaVu Sans" font-weight="bold" font-size="${size * 2}">${esc(opts.heading)}</text>`);
    y += size * 2 + lineHeight;
  }
  for (const p of paragraphs) {
    for (const line of p) {
      parts.push(`<text x="60" y="${y}" font-family="DejaVu Serif" font-size="${size}">${esc(line)}</text>`);
      y += lineHeight;
    }
    y += lineHeight;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${opts.width ?? 2000}" height="${y + size}"><rect width="100%" height="100%" fill="#fff"/>${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function expectAppError(p: Promise<unknown>, code: string, detail?: RegExp): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  if (detail) expect((err as AppError).detail).toMatch(detail);
  return err as AppError;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A valid PNG header claiming width × height (no real pixel data behind it): a decompression-bomb stand-in. */
export function hugePngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit gray
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const idat = zlib.deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
