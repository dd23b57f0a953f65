// The external programs a converter starts (LibreOffice, poppler tools), reported to whoever must kill them when
// the thread that started them cannot. A document worker that is terminated (stuck in synchronous code, out of
// heap, shut down) runs no more JavaScript: its timers and abort handlers never fire, so the programs it started
// would run on until they end by themselves. worker-main.ts forwards these reports to the pool (pool.ts), which
// kills what is still running when it terminates the worker. In the web process nothing listens: there the
// callers' own time budgets and aborts stop their programs.
import type { ChildProcess } from "node:child_process";

export interface ChildProcessEvent {
  pid: number;
  /** The program leads its own process group (spawned detached): the whole group is killed. */
  group: boolean;
  running: boolean;
}

let listener: ((event: ChildProcessEvent) => void) | undefined;

/** Set by the document worker's entry; `undefined` stops reporting. */
export function reportChildProcesses(fn: ((event: ChildProcessEvent) => void) | undefined): void {
  listener = fn;
}

/** Reports `child` as running now and as ended when it exits. */
export function trackChildProcess(child: ChildProcess, group = false): void {
  const pid = child.pid;
  const report = listener;
  if (!pid || !report) return;
  report({ pid, group, running: true });
  child.once("exit", () => report({ pid, group, running: false }));
}

/** The programs of a terminated thread, by pid (true: a process group), killed with SIGKILL; gone ones skipped. */
export function killChildProcesses(children: ReadonlyMap<number, boolean>): void {
  for (const [pid, group] of children) {
    try {
      process.kill(group ? -pid : pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
