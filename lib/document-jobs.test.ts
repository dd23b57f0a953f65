import { describe, expect, it } from "vitest";
import { type JobProgress, percentOf, progressWriter } from "./document-jobs";

describe("percentOf", () => {
  it("rounds to one decimal, caps at 100 and is 0 when nothing is known", () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(4, 6)).toBe(66.7);
    expect(percentOf(5, 4)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe("progressWriter", () => {
  it("writes the first report, throttles the next ones, always writes forced ones, in order", async () => {
    const written: JobProgress[] = [];
    const w = progressWriter(async (p) => void written.push(p), 1e9);
    await w.report({ percentage: 10, pages_processed: 1 });
    expect(written).toEqual([{ percentage: 10, pages_processed: 1 }]);
    await w.report({ percentage: 20, pages_processed: 2 });
    void w.report({ percentage: 100, pages_processed: 3 }, true);
    await w.flush();
    expect(written.map((p) => p.pages_processed)).toEqual([1, 3]);
  });

  it("swallows a failed write so that later writes and flush still work", async () => {
    const written: number[] = [];
    let fail = true;
    const w = progressWriter(async (p) => {
      if (fail) throw new Error("database busy");
      written.push(p.pages_processed);
    }, 0);
    await w.report({ percentage: 1, pages_processed: 1 }, true);
    fail = false;
    await w.report({ percentage: 2, pages_processed: 2 }, true);
    await w.flush();
    expect(written).toEqual([2]);
  });
});
