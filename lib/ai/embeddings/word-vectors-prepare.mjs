// Where the prepared word-vector file (word-vectors-file.mjs) lives and how it is made: written once per package
// version and build code, concurrency-safe. Used by scripts/prepare-word-vectors.mjs (setup, `npm run build`, and
// the child process the app starts when the file is missing) and by word-vectors.ts to find the file.
// Plain JavaScript for the same reason as word-vectors-source.mjs (it runs in plain Node at setup).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { encodeVectors, PACKAGE, readHeader, vectorsKey } from "./word-vectors-file.mjs";
import { parseSource } from "./word-vectors-source.mjs";

/** The key is in the name too: processes running different code never overwrite each other's file in turn. */
const fileName = (key) => `wink-sg-100d.${key.slice(0, 16)}.wv2.bin`;
const OUR_FILES = /^wink-sg-100d\.[0-9a-f]{16}\.wv2\.bin(\.\d+\.[0-9a-f]+\.tmp)?$/;
/** A lock older than this, or whose process is gone, is abandoned (a build takes 5–50 s). */
const LOCK_STALE_MS = 3 * 60_000;

/** Where the package is and the key a prepared file of it must carry. */
export async function sourceInfo(cwd = process.cwd()) {
  // The specifier is built at run time so that no bundler follows it and copies the 300 MB file.
  const specifier = [PACKAGE, `${PACKAGE}.json`].join("/");
  let file;
  try {
    file = createRequire(/*turbopackIgnore: true*/ path.join(cwd, "package.json")).resolve(specifier);
  } catch {
    throw new Error(`${PACKAGE} is not installed: the offline embedding model needs it (npm i ${PACKAGE}).`);
  }
  const [pkg, stat] = await Promise.all([fs.promises.readFile(path.join(path.dirname(file), "package.json"), "utf8"), fs.promises.stat(file)]);
  const version = String(JSON.parse(pkg).version);
  return { file, version, bytes: stat.size, key: vectorsKey(version, stat.size) };
}

/**
 * Where the prepared file may live, best first: beside the package in node_modules/.cache (shared by every
 * DATA_DIR, gone with the package it was made from), else DATA_DIR/cache (read-only node_modules).
 * @param {{ file: string, key: string }} info @param {string} dataDir
 */
export function preparedFiles(info, dataDir) {
  const nodeModules = path.dirname(path.dirname(info.file));
  return [path.join(nodeModules, ".cache", "docintel", fileName(info.key)), path.join(dataDir, "cache", fileName(info.key))];
}

/** Parses the package (seconds, ~550 MB peak) and encodes the prepared file's bytes. */
export async function buildVectors(info) {
  return encodeVectors(parseSource(await fs.promises.readFile(info.file)), info);
}

/** Whether `file` is a complete prepared file with this key (reads its header and size only). */
export async function isPrepared(file, key) {
  let handle;
  try {
    handle = await fs.promises.open(file, "r");
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const header = readHeader(buffer.subarray(0, bytesRead));
    return !!header && header.key === key && header.start + header.dataBytes === (await handle.stat()).size;
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

/**
 * Writes the prepared file at the first location that can be written, unless it is already current there.
 * Concurrency-safe: one process builds (a `.lock` file beside it) while others wait for its result, and the file
 * appears whole (written to a temporary name, then renamed).
 * @param {{ file: string, key: string, version: string, bytes: number }} info @param {string[]} files
 * @param {{ force?: boolean }} [opts]
 * @returns {Promise<{ file: string, built: boolean, ms?: number, bytes?: Uint8Array }>}
 */
export async function prepareVectors(info, files, opts = {}) {
  const refused = [];
  for (const file of files) {
    try {
      return await prepareAt(file, info, opts.force ?? false);
    } catch (err) {
      if (!["EACCES", "EPERM", "EROFS"].includes(err?.code)) throw err;
      refused.push(`${file} (${err.code})`);
    }
  }
  throw new Error(`word vectors: no writable place for the prepared file: ${refused.join(", ")}`);
}

async function prepareAt(file, info, force) {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  for (;;) {
    if (!force && (await isPrepared(file, info.key))) return { file, built: false };
    let handle;
    try {
      handle = await fs.promises.open(lock, "wx");
    } catch (err) {
      if (err?.code !== "EEXIST") throw err;
      // Another process is building it: wait for its file rather than build the same one at the same time.
      if (await lockAbandoned(lock)) await fs.promises.rm(lock, { force: true });
      else {
        await new Promise((resolve) => setTimeout(resolve, 200));
        force = false; // what the other process has just written is current
      }
      continue;
    }
    try {
      await handle.writeFile(`${os.hostname()} ${process.pid}`);
      const started = Date.now();
      const bytes = await buildVectors(info);
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        await fs.promises.writeFile(tmp, bytes);
        await fs.promises.rename(tmp, file);
      } finally {
        await fs.promises.rm(tmp, { force: true });
      }
      await removeOthers(file);
      return { file, built: true, ms: Date.now() - started, bytes };
    } finally {
      await handle.close();
      await fs.promises.rm(lock, { force: true });
    }
  }
}

/** Removes the files of other keys (stale) and temporary files builders left behind when they crashed. */
async function removeOthers(file) {
  const dir = path.dirname(file);
  for (const name of await fs.promises.readdir(dir)) {
    const other = path.join(dir, name);
    if (other === file || !OUR_FILES.test(name)) continue;
    const stat = await fs.promises.stat(other).catch(() => undefined);
    if (stat && (!name.endsWith(".tmp") || Date.now() - stat.mtimeMs > LOCK_STALE_MS)) await fs.promises.rm(other, { force: true });
  }
}

async function lockAbandoned(lock) {
  try {
    const [text, stat] = await Promise.all([fs.promises.readFile(lock, "utf8"), fs.promises.stat(lock)]);
    if (Date.now() - stat.mtimeMs > LOCK_STALE_MS) return true;
    const [host, pid] = text.split(" ");
    if (host !== os.hostname() || !pid) return false;
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch (err) {
      return err?.code === "ESRCH";
    }
  } catch {
    return false; // gone (released) or not yet written: look again
  }
}
