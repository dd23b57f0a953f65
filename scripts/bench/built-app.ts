// The built app as a user runs it, for benchmarks over loopback (bench-load.ts, bench-console.ts): `next start`
// on a fresh embedded DATA_DIR with a company, admin and API key made by the admin CLI, stopped at exit; and a
// workspace of small text/HTML reports ingested through POST /api/v3/files. With `databaseUrl` (a Postgres server
// with pgvector) the app runs on a fresh database of that server, as `instances` processes that share it (and
// DATA_DIR, i.e. storage and secret key), and `call` spreads requests over them in turn.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { databaseUrl, runOnServer } from "../../tests/helpers/server-db";

export interface BuiltApp {
  base: string;
  key: string;
  dataDir: string;
  /** The bootstrap admin's console sign-in. */
  admin: { email: string; password: string };
  call(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown; ms: number }>;
  stop(): Promise<void>;
  /** The first server process (its threads' CPU time is read from /proc by bench-load.ts). */
  pid: number;
  /** Every server process (one per instance). */
  pids: number[];
}

export interface StartOptions {
  prefix: string;
  /** Arguments for the server's node. */
  nodeArgs?: string[];
  /** A Postgres server (any database on it): the app gets a fresh database there, dropped at stop. */
  databaseUrl?: string;
  /** App processes serving together (needs `databaseUrl`: the embedded database belongs to one process). */
  instances?: number;
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

/** Starts the build in `appDir` (`.next` or NEXT_DIST_DIR must hold one). */
export async function startBuiltApp(appDir: string, opts: StartOptions): Promise<BuiltApp> {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(appDir, distDir, "BUILD_ID"))) {
    console.error(`No build in ${appDir}/${distDir}: run \`npm run build\` first (the bench measures the built app).`);
    process.exit(2);
  }
  const instances = opts.instances ?? 1;
  if (instances > 1 && !opts.databaseUrl) throw new Error("several instances need a Postgres server (--database-url)");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), opts.prefix));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_MAX: "100000000" };
  delete env.DATABASE_URL;
  let dropDatabase = async () => {};
  if (opts.databaseUrl) {
    const name = `docintel_bench_${randomBytes(4).toString("hex")}`;
    await runOnServer(opts.databaseUrl, `create database "${name}"`);
    env.DATABASE_URL = databaseUrl(opts.databaseUrl, name);
    dropDatabase = () => runOnServer(opts.databaseUrl as string, `drop database if exists "${name}" with (force)`);
  }
  const admin = { email: "bench@example.test", password: "bench-password-123456" };
  const out = execFileSync(
    "npx",
    [
      "tsx",
      "--conditions=react-server",
      "scripts/admin.ts",
      "bootstrap",
      "--company",
      "Bench",
      "--email",
      admin.email,
      "--password",
      admin.password,
      "--tier",
      "business",
    ],
    { env, encoding: "utf8", cwd: appDir },
  );
  const { api_key: key } = JSON.parse(out.trim().split("\n").pop() as string) as { api_key: string };
  const servers: { base: string; pid: number; logPath: string }[] = [];
  for (let i = 0; i < instances; i++) {
    const port = await freePort();
    const logPath = path.join(dataDir, `server-${i}.log`);
    const server = spawn(process.execPath, [...(opts.nodeArgs ?? []), "node_modules/next/dist/bin/next", "start", "-p", String(port)], {
      env,
      cwd: appDir,
      stdio: ["ignore", fs.openSync(logPath, "w"), fs.openSync(logPath, "a")],
      detached: true,
    });
    servers.push({ base: `http://127.0.0.1:${port}`, pid: server.pid as number, logPath });
  }
  const kill = () => {
    for (const s of servers) {
      try {
        process.kill(-s.pid, "SIGINT");
      } catch {
        /* already gone */
      }
    }
  };
  process.on("exit", kill);
  for (const { base, logPath } of servers) {
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/v3/system/status`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not start: ${fs.readFileSync(logPath, "utf8")}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  let turn = 0;
  const call: BuiltApp["call"] = async (method, url, body) => {
    const base = servers[turn++ % servers.length].base;
    const t = performance.now();
    const res = await fetch(base + url, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body instanceof FormData || body === undefined ? {} : { "content-type": "application/json" }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - t;
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return { status: res.status, json: text ? JSON.parse(text) : null, ms };
  };
  const stop = async () => {
    kill();
    await new Promise((r) => setTimeout(r, 1000));
    await dropDatabase();
  };
  return { base: servers[0].base, key, dataDir, admin, call, stop, pid: servers[0].pid, pids: servers.map((s) => s.pid) };
}

export const REPORT_TOPICS = ["travel expenses", "supplier contract", "quarterly revenue", "sensor maintenance", "hiring plan", "security audit"];

/** A workspace of `files` small reports (TXT and HTML), waited for until every one is embedded; returns its id. */
export async function seedReports(app: BuiltApp, files: number, name = "Load"): Promise<number> {
  const workspace = (await app.call("POST", "/api/v3/workspaces", { name })).json as { id: number };
  for (let i = 0; i < files; i++) {
    const topic = REPORT_TOPICS[i % REPORT_TOPICS.length];
    const text = `Report ${i} on ${topic}\n\n${Array.from({ length: 12 }, (_, s) => `Sentence ${s} of report ${i} discusses ${topic} and the budget for quarter ${1 + (s % 4)}.`).join(" ")}\n`;
    const form = new FormData();
    const html = i % 2 === 1;
    const bytes = html ? `<html><head><title>Report ${i}</title></head><body><h1>Report ${i}</h1><p>${text}</p></body></html>` : text;
    form.append("file", new Blob([bytes]), `report-${i}.${html ? "html" : "txt"}`);
    form.append("workspace_id", String(workspace.id));
    await app.call("POST", "/api/v3/files", form);
  }
  const t0 = Date.now();
  for (;;) {
    const page = (await app.call("GET", `/api/v3/files?workspace_id=${workspace.id}&page_size=100`)).json as { results: { status: string }[] };
    if (page.results.every((f) => f.status === "embedded" || f.status.endsWith("failed"))) break;
    if (Date.now() - t0 > 300_000) throw new Error("ingestion did not finish in 5 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  return workspace.id;
}
