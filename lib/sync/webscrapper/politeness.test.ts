import { describe, expect, it } from "vitest";
import { HostGate } from "./politeness";

describe("HostGate", () => {
  it("spaces requests to one host by the delay and bounds those in flight; other hosts are not held up", async () => {
    const gate = new HostGate(1, () => 40);
    const starts: Record<string, number[]> = { a: [], b: [] };
    const t0 = Date.now();
    const hit = async (host: string) => {
      const release = await gate.acquire(new URL(`http://${host}.test/`));
      starts[host].push(Date.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
      release();
    };
    await Promise.all([hit("a"), hit("a"), hit("a"), hit("b")]);
    expect(starts.a[1] - starts.a[0]).toBeGreaterThanOrEqual(35);
    expect(starts.a[2] - starts.a[1]).toBeGreaterThanOrEqual(35);
    expect(starts.b[0]).toBeLessThan(30);
  });
});
