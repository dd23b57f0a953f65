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
//    Printed: p50/p95/max latency, requests per second, the p95 ratio of each level to concurrency 1, and the
//    CPU time per request of the server's main thread, of its other threads (database, workers) and of this
//    client (Linux /proc), which do not depend on the machine's load the way latencies do.
import { execFileSync } from "node:child_process";
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

const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);

/** CPU milliseconds (user + system) of the server's main thread, of all its other threads, and per thread name. */
function serverCpu(): { main: number; others: number; byName: Map<string, number> } {
  const out = { main: 0, others: 0, byName: new Map<string, number>() };
  const taskDir = `/proc/${app.pid}/task`;
  if (!fs.existsSync(taskDir)) return out;
  for (const tid of fs.readdirSync(taskDir)) {
    try {
      // Fields after the ")" that ends the command name: utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`${taskDir}/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      if (tid === String(app.pid)) {
        out.main += ms;
        continue;
      }
      out.others += ms;
      // Worker threads carry the process title; libuv's pool, V8's and libvips' helpers their own names.
      const name = fs.readFileSync(`${taskDir}/${tid}/comm`, "utf8").trim();
      out.byName.set(name, (out.byName.get(name) ?? 0) + ms);
    } catch {
      /* thread ended */
    }
  }
  return out;
}

interface LevelResult {
  lat: number[];
  rps: number;
  /** CPU ms per request: server main thread, server's other threads, this client. */
  cpu: { main: number; others: number; client: number };
  /** The other threads' CPU ms per request by thread name, largest first. */
  threads: [string, number][];
}

async function level(name: string, concurrency: number): Promise<LevelResult> {
  for (let i = 0; i < 30; i++) await requests[name](i);
  const cpu0 = serverCpu();
  const client0 = process.cpuUsage();
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
  const rps = REQUESTS / ((performance.now() - t) / 1000);
  const cpu1 = serverCpu();
  const client = process.cpuUsage(client0);
  return {
    lat,
    rps,
    cpu: {
      main: (cpu1.main - cpu0.main) / REQUESTS,
      others: (cpu1.others - cpu0.others) / REQUESTS,
      client: (client.user + client.system) / 1000 / REQUESTS,
    },
    threads: [...cpu1.byName]
      .map(([name, ms]): [string, number] => [name, (ms - (cpu0.byName.get(name) ?? 0)) / REQUESTS])
      .filter(([, ms]) => ms >= 0.1)
      .sort((a, b) => b[1] - a[1]),
  };
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
    const { lat, rps, cpu, threads } = await level(name, c);
    const p95 = percentile(lat, 95);
    if (c === LEVELS[0]) base = p95;
    console.log(
      `${name.padEnd(10)} c=${String(c).padStart(2)}  p50 ${percentile(lat, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ` +
        `max ${Math.max(...lat)
          .toFixed(1)
          .padStart(6)} ms  ${rps.toFixed(0).padStart(4)} req/s  p95 ×${(p95 / base).toFixed(2)} of c=${LEVELS[0]}  ` +
        `CPU/request: server main ${cpu.main.toFixed(1)} ms, other threads ${cpu.others.toFixed(1)} ms (${threads
          .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
          .join(", ")}), client ${cpu.client.toFixed(1)} ms`,
    );
  }
}
app.stop();
await new Promise((r) => setTimeout(r, 3000)); // a profiled server writes its profile on exit
fs.rmSync(app.dataDir, { recursive: true, force: true });
process.exit(0);
