// The blocks a page is read into (blocks.ts builds them, index.ts renders them) and the lines and paragraphs they
// are built from.

export type Block =
  | {
      type: "heading";
      level: number;
      text: string;
      /** A heading told by weight alone (bold at body size, no section number): the paragraph it reads as where a table follows. */
      byWeight?: string;
    }
  | { type: "paragraph"; text: string }
  | { type: "item"; x: number; marker: string; text: string; size: number }
  | { type: "table"; cells: string[][] }
  | { type: "code"; lines: string[] };

export interface Line {
  text: string;
  /** Text with bold runs marked. */
  marked: string;
  /** Segments more than 2 em apart (cells of a table that was not recognised, not running text). */
  tabular: boolean;
  x0: number;
  x1: number;
  y: number;
  size: number;
  bold: boolean;
  italic: boolean;
  level: number;
  /** The font of its longest segment. */
  font?: string;
}

export interface Marker {
  /** Markdown marker: "-", "3." or "3)". */
  out: string;
  /** Item text (keeps letter/roman markers such as "a)" as text). */
  rest: string;
  glyph: boolean;
}

export interface Para {
  lines: Line[];
  marker: Marker | null;
  markerX: number;
}
