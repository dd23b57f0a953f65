// Who is calling: resolved from `Authorization: Bearer <key>`, else from the console's session cookie.
import { type Principal, principalFromApiKey } from "./principal";

/** `undefined`: no session cookie; `null`: a cookie that is invalid, expired or revoked. */
export type SessionResolver = (req: Request) => Promise<Principal | null | undefined>;
let sessionResolver: SessionResolver | null = null;

/**
 * The default is the next-auth session cookie (lib/auth/session.ts), loaded lazily so that this module
 * stays free of next-auth; tests or other front ends may register another. `null` restores the default.
 */
export function registerSessionResolver(resolver: SessionResolver | null): void {
  sessionResolver = resolver;
}

const nextAuthSession: SessionResolver = async (req) => (await import("./session")).sessionPrincipal(req);

export function bearerToken(req: Request): string | null | undefined {
  const header = req.headers.get("authorization");
  if (header === null) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * `undefined`: no credentials presented; `null`: credentials presented but invalid, revoked or expired.
 */
export async function resolvePrincipal(req: Request): Promise<Principal | null | undefined> {
  const token = bearerToken(req);
  if (token === null) return null;
  if (token !== undefined) return principalFromApiKey(token);
  return (sessionResolver ?? nextAuthSession)(req);
}
