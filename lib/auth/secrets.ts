// Server secrets for sign-in: the key that signs session cookies and the key that encrypts secrets at
// rest. Configured ones win; with no configuration (embedded mode) a random secret is created once in
// DATA_DIR/secret-key (mode 0600), so sessions and encrypted bind passwords survive restarts. Several app
// instances must share NEXTAUTH_SECRET and SECRET_KEY (or the data directory).
import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

let fileSecret: string | undefined;

function dataDirSecret(): string {
  if (fileSecret) return fileSecret;
  const file = path.join(env().dataDir, "secret-key");
  try {
    fileSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fresh = randomBytes(32).toString("base64url");
    try {
      // "wx": two processes starting together must not overwrite each other's secret.
      fs.writeFileSync(file, fresh, { mode: 0o600, flag: "wx" });
      fileSecret = fresh;
    } catch {
      fileSecret = fs.readFileSync(file, "utf8").trim();
    }
  }
  if (!fileSecret) throw new Error(`${file} is empty: delete it or set NEXTAUTH_SECRET and SECRET_KEY`);
  return fileSecret;
}

function derive(master: string, purpose: string, bytes = 32): Buffer {
  return Buffer.from(hkdfSync("sha256", master, "docintel", purpose, bytes));
}

/** Signs and encrypts next-auth session JWTs. */
export function sessionSecret(): string {
  const { NEXTAUTH_SECRET, SECRET_KEY } = env();
  if (NEXTAUTH_SECRET) return NEXTAUTH_SECRET;
  return derive(SECRET_KEY ?? dataDirSecret(), "next-auth session").toString("base64url");
}

/** 32-byte AES key for secrets stored in the database (purpose separates keys per use). */
export function encryptionKey(purpose: string): Buffer {
  const { NEXTAUTH_SECRET, SECRET_KEY } = env();
  return derive(SECRET_KEY ?? NEXTAUTH_SECRET ?? dataDirSecret(), `at-rest ${purpose}`);
}

/** Tests switch DATA_DIR between cases. */
export function forgetCachedSecrets(): void {
  fileSecret = undefined;
}
