// API key format: `dik_<prefix id>_<secret>`. The visible prefix (`dik_<prefix id>`) identifies the
// row; only a SHA-256 of the whole key is stored (keys are 256-bit random, so a slow hash adds
// nothing) and the presented key's hash is compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomToken(length: number): string {
  // Rejection sampling keeps the alphabet uniform (256 is not a multiple of 62).
  let out = "";
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export interface GeneratedApiKey {
  id: string;
  prefix: string;
  key: string;
  secretHash: string;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function generateApiKey(): GeneratedApiKey {
  const prefix = `dik_${randomToken(10)}`;
  const key = `${prefix}_${randomToken(43)}`;
  return { id: `key_${randomToken(16)}`, prefix, key, secretHash: hashApiKey(key) };
}

/** Splits a presented key into its lookup prefix, or null when it cannot be one of ours. */
export function prefixOf(key: string): string | null {
  const m = /^(dik_[0-9A-Za-z]{10})_[0-9A-Za-z]{43}$/.exec(key);
  return m ? m[1] : null;
}

export function hashesEqual(presentedKey: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(presentedKey), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
