import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { open, seal } from "./secret-box";

describe("secret box (AES-256-GCM)", () => {
  const key = randomBytes(32);

  it("round-trips and never stores the plain text", () => {
    const sealed = seal("bind-pässword", key, "company:1");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("bind");
    expect(open(sealed, key, "company:1")).toBe("bind-pässword");
  });

  it("uses a fresh IV each time", () => {
    expect(seal("same", key)).not.toBe(seal("same", key));
  });

  it("refuses another key, another context and tampered ciphertext", () => {
    const sealed = seal("secret", key, "company:1");
    expect(() => open(sealed, randomBytes(32), "company:1")).toThrow();
    expect(() => open(sealed, key, "company:2")).toThrow();
    const parts = sealed.split(".");
    const ct = Buffer.from(parts[3], "base64url");
    ct[0] ^= 1;
    expect(() => open([...parts.slice(0, 3), ct.toString("base64url")].join("."), key, "company:1")).toThrow();
    expect(() => open("garbage", key)).toThrow();
  });
});
