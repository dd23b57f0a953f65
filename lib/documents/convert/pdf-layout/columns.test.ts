import { describe, expect, it } from "vitest";
import { item, md } from "./test-items";

// Two-column pages whose left column is mostly not running text (issue 14, class 3).
describe("two-column pages", () => {
  it("reads a paper's columns as columns when the left one holds display maths, a heading and paragraph ends", () => {
    const left = [
      item("E[1vul(p+c+s)] .", 160, 100, 10),
      item("A high ratio indicates that the engine is more likely to", 60, 116, 10),
      item("produce unsafe code.", 60, 128, 10),
      item("3. Threat Model", 60, 142, 10, { bold: true }),
      item("In this section we present our threat model, detailing", 60, 156, 10),
      item("the attacker's goal.", 60, 168, 10),
    ];
    const rightLines = [
      "of applying the function to modify the inputs to the",
      "original completion engine. While the details of acquiring",
      "such capability fall outside the scope of this work, we",
      "discuss several possible realistic scenarios. In one scenario,",
      "the attacker might set up a malicious service or plugin,",
      "with full control over the application of the function.",
    ];
    const right = rightLines.map((t, i) => item(t, 360, 100 + 12 * i, 10));
    const out = md([...left, ...right]);
    expect(out).not.toContain("|");
    const parts = out.split("\n\n");
    expect(parts).toContain("A high ratio indicates that the engine is more likely to produce unsafe code.");
    expect(parts.at(-1)).toBe(rightLines.join(" "));
  });
});
