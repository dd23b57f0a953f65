// Benchmark of API throughput under concurrency (issue 16: "p95 at concurrency 16 within 3× of concurrency 1
// on the embedded default"). Runs the built app as a user does (`next start` on a fresh embedded DATA_DIR,
// company and key from the admin CLI), over loopback, and stops it at the end.
//
//   npm run build && npm run bench:load -- [--files 20] [--requests 400] [--levels 1,16] [--app-dir .]
//                                          [--endpoints files,search,workspaces]
//                                          [--database-url postgres://… --instances 2]
//
// With --database-url (a Postgres server with pgvector) the app runs on a fresh database of that server, as
// --instances processes serving together (requests spread over them in turn); the server's CPU time is then
// counted with the app's other threads (as "postgres server").
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
const DATABASE_URL = arg("database-url", "") || undefined;
const INSTANCES = Number(arg("instances", "1"));

// --node-args "--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (the profile is written when it stops).
const app = await startBuiltApp(APP_DIR, {
  prefix: "docintel-bench-conc-",
  nodeArgs: arg("node-args", "").split(" ").filter(Boolean),
  databaseUrl: DATABASE_URL,
  instances: INSTANCES,
});
const { call } = app;
const workspace = { id: await seedReports(app, FILES) };

const requests: Record<string, (i: number) => Promise<unknown>> = {
  files: () => call("GET", `/api/v3/files?workspace_id=${workspace.id}&page_size=20`),
  search: (i) => call("POST", "/api/v3/search", { query: TOPICS[i % TOPICS.length], top_k: 10 }),
  workspaces: () => call("GET", "/api/v3/workspaces"),
};

const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);

/** CPU milliseconds (user + system) of one thread or process from its /proc stat line. */
function statCpu(statPath: string): number {
  // Fields after the ")" that ends the command name: utime and stime are the 12th and 13th.
  const stat = fs.readFileSync(statPath, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

interface CpuSample {
  /** Thread or process name ("main" for an app instance's main thread). */
  name: string;
  ms: number;
}

/**
 * CPU milliseconds of every thread of the app's instances (their main threads named "main"; worker threads carry
 * the process title, libuv's pool, V8's and libvips' helpers their own names) and, with a Postgres server, of its
 * processes ("postgres server"), keyed by pid/tid so that a difference only counts threads seen at the end (a
 * thread or backend that ended in between is left out rather than subtracted).
 */
function serverCpu(): Map<string, CpuSample> {
  const out = new Map<string, CpuSample>();
  for (const pid of app.pids) {
    const taskDir = `/proc/${pid}/task`;
    if (!fs.existsSync(taskDir)) continue;
    for (const tid of fs.readdirSync(taskDir)) {
      try {
        const name = tid === String(pid) ? "main" : fs.readFileSync(`${taskDir}/${tid}/comm`, "utf8").trim();
        out.set(`${pid}/${tid}`, { name, ms: statCpu(`${taskDir}/${tid}/stat`) });
      } catch {
        /* thread ended */
      }
    }
  }
  if (DATABASE_URL) {
    for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres")
          out.set(pid, { name: "postgres server", ms: statCpu(`/proc/${pid}/stat`) });
      } catch {
        /* process ended */
      }
    }
  }
  return out;
}

/** CPU ms spent between two samples, per name. */
function cpuBetween(before: Map<string, CpuSample>, after: Map<string, CpuSample>): Map<string, number> {
  const byName = new Map<string, number>();
  for (const [key, { name, ms }] of after) byName.set(name, (byName.get(name) ?? 0) + ms - (before.get(key)?.ms ?? 0));
  return byName;
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
  const spent = cpuBetween(cpu0, serverCpu());
  const client = process.cpuUsage(client0);
  const others = [...spent].filter(([name]) => name !== "main");
  return {
    lat,
    rps,
    cpu: {
      main: (spent.get("main") ?? 0) / REQUESTS,
      others: others.reduce((sum, [, ms]) => sum + ms, 0) / REQUESTS,
      client: (client.user + client.system) / 1000 / REQUESTS,
    },
    threads: others
      .map(([name, ms]): [string, number] => [name, ms / REQUESTS])
      .filter(([, ms]) => ms >= 0.1)
      .sort((a, b) => b[1] - a[1]),
  };
}

console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}; ${FILES} files; ${REQUESTS} requests per level; ${
    DATABASE_URL ? `Postgres server, ${INSTANCES} app instance(s)` : "embedded database, one app instance"
  }`,
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
await app.stop();
await new Promise((r) => setTimeout(r, 3000)); // a profiled server writes its profile on exit
fs.rmSync(app.dataDir, { recursive: true, force: true });
process.exit(0);
