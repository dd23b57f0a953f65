// Types of word-vectors-source.mjs (plain JavaScript: it also runs in plain Node, see there).

export const WORD_DIMS: 100;

export interface ParsedWordVectors {
  size: number;
  /** The word of each frequency rank ("" where the package has no entry). */
  words: string[];
  /** size × WORD_DIMS int8 components of the unit vectors; multiply by scale[rank]. */
  q: Int8Array;
  scale: Float32Array;
}

export function parseSource(buf: Buffer): ParsedWordVectors;
