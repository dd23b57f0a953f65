// One external program run to completion with bounds: a time budget, an abort signal and a cap on its output
// (each kills it with SIGKILL), optional bytes on stdin. The callers (poppler tools in render.ts, the native
// OCR engine) turn the outcome into their own errors.
import { spawn } from "node:child_process";
import { trackChildProcess } from "./child-processes";

export interface ProcessOutcome {
  stdout: Buffer;
  /** The first 8 KB of stderr. */
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunProcessOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bytes written to stdin (stdin is closed otherwise). */
  input?: Uint8Array;
  /** More stdout than this kills the program (default: no cap). */
  maxStdout?: number;
  env?: NodeJS.ProcessEnv;
}

/** The program ran over its time budget. */
export class ProcessTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the program did not finish within ${Math.round(timeoutMs / 1000)} s`);
  }
}

/** The program wrote more than maxStdout. */
export class ProcessOutputLimit extends Error {}

const abortReason = (signal: AbortSignal) => signal.reason ?? new DOMException("The operation was aborted.", "AbortError");

/**
 * Runs `cmd` and resolves when it exits, whatever its exit code; rejects with ProcessTimeout, ProcessOutputLimit,
 * the signal's reason on abort, or the spawn error (ENOENT when the program is not installed).
 */
export function runProcess(cmd: string, args: readonly string[], opts: RunProcessOptions): Promise<ProcessOutcome> {
  return new Promise<ProcessOutcome>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(abortReason(opts.signal));
    const child = spawn(cmd, args, { stdio: [opts.input ? "pipe" : "ignore", "pipe", "pipe"], ...(opts.env ? { env: opts.env } : {}) });
    trackChildProcess(child);
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      fn();
    };
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    const timer = setTimeout(() => {
      kill();
      finish(() => reject(new ProcessTimeout(opts.timeoutMs)));
    }, opts.timeoutMs);
    const onAbort = () => {
      kill();
      finish(() => reject(abortReason(opts.signal as AbortSignal)));
    };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout?.on("data", (c: Buffer) => {
      size += c.length;
      if (opts.maxStdout !== undefined && size > opts.maxStdout) {
        kill();
        finish(() => reject(new ProcessOutputLimit(`more than ${opts.maxStdout} bytes of output`)));
        return;
      }
      chunks.push(c);
    });
    child.stderr?.on("data", (c: Buffer) => {
      if (stderr.length < 8192) stderr += c.toString("utf8");
    });
    child.on("error", (err) => finish(() => reject(err)));
    child.on("close", (code, sig) => finish(() => resolve({ stdout: Buffer.concat(chunks, size), stderr, code, signal: sig })));
    if (opts.input && child.stdin) {
      child.stdin.on("error", () => {}); // a program that exits early closes its stdin; `close` reports it
      child.stdin.end(Buffer.from(opts.input.buffer, opts.input.byteOffset, opts.input.byteLength));
    }
  });
}
