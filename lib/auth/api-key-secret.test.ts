import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, hashesEqual, prefixOf, randomToken } from "./api-key-secret";

describe("API key secrets", () => {
  it("generates high-entropy keys with a visible prefix and stores only a hash", () => {
    const k = generateApiKey();
    expect(k.key).toMatch(/^dik_[0-9A-Za-z]{10}_[0-9A-Za-z]{43}$/);
    expect(k.key.startsWith(k.prefix)).toBe(true);
    expect(k.secretHash).toBe(hashApiKey(k.key));
    expect(k.secretHash).not.toContain(k.key.slice(15));
    expect(generateApiKey().key).not.toBe(k.key);
  });

  it("parses prefixes and compares hashes", () => {
    const k = generateApiKey();
    expect(prefixOf(k.key)).toBe(k.prefix);
    expect(prefixOf("Bearer nonsense")).toBeNull();
    expect(prefixOf(`${k.key}x`)).toBeNull();
    expect(hashesEqual(k.key, k.secretHash)).toBe(true);
    expect(hashesEqual(`${k.key.slice(0, -1)}A`, k.secretHash)).toBe(false);
    expect(hashesEqual(k.key, "abcd")).toBe(false);
  });

  it("draws tokens uniformly from the base62 alphabet", () => {
    const counts = new Map<string, number>();
    for (const ch of randomToken(62_000)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(700); // expected 1000 each
  });
});
