import { describe, expect, it } from "vitest";
import { ProcessOutputLimit, ProcessTimeout, runProcess } from "./run-process";

describe("runProcess", () => {
  it("feeds stdin, collects stdout and stderr, and resolves with any exit code", async () => {
    const out = await runProcess("sh", ["-c", "cat; echo oops >&2; exit 3"], { input: new TextEncoder().encode("hello"), timeoutMs: 10_000 });
    expect(out.stdout.toString()).toBe("hello");
    expect(out.stderr.trim()).toBe("oops");
    expect(out.code).toBe(3);
  });

  it("kills a program over its time budget or output cap, or when aborted", async () => {
    await expect(runProcess("sleep", ["10"], { timeoutMs: 100 })).rejects.toBeInstanceOf(ProcessTimeout);
    await expect(runProcess("yes", [], { timeoutMs: 10_000, maxStdout: 100_000 })).rejects.toBeInstanceOf(ProcessOutputLimit);
    const controller = new AbortController();
    const running = runProcess("sleep", ["10"], { timeoutMs: 10_000, signal: controller.signal });
    controller.abort(new Error("stopped"));
    await expect(running).rejects.toThrow("stopped");
    await expect(runProcess("sleep", ["1"], { timeoutMs: 10_000, signal: controller.signal })).rejects.toThrow("stopped");
  });

  it("rejects with ENOENT when the program is not installed", async () => {
    await expect(runProcess("no-such-program-here", [], { timeoutMs: 1000 })).rejects.toMatchObject({ code: "ENOENT" });
  });
});
