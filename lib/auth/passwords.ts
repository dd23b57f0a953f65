// Password hashing: argon2id (OWASP parameters: 19 MiB memory, 2 passes, 1 lane) through @node-rs/argon2,
// which ships prebuilt binaries. The PHC string carries its own parameters, so raising them later only
// needs `needsRehash` on the next successful sign-in.
import { hash, verify } from "@node-rs/argon2";

// `Algorithm` is an ambient const enum (unusable with isolatedModules): 2 is Algorithm.Argon2id.
const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** Why a new password is refused, or null when acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (!password.trim()) return "must not be blank";
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

// Verified when the account does not exist or has no password, so that an unknown e-mail address costs
// as much time as a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | undefined;

/** Constant-time comparison inside argon2; `null` hashes still spend the same work and return false. */
export async function verifyPassword(password: string, phc: string | null | undefined): Promise<boolean> {
  if (!phc) {
    dummyHash ??= hash("docintel-timing-equaliser", PARAMS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(phc, password);
  } catch {
    return false; // malformed hash in the database: never a match
  }
}

export function needsRehash(phc: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  return !m || Number(m[1]) < PARAMS.memoryCost || Number(m[2]) < PARAMS.timeCost;
}
