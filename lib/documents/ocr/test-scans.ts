// Scan-like test pages for the OCR tests (no vitest import: experiments and benchmarks may use it too):
// a printed invoice with a ruled table, optionally skewed, noisy, on gray paper, with wrong dpi metadata.
import sharp from "sharp";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export interface InvoiceOptions {
  /** dpi written into the file's metadata (the pixels are the same either way). */
  density?: number;
  /** Degrees the page is rotated by (a skewed scan). */
  skew?: number;
  /** Gray level of the paper (255 = white) and the amplitude of uniform noise on it. */
  paper?: number;
  noise?: number;
  format?: "jpeg" | "png";
  /** Shade the header row (light gray) with its column rules drawn over it. */
  shadedHeader?: boolean;
}

export const INVOICE_ROWS = [
  ["Description", "Qty", "Price", "Amount"],
  ["Assembly kit, steel", "4", "12.50", "50.00"],
  ["Mounting bracket", "10", "3.20", "32.00"],
  ["Cable set, 2 m", "2", "8.75", "17.50"],
];

/**
 * A printed invoice as a scanner gives it: 993 × 1404 px (A4 at 120 dpi), large serif text, a heading
 * directly followed by a line of text, and a ruled 4 × 4 table; JPEG by default.
 */
export async function invoiceImage(opts: InvoiceOptions = {}): Promise<Buffer> {
  const W = 993;
  const H = 1404;
  const parts: string[] = [];
  const text = (x: number, y: number, size: number, s: string, bold = false) =>
    parts.push(`<text x="${x}" y="${y}" font-family="DejaVu Serif" font-size="${size}"${bold ? ' font-weight="bold"' : ""}>${esc(s)}</text>`);
  let y = 110;
  text(70, y, 44, "INVOICE", true);
  y += 46;
  text(70, y, 22, "Customer: Northwind Traders Ltd.");
  y += 34;
  text(70, y, 22, "Invoice number 2024-0117, issued 12 March 2024");
  y += 60;
  const cols = [70, 470, 620, 780, 923];
  const rowH = 44;
  const top = y;
  if (opts.shadedHeader) parts.push(`<rect x="70" y="${top}" width="853" height="${rowH}" fill="#dddddd"/>`);
  for (const [r, row] of INVOICE_ROWS.entries()) {
    row.forEach((c, i) => text(cols[i] + 12, y + 30, 22, c, r === 0));
    y += rowH;
  }
  for (let k = 0; k <= INVOICE_ROWS.length; k++) {
    parts.push(`<line x1="70" x2="923" y1="${top + k * rowH}" y2="${top + k * rowH}" stroke="#000" stroke-width="2"/>`);
  }
  for (const x of cols) parts.push(`<line x1="${x}" x2="${x}" y1="${top}" y2="${top + INVOICE_ROWS.length * rowH}" stroke="#000" stroke-width="2"/>`);
  y += 60;
  text(70, y, 22, "Payment is due within thirty days of the invoice date.");
  y += 34;
  text(70, y, 22, "Please quote the invoice number with your payment.");
  const paper = opts.paper ?? 255;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="rgb(${paper},${paper},${paper})"/>${parts.join("")}</svg>`;
  let img = sharp(Buffer.from(svg)).flatten({ background: "#fff" });
  if (opts.skew) img = sharp(await img.rotate(opts.skew, { background: "#fff" }).png().toBuffer()).resize(W, H, { fit: "cover" });
  if (opts.noise) {
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    let seed = 7;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = Math.max(0, Math.min(255, data[i] + ((seed / 0x7fffffff) * 2 - 1) * opts.noise));
    }
    img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  img = img.withMetadata({ density: opts.density ?? 120 });
  return opts.format === "png" ? img.png().toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
}

/**
 * A sparsely printed page as a scanner gives it: a few lines of 10 pt text on an A4 page at 300 dpi
 * (2480 × 3508 px; under 1% of the pixels are ink) with mild Gaussian noise on the paper.
 */
export async function sparseNoisyPage(lines: string[], opts: { sigma?: number; density?: number } = {}): Promise<Buffer> {
  const W = 2480;
  const H = 3508;
  const parts = lines.map((l, i) => `<text x="300" y="${400 + i * 70}" font-family="DejaVu Serif" font-size="42">${esc(l)}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/>${parts.join("")}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).grayscale().raw().toBuffer({ resolveWithObject: true });
  const sigma = opts.sigma ?? 6;
  let seed = 11;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed + 1) / 0x80000000;
  };
  for (let i = 0; i < data.length; i++) {
    const g = Math.sqrt(-2 * Math.log(rnd())) * Math.cos(2 * Math.PI * rnd());
    data[i] = Math.max(0, Math.min(255, Math.round(data[i] + g * sigma)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .withMetadata({ density: opts.density ?? 300 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A small ruled table of one-letter cells (Tab1–Tab3 / A B C / D E F, thin rules) between two lines of text, as
 * a scanner gives it slightly askew: tesseract's layout analysis read such tables (nearly) empty at -0.6° and
 * 1° before tables were read again from their own pixels (table-reread.ts). JPEG.
 */
export async function letterTableImage(skew = 0): Promise<Buffer> {
  const W = 1700;
  const H = 1000;
  const parts: string[] = [];
  const text = (x: number, y: number, s: string) => parts.push(`<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="34">${esc(s)}</text>`);
  text(200, 180, "Some text before");
  const cols = [200, 620, 1040, 1480];
  const top = 230;
  const rowH = 44;
  for (const [r, row] of LETTER_TABLE.entries()) row.forEach((c, i) => text(cols[i] + 14, top + r * rowH + 34, c));
  for (let k = 0; k <= LETTER_TABLE.length; k++)
    parts.push(`<line x1="200" x2="1480" y1="${top + k * rowH}" y2="${top + k * rowH}" stroke="#000" stroke-width="2"/>`);
  for (const x of cols) parts.push(`<line x1="${x}" x2="${x}" y1="${top}" y2="${top + LETTER_TABLE.length * rowH}" stroke="#000" stroke-width="2"/>`);
  text(200, 480, "Some text after");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/>${parts.join("")}</svg>`;
  let img = sharp(Buffer.from(svg)).flatten({ background: "#fff" });
  if (skew) img = sharp(await img.rotate(skew, { background: "#fff" }).png().toBuffer()).resize(W, H, { fit: "cover" });
  return img.jpeg({ quality: 80 }).toBuffer();
}

export const LETTER_TABLE = [
  ["Tab1", "Tab2", "Tab3"],
  ["A", "B", "C"],
  ["D", "E", "F"],
];

/**
 * A slide-like page (1600 × 1000 px): a heading on white, then black text on a mid-gray box and a dark gray
 * frame around the page. tesseract's global binarisation took the box for ink and read nothing in it before
 * shaded backgrounds were flattened (background.ts). PNG.
 */
export async function shadedBoxImage(lines: readonly string[] = SHADED_BOX_LINES): Promise<Buffer> {
  const parts = [
    `<rect width="1600" height="1000" fill="#555"/>`,
    `<rect x="40" y="40" width="1520" height="920" fill="#eee"/>`,
    `<text x="100" y="150" font-family="DejaVu Sans" font-size="64">Quarterly review</text>`,
    `<rect x="100" y="230" width="1400" height="600" fill="#999"/>`,
    ...lines.map((l, i) => `<text x="130" y="${320 + i * 70}" font-family="DejaVu Sans" font-size="38">${esc(l)}</text>`),
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const SHADED_BOX_LINES = ["Revenue grew by twelve percent", "Costs fell in every region", "Hiring resumes in the spring"];

/**
 * A page of Korean text (Nanum Myeongjo, Debian fonts-nanum): two paragraphs of the lines below, as a report
 * page, slightly blurred like a scan (tesseract read the razor-sharp rendering one line in five). PNG.
 */
export async function koreanPageImage(lines: readonly string[] = KOREAN_LINES): Promise<Buffer> {
  const body = [...lines, "", ...lines];
  const parts = body.map((l, i) => `<text x="150" y="${200 + i * 60}" font-family="NanumMyeongjo" font-size="36">${esc(l)}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="${400 + body.length * 60}"><rect width="100%" height="100%" fill="#fff"/>${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).blur(0.8).png().toBuffer();
}

export const KOREAN_LINES = [
  "코로나 관련 보험약관상 재해보험금 지급문제",
  "발행일 2020년 4월 2일 발행처 국회입법조사처",
  "보험회사에서 그동안 판매했거나 향후 판매하게 될 보험상품",
  "세계보건기구가 인정한 세계적 유행 단계에 돌입하였다",
  "이와 관련하여 보험약관의 현황 및 문제점을 살펴보고",
];

/**
 * One short line on an A4 page scanned at 200 dpi (1654 × 2339 px) as the held-out set's degraded copies are
 * made: turned by `angle` degrees, blurred, noise of ±42 gray levels, JPEG q60. tesseract's own threshold read
 * such a page as nothing (ink-only.ts).
 */
export async function sparseNoisyScan(text: string, angle = 0.8): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1654" height="2339"><rect width="100%" height="100%" fill="#fff"/><text x="200" y="230" font-family="DejaVu Sans" font-size="31">${esc(text)}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .rotate(angle, { background: "#ffffff" })
    .blur(0.5)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let seed = 3333;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i] + Math.round((rand() + rand() + rand() - 1.5) * 28)));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 60 })
    .withMetadata({ density: 200 })
    .toBuffer();
}
