// Benchmark of API throughput under concurrency (issue 16: "p95 at concurrency 16 within 3× of concurrency 1
// on the embedded default"). Runs the built app as a user does (`next start` on a fresh embedded DATA_DIR,
// company and key from the admin CLI), over loopback, and stops it at the end.
//
//   npm run build && npm run bench:load -- [--files 20] [--requests 400] [--levels 1,16] [--app-dir .]
//                                          [--endpoints files,search,workspaces]
//
// 1. A workspace gets `files` small documents (TXT and HTML) through POST /api/v3/files; the bench waits until
//    every one is embedded.
// 2. For each endpoint and each concurrency level: 30 untimed warm-up requests, then `requests` requests from
//    that many closed-loop clients (each sends its next request when the previous answer's body is read).
//    Printed: p50/p95/max latency, requests per second, and the p95 ratio of each level to concurrency 1.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedReports, startBuiltApp, REPORT_TOPICS as TOPICS } from "./bench/built-app";
import { arg, percentile } from "./bench/common";

const APP_DIR = path.resolve(arg("app-dir", "."));
const FILES = Number(arg("files", "20"));
const REQUESTS = Number(arg("requests", "400"));
const LEVELS = arg("levels", "1,16").split(",").map(Number);
const ENDPOINTS = arg("endpoints", "files,search,workspaces").split(",");

// --node-args "--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (the profile is written when it stops).
const app = await startBuiltApp(APP_DIR, { prefix: "docintel-bench-conc-", nodeArgs: arg("node-args", "").split(" ").filter(Boolean) });
const { call } = app;
const workspace = { id: await seedReports(app, FILES) };

const requests: Record<string, (i: number) => Promise<unknown>> = {
  files: () => call("GET", `/api/v3/files?workspace_id=${workspace.id}&page_size=20`),
  search: (i) => call("POST", "/api/v3/search", { query: TOPICS[i % TOPICS.length], top_k: 10 }),
  workspaces: () => call("GET", "/api/v3/workspaces"),
};

async function level(name: string, concurrency: number): Promise<{ lat: number[]; rps: number }> {
  for (let i = 0; i < 30; i++) await requests[name](i);
  const lat: number[] = [];
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const s = performance.now();
        await requests[name](i);
        lat.push(performance.now() - s);
      }
    }),
  );
  return { lat, rps: REQUESTS / ((performance.now() - t) / 1000) };
}

console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}; ${FILES} files; ${REQUESTS} requests per level`,
);
for (const name of ENDPOINTS) {
  let base = 0;
  for (const c of LEVELS) {
    const { lat, rps } = await level(name, c);
    const p95 = percentile(lat, 95);
    if (c === LEVELS[0]) base = p95;
    console.log(
      `${name.padEnd(10)} c=${String(c).padStart(2)}  p50 ${percentile(lat, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ` +
        `max ${Math.max(...lat)
          .toFixed(1)
          .padStart(6)} ms  ${rps.toFixed(0).padStart(4)} req/s  p95 ×${(p95 / base).toFixed(2)} of c=${LEVELS[0]}`,
    );
  }
}
app.stop();
await new Promise((r) => setTimeout(r, 3000)); // a profiled server writes its profile on exit
fs.rmSync(app.dataDir, { recursive: true, force: true });
process.exit(0);
