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
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { arg, percentile } from "./bench/common";

const APP_DIR = path.resolve(arg("app-dir", "."));
const FILES = Number(arg("files", "20"));
const REQUESTS = Number(arg("requests", "400"));
const LEVELS = arg("levels", "1,16").split(",").map(Number);
const ENDPOINTS = arg("endpoints", "files,search,workspaces").split(",");

if (!fs.existsSync(path.join(APP_DIR, ".next", "BUILD_ID"))) {
  console.error(`No build in ${APP_DIR}/.next: run \`npm run build\` first (the bench measures the built app).`);
  process.exit(2);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-bench-conc-"));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_MAX: "100000000" };
delete env.DATABASE_URL;
const out = execFileSync(
  "npx",
  ["tsx", "--conditions=react-server", "scripts/admin.ts", "bootstrap", "--company", "Bench", "--email", "bench@example.test", "--tier", "business"],
  { env, encoding: "utf8", cwd: APP_DIR },
);
const { api_key: key } = JSON.parse(out.trim().split("\n").pop() as string) as { api_key: string };
const port = await freePort();
const logPath = path.join(dataDir, "server.log");
// --node-args "--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (the profile is written when it stops).
const nodeArgs = arg("node-args", "").split(" ").filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, "node_modules/next/dist/bin/next", "start", "-p", String(port)], {
  env,
  cwd: APP_DIR,
  stdio: ["ignore", fs.openSync(logPath, "w"), fs.openSync(logPath, "a")],
  detached: true,
});
const stopServer = () => {
  try {
    if (server.pid) process.kill(-server.pid, "SIGINT");
  } catch {
    /* already gone */
  }
};
process.on("exit", stopServer);
const BASE = `http://127.0.0.1:${port}`;

async function call(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown; ms: number }> {
  const t = performance.now();
  const res = await fetch(BASE + url, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body instanceof FormData || body === undefined ? {} : { "content-type": "application/json" }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, json: text ? JSON.parse(text) : null, ms };
}

const deadline = Date.now() + 90_000;
for (;;) {
  try {
    if ((await fetch(`${BASE}/api/v3/system/status`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (Date.now() > deadline) throw new Error(`server did not start: ${fs.readFileSync(logPath, "utf8")}`);
  await new Promise((r) => setTimeout(r, 250));
}

const TOPICS = ["travel expenses", "supplier contract", "quarterly revenue", "sensor maintenance", "hiring plan", "security audit"];
const workspace = (await call("POST", "/api/v3/workspaces", { name: "Load" })).json as { id: number };
for (let i = 0; i < FILES; i++) {
  const topic = TOPICS[i % TOPICS.length];
  const text = `Report ${i} on ${topic}\n\n${Array.from({ length: 12 }, (_, s) => `Sentence ${s} of report ${i} discusses ${topic} and the budget for quarter ${1 + (s % 4)}.`).join(" ")}\n`;
  const form = new FormData();
  const html = i % 2 === 1;
  const bytes = html ? `<html><head><title>Report ${i}</title></head><body><h1>Report ${i}</h1><p>${text}</p></body></html>` : text;
  form.append("file", new Blob([bytes]), `report-${i}.${html ? "html" : "txt"}`);
  form.append("workspace_id", String(workspace.id));
  await call("POST", "/api/v3/files", form);
}
const t0 = Date.now();
for (;;) {
  const page = (await call("GET", `/api/v3/files?workspace_id=${workspace.id}&page_size=100`)).json as { results: { status: string }[] };
  if (page.results.every((f) => f.status === "embedded" || f.status.endsWith("failed"))) break;
  if (Date.now() - t0 > 300_000) throw new Error("ingestion did not finish in 5 minutes");
  await new Promise((r) => setTimeout(r, 500));
}

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
stopServer();
await new Promise((r) => setTimeout(r, 3000)); // a profiled server writes its profile on exit
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
