// A worker script run in a child process on the embedded (on-disk) PGlite, for the kill -9 tests: spawn it,
// wait for a marker on its stdout, kill its whole process group with SIGKILL.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Everything the worker printed on stdout so far. */
  readonly stdout: string;
  /** Polls until stdout matches `marker` and returns the match; throws (with the output) if the worker exits first. */
  waitFor(marker: RegExp): Promise<RegExpExecArray>;
  /** SIGKILL to the worker's process group; resolves once the child has exited and `pid` (the script's own process) is gone. */
  kill(pid: number): Promise<void>;
  /** Kills the process group if the worker is still running (for afterAll). */
  killIfRunning(): void;
}

/**
 * Runs `npx tsx <script> ...args` from the repository root with DATA_DIR = `dataDir`, the local job runner
 * and no DATABASE_URL (so the embedded PGlite on disk) nor Inngest key.
 */
export function spawnWorker(script: string, args: string[], dataDir: string): WorkerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, JOBS_RUNNER: "local" };
  delete env.DATABASE_URL;
  delete env.INNGEST_EVENT_KEY;
  // Its own process group, so that kill -9 reaches npx, tsx and the node process running the script.
  const child = spawn("npx", ["tsx", "--conditions=react-server", script, ...args], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  return {
    child,
    get stdout() {
      return stdout;
    },
    async waitFor(marker) {
      while (!marker.test(stdout)) {
        if (child.exitCode !== null) throw new Error(`worker exited early (${child.exitCode}):\n${stdout}\n${stderr}`);
        await sleep(50);
      }
      return marker.exec(stdout)!;
    },
    async kill(pid) {
      process.kill(-child.pid!, "SIGKILL");
      await exited;
      while (isAlive(pid)) await sleep(50);
    },
    killIfRunning() {
      if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
    },
  };
}
