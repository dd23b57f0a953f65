// Types of word-vectors-file.mjs (plain JavaScript: it also runs in plain Node, see there).
import type { ParsedWordVectors } from "./word-vectors-source.mjs";

export { WORD_DIMS } from "./word-vectors-source.mjs";
export const PACKAGE: string;
export const FORMAT: string;
export const BUILD_CODE_SHA: string;

export interface PreparedHeader {
  format: string;
  key: string;
  package: string;
  sourceBytes: number;
  size: number;
  entries: number;
  slots: number;
  dims: number;
  sections: Record<"scale" | "q" | "offsets" | "chars" | "table", number>;
  dataBytes: number;
  start: number;
}

/** Word → frequency rank (0 = most frequent): the part of Map's interface the callers use. */
export class WordIndex implements Iterable<[string, number]> {
  constructor(offsets: Uint32Array, chars: Uint16Array, table: Uint32Array, size: number);
  readonly size: number;
  get(word: string): number | undefined;
  has(word: string): boolean;
  word(rank: number): string;
  [Symbol.iterator](): Iterator<[string, number]>;
  slot(word: string): number;
}

export interface DecodedWordVectors {
  size: number;
  scale: Float32Array;
  q: Int8Array;
  rank: WordIndex;
}

export function vectorsKey(version: string, bytes: number): string;
export function encodeVectors(parsed: ParsedWordVectors, info: { key: string; version: string; bytes: number }): Buffer;
export function decodeVectors(bytes: Uint8Array, key: string): DecodedWordVectors | undefined;
export function readHeader(bytes: Uint8Array): PreparedHeader | undefined;
