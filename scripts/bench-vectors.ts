// Cold start of the offline embedding model (issue 15): time from a fresh process's first embed() call to its first
// vector, the longest the event loop stalled meanwhile, and the process's peak RSS, in three situations:
//   prepared   the prepared file exists (after scripts/setup.sh): read and viewed, SIF weights computed in slices
//   missing    no prepared file: the app has a child process build it, then loads it (the web process keeps serving)
//   in-process what a start without the prepared file cost before it existed: the package parsed in this process
//              into a Map (event loop blocked throughout)
//
//   npx tsx --conditions=react-server scripts/bench-vectors.ts [--runs 3]       (npm run bench:vectors)
//
// Each run is a new Node process. `missing` runs against a scratch project under node_modules/.cache whose package
// files are hard links to the installed ones, so the real prepared file is never deleted (other processes use it).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { LocalEmbeddingProvider } from "@/lib/ai/embeddings/local-provider";
import { PACKAGE } from "@/lib/ai/embeddings/word-vectors-file.mjs";
import { preparedFiles, prepareVectors, sourceInfo } from "@/lib/ai/embeddings/word-vectors-prepare.mjs";
import { parseSource } from "@/lib/ai/embeddings/word-vectors-source.mjs";
import { arg, median } from "./bench/common";

type Mode = "prepared" | "missing" | "in-process";
interface Probe {
  ms: number;
  stallMs: number;
  rssMiB: number;
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function probe(mode: Mode): Promise<Probe> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 5);
    last = now;
  }, 5);
  const t0 = performance.now();
  let provider = new LocalEmbeddingProvider();
  if (mode === "in-process") {
    const parsed = parseSource(await fs.promises.readFile((await sourceInfo()).file));
    const rank = new Map(parsed.words.map((w, r) => [w, r] as [string, number]).filter(([w]) => w !== ""));
    provider = new LocalEmbeddingProvider({ wordVectors: async () => ({ rank, q: parsed.q, scale: parsed.scale, size: parsed.size }) });
  }
  await provider.embed(["The first document after a restart is embedded as fast as the next one."], "document");
  const ms = performance.now() - t0;
  stall = Math.max(stall, performance.now() - last - 5);
  clearInterval(timer);
  return { ms, stallMs: stall, rssMiB: process.resourceUsage().maxRSS / 1024 };
}

/** A project directory sharing the installed package's files (hard links) but not its prepared file. */
async function scratchProject(): Promise<string> {
  const info = await sourceInfo(repo);
  const dir = path.join(repo, "node_modules", ".cache", "docintel-bench", "project");
  const pkgDir = path.join(dir, "node_modules", PACKAGE);
  fs.mkdirSync(pkgDir, { recursive: true });
  for (const name of ["package.json", `${PACKAGE}.json`]) {
    const to = path.join(pkgDir, name);
    if (fs.existsSync(to)) continue;
    const from = path.join(path.dirname(info.file), name);
    try {
      fs.linkSync(from, to);
    } catch {
      fs.copyFileSync(from, to);
    }
  }
  fs.writeFileSync(path.join(dir, "package.json"), "{}");
  if (!fs.existsSync(path.join(dir, "scripts"))) fs.symlinkSync(path.join(repo, "scripts"), path.join(dir, "scripts"));
  return dir;
}

async function run(mode: Mode, cwd: string): Promise<Probe> {
  const tsx = path.join(repo, "node_modules", ".bin", "tsx");
  const { stdout } = await promisify(execFile)(tsx, ["--conditions=react-server", fileURLToPath(import.meta.url), "--probe", mode], {
    cwd,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(repo, "tsconfig.json"), DATA_DIR: path.join(cwd, "data"), LOG_LEVEL: "error" },
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Probe;
}

async function main() {
  const runs = Number(arg("runs", "3"));
  const info = await sourceInfo(repo);
  const setup = await prepareVectors(info, preparedFiles(info, path.join(repo, "data")));
  console.log(`prepared file: ${path.relative(repo, setup.file)}${setup.built ? ` (built now in ${((setup.ms ?? 0) / 1000).toFixed(1)} s)` : ""}`);
  const scratch = await scratchProject();
  const scratchInfo = await sourceInfo(scratch);
  console.log(`cold start to the first embedding, ${runs} fresh processes each (${os.cpus().length} cores)`);
  for (const mode of ["prepared", "missing", "in-process"] as Mode[]) {
    const results: Probe[] = [];
    for (let i = 0; i < runs; i++) {
      if (mode === "missing") for (const f of preparedFiles(scratchInfo, path.join(scratch, "data"))) fs.rmSync(f, { force: true });
      results.push(await run(mode, mode === "missing" ? scratch : repo));
    }
    const f = (xs: number[]) => `${Math.round(median(xs))} ms (${xs.map((x) => Math.round(x)).join(", ")})`;
    console.log(
      `  ${mode.padEnd(10)}  first embedding ${f(results.map((r) => r.ms))}  longest event-loop stall ${f(results.map((r) => r.stallMs))}  ` +
        `peak RSS ${Math.round(median(results.map((r) => r.rssMiB)))} MiB  (load ${os.loadavg().at(0)?.toFixed(1)})`,
    );
  }
  for (const f of preparedFiles(scratchInfo, path.join(scratch, "data"))) fs.rmSync(f, { force: true });
}

const probeMode = arg("probe", "");
if (probeMode) console.log(JSON.stringify(await probe(probeMode as Mode)));
else await main();
