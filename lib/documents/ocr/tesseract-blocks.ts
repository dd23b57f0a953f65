// The block tree tesseract returns for a page (blocks → paragraphs → lines → words, boxes in pixels), as the OCR
// layout reads it.
export interface TBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface TWord {
  text: string;
  confidence: number;
  bbox: TBox;
  symbols?: { text: string; bbox: TBox }[] | null;
}
export interface TLine {
  words: TWord[];
  confidence: number;
  bbox: TBox;
  rowAttributes?: { rowHeight?: number };
}
export interface TParagraph {
  lines: TLine[];
  bbox: TBox;
  confidence: number;
}
export interface TBlock {
  paragraphs: TParagraph[];
}
