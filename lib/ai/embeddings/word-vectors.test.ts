// The prepared word-vector file: what it stores must be exactly what parsing the package gives (the local model's
// vectors, and so its id, must not change), a stale or broken file is rebuilt, concurrent builders do not clash,
// and the app still starts when the file is missing.
import { execFile, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { LocalEmbeddingProvider } from "./local-provider";
import { loadWordVectors, WORD_DIMS, type WordVectors } from "./word-vectors";
import { BUILD_CODE_SHA, decodeVectors, PACKAGE, readHeader } from "./word-vectors-file.mjs";
import { isPrepared, preparedFiles, prepareVectors, sourceInfo } from "./word-vectors-prepare.mjs";
import { parseSource } from "./word-vectors-source.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../../..");
const temp: string[] = [];
const g = globalThis as unknown as { __docintelWordVectors?: Promise<WordVectors> };

afterAll(() => {
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const sha = (a: ArrayBufferView) => createHash("sha256").update(bytesOf(a)).digest("hex");

/** Today's in-memory form, as the code before the prepared file built it: a Map of the non-empty words. */
function reference(parsed: ReturnType<typeof parseSource>): WordVectors {
  const rank = new Map(parsed.words.map((w, r) => [w, r] as [string, number]).filter(([w]) => w !== ""));
  return { rank, q: parsed.q, scale: parsed.scale, size: parsed.size };
}

/** A project directory with a tiny package in the wink format (escaped, non-ASCII and repeated words, a gap). */
function fakeProject(version = "1.0.0"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-wv-"));
  temp.push(dir);
  const entries: [string, number][] = [
    ["the", 0],
    ["café", 1],
    ['say "hi"', 2],
    ["dup", 3],
    ["naïve", 4],
    ["dup", 5],
    // rank 6 has no entry
    ["zero", 7],
  ];
  const vec = (i: number) => Array.from({ length: WORD_DIMS }, (_, d) => (i === 7 ? 0 : Number((Math.sin(i * 7 + d) * 0.7).toFixed(6))));
  const vectors = entries.map(([w, i]) => `${JSON.stringify(w)}:[${[...vec(i), 1, i].join(",")}]`);
  vectors.push(`"<unk>":[${[...vec(7), 0, -1].join(",")}]`); // the package ends with an entry of index -1
  const json = `{"precision":8,"l2NormIndex":100,"wordIndex":101,"size":8,"dimensions":100,"words":[],"vectors":{${vectors.join(",")}}}`;
  const pkgDir = path.join(dir, "node_modules", PACKAGE);
  fs.mkdirSync(pkgDir, { recursive: true });
  fs.writeFileSync(path.join(pkgDir, `${PACKAGE}.json`), json);
  fs.writeFileSync(path.join(pkgDir, "package.json"), JSON.stringify({ name: PACKAGE, version }));
  fs.writeFileSync(path.join(dir, "package.json"), "{}");
  return dir;
}

describe("prepared word-vector file", () => {
  beforeEach(() => {
    g.__docintelWordVectors = undefined;
  });
  afterAll(() => {
    g.__docintelWordVectors = undefined;
  });

  it("records the hash of its build code (a change to it makes every prepared file stale)", () => {
    const source = fs.readFileSync(path.join(here, "word-vectors-source.mjs"), "utf8");
    const file = fs.readFileSync(path.join(here, "word-vectors-file.mjs"), "utf8").replace(/BUILD_CODE_SHA = "[0-9a-f]*"/, 'BUILD_CODE_SHA = ""');
    const actual = createHash("sha256").update(source).update(file).digest("hex");
    expect(BUILD_CODE_SHA, `set BUILD_CODE_SHA in word-vectors-file.mjs to "${actual}"`).toBe(actual);
  });

  it("stores exactly what parsing the package gives, and looks words up as a Map would", async () => {
    const dir = fakeProject();
    const info = await sourceInfo(dir);
    const files = preparedFiles(info, path.join(dir, "data"));
    expect(files[0]).toBe(path.join(dir, "node_modules", ".cache", "docintel", `wink-sg-100d.${info.key.slice(0, 16)}.wv2.bin`));
    const done = await prepareVectors(info, files);
    expect(done).toMatchObject({ file: files[0], built: true });
    const wv = decodeVectors(fs.readFileSync(files[0]), info.key)!;
    const ref = reference(parseSource(fs.readFileSync(info.file)));
    expect(bytesOf(wv.q).equals(bytesOf(ref.q))).toBe(true);
    expect(bytesOf(wv.scale).equals(bytesOf(ref.scale))).toBe(true);
    expect(wv.size).toBe(8);
    expect(wv.rank.size).toBe(ref.rank.size);
    expect(new Map(wv.rank)).toEqual(ref.rank);
    for (const w of ["the", "café", 'say "hi"', "dup", "naïve", "zero", "cafe", "", "unknown", "<unk>"])
      expect(wv.rank.get(w), w).toBe(ref.rank.get(w));
    expect(wv.rank.get("dup")).toBe(5);
    expect(wv.rank.word(6)).toBe("");
    expect(await prepareVectors(info, files)).toEqual({ file: files[0], built: false });
  });

  it("rebuilds a file made from another package version, and a damaged one", async () => {
    const dir = fakeProject("1.0.0");
    const before = await sourceInfo(dir);
    const files = preparedFiles(before, path.join(dir, "data"));
    await prepareVectors(before, files);
    fs.writeFileSync(path.join(dir, "node_modules", PACKAGE, "package.json"), JSON.stringify({ name: PACKAGE, version: "1.0.1" }));
    const after = await sourceInfo(dir);
    expect(after.key).not.toBe(before.key);
    expect(await isPrepared(files[0], after.key)).toBe(false);
    expect(decodeVectors(fs.readFileSync(files[0]), after.key)).toBeUndefined();
    const [file] = preparedFiles(after, path.join(dir, "data"));
    expect((await prepareVectors(after, preparedFiles(after, path.join(dir, "data")))).built).toBe(true);
    expect(readHeader(fs.readFileSync(file))?.key).toBe(after.key);
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]); // the stale one is removed
    fs.truncateSync(file, fs.statSync(file).size - 8);
    expect(await isPrepared(file, after.key)).toBe(false);
    expect((await prepareVectors(after, [file])).built).toBe(true);
  });

  it("lets one of several concurrent builders build, and takes over a lock whose process is gone", async () => {
    const dir = fakeProject();
    const info = await sourceInfo(dir);
    const files = preparedFiles(info, path.join(dir, "data"));
    const results = await Promise.all([prepareVectors(info, files), prepareVectors(info, files), prepareVectors(info, files)]);
    expect(results.filter((r) => r.built)).toHaveLength(1);
    expect(fs.readdirSync(path.dirname(files[0]))).toEqual([path.basename(files[0])]);

    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    fs.writeFileSync(`${files[0]}.lock`, `${os.hostname()} ${dead}`);
    expect((await prepareVectors(info, files, { force: true })).built).toBe(true);
    expect(fs.readdirSync(path.dirname(files[0]))).toEqual([path.basename(files[0])]);
  });

  it("prepares from two processes started at once (the setup script), leaving one whole file", async () => {
    const dir = fakeProject();
    const run = () =>
      promisify(execFile)(process.execPath, [path.join(repo, "scripts", "prepare-word-vectors.mjs"), "--data-dir", path.join(dir, "data")], {
        cwd: dir,
      });
    const outputs = await Promise.all([run(), run()]);
    expect(outputs.filter((o) => o.stdout.includes("word vectors prepared"))).toHaveLength(1);
    const info = await sourceInfo(dir);
    const [file] = preparedFiles(info, path.join(dir, "data"));
    expect(decodeVectors(fs.readFileSync(file), info.key)?.rank.get("naïve")).toBe(4);
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
  });

  it("starts without a prepared file: a child process builds it, else this process does", async () => {
    const cwd = process.cwd();
    try {
      const dir = fakeProject();
      fs.symlinkSync(path.join(repo, "scripts"), path.join(dir, "scripts"));
      process.chdir(dir);
      const info = await sourceInfo(dir);
      const [file] = preparedFiles(info, path.join(dir, "data"));
      expect((await loadWordVectors()).rank.get("café")).toBe(1);
      expect(await isPrepared(file, info.key)).toBe(true);

      g.__docintelWordVectors = undefined;
      fs.rmSync(file);
      fs.rmSync(path.join(dir, "scripts")); // no script to run: the fallback parses in process
      expect((await loadWordVectors()).rank.get("naïve")).toBe(4);
      expect(await isPrepared(file, info.key)).toBe(true);
    } finally {
      process.chdir(cwd);
    }
  });
});

// Recorded with the code before the prepared file existed (commit b66ef10): the package's arrays and the local
// model's vectors must stay bit-identical, or stored chunks would silently mix two vector spaces under one model id.
const GOLDEN = {
  q: "fe461ff1ac7d669d00c07e97cfa3192f3da7689090a2833c4175a222c8addd8b",
  scale: "684124b9d41bdcf1f4f224f6a5af16add22bfe5ba1eaa2c883fba298252486ac",
  embeddings: {
    "docintel-local-v1-356": "5150de07fa6a822dae96086724b81c8bf031425acb4e9c93e255a5525047b5b0",
    "docintel-local-v1-228": "98b503f0fc8ee3e325f2464ee14144d8daff99da786ad699be067437fd0787a3",
    "docintel-local-v1-356-w0.7-a0.0001": "e00962a35336ee7f9c544bed7ed080a96d7ff295c5a53063be13808fc0c40feb",
  } as Record<string, string>,
};
const TEXTS = [
  "Quarterly revenue grew by 12 percent.",
  "How do I get my money back for a damaged product?",
  "Die Kündigung muss schriftlich erfolgen. Invoice INV-77341.",
  "La facture numéro 42 reste impayée depuis juin.",
  "recieve paymnet v2.3.1 e-mail naïve café",
  "",
  "🙂 !!!",
];

describe("word vectors of the installed package", () => {
  // Parses the real 300 MB package in this process (5–20 s, ~550 MB) to compare with what the app loads.
  it("loads from the prepared file exactly what the in-process build gives: arrays, ranks and embeddings", async () => {
    g.__docintelWordVectors = undefined;
    const info = await sourceInfo();
    const ref = reference(parseSource(await fs.promises.readFile(info.file)));
    const wv = await loadWordVectors();
    expect(sha(ref.q)).toBe(GOLDEN.q);
    expect(sha(ref.scale)).toBe(GOLDEN.scale);
    expect(sha(wv.q)).toBe(GOLDEN.q);
    expect(sha(wv.scale)).toBe(GOLDEN.scale);
    expect(wv.rank.size).toBe(ref.rank.size);
    let mismatched = 0;
    for (const [w, r] of ref.rank) if (wv.rank.get(w) !== r) mismatched++;
    expect(mismatched).toBe(0);

    for (const opts of [{}, { hashDims: 128 }, { wordWeight: 0.7, sifA: 1e-4 }]) {
      const prepared = new LocalEmbeddingProvider(opts);
      const inProcess = new LocalEmbeddingProvider({ ...opts, wordVectors: async () => ref });
      const a = await prepared.embed(TEXTS, "document");
      expect(a).toEqual(await inProcess.embed(TEXTS, "document"));
      expect(sha(Float64Array.from(a.flat())), prepared.id).toBe(GOLDEN.embeddings[prepared.id]);
    }
    expect(new LocalEmbeddingProvider().id).toBe("docintel-local-v1-356");
  }, 180_000);
});
