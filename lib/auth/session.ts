// Console sessions on the API: the next-auth session cookie (an encrypted JWT naming the user and the
// company signed into) becomes a Principal of kind "session". The user row is read on every request, so
// deactivating a user or removing their membership ends their sessions at once. The token also names its
// session row (lib/auth/user-sessions.ts), so a revoked session ends although the JWT is still valid.
//
// CSRF: a cookie rides along with any request the browser makes, so state-changing methods (POST, PUT,
// PATCH, DELETE) authenticated by the cookie must come from the app's own pages: the browser's
// `Sec-Fetch-Site` must be `same-origin`, or (older browsers) the `Origin` host must equal the request host.
// Anything else is refused with 403 before the cookie is even decoded. Bearer requests are not affected.
import { decode } from "next-auth/jwt";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Principal } from "./principal";
import { sessionSecret } from "./secrets";
import { isLive } from "./user-sessions";

export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      /* keep raw */
    }
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

/** The session JWT from a Cookie header; next-auth splits large tokens into `<name>.0`, `<name>.1`, … */
export function sessionTokenFromCookies(cookies: Map<string, string>): string | null {
  for (const name of SESSION_COOKIE_NAMES) {
    const whole = cookies.get(name);
    if (whole) return whole;
    const chunks: string[] = [];
    for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!);
    if (chunks.length) return chunks.join("");
  }
  return null;
}

function requestHost(req: Request): string {
  const raw = req.headers.get("x-forwarded-host")?.split(",")[0] || req.headers.get("host") || new URL(req.url).host;
  return raw.trim().toLowerCase();
}

/** True when a browser says the request comes from a page of this very origin. */
export function isSameOriginRequest(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return false;
  try {
    return new URL(origin).host.toLowerCase() === requestHost(req);
  } catch {
    return false;
  }
}

/** A decoded session token → principal; null when expired, forged, or the user/membership is gone or inactive. */
export async function principalFromSessionToken(token: string): Promise<Principal | null> {
  let payload: Awaited<ReturnType<typeof decode>>;
  try {
    payload = await decode({ token, secret: sessionSecret() });
  } catch {
    return null;
  }
  const userId = Number(payload?.sub);
  const companyId = Number(payload?.cid);
  if (!Number.isInteger(userId) || !Number.isInteger(companyId) || userId < 1 || companyId < 1) return null;
  // Tokens name their session row; one without (or with a revoked row) is signed out.
  const sessionId = typeof payload?.sid === "string" ? payload.sid : null;
  if (!sessionId) return null;
  // The session row, its user and the user's memberships in one statement: every console request pays it.
  const session = await db().userSession.findUnique({ where: { id: sessionId }, include: { user: { include: { memberships: true } } } });
  if (!isLive(session, userId)) return null;
  const user = session!.user;
  if (!user.isActive) return null;
  const membership = user.memberships.find((m) => m.companyId === companyId);
  if (!membership?.isActive) return null;
  return {
    kind: "session",
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerified,
      instanceRole: user.instanceRole,
      managesPublicDatasets: user.managesPublicDatasets,
    },
    companyId,
    companyRole: membership.role,
    apiKey: null,
    sessionId,
  };
}

/**
 * The session resolver of lib/auth/resolve-principal.ts: `undefined` without a session cookie, `null` for an
 * invalid or revoked one; throws 403 for a cross-site state-changing request.
 */
export async function sessionPrincipal(req: Request): Promise<Principal | null | undefined> {
  const token = sessionTokenFromCookies(parseCookieHeader(req.headers.get("cookie")));
  if (!token) return undefined;
  if (!SAFE_METHODS.has(req.method.toUpperCase()) && !isSameOriginRequest(req)) {
    throw new AppError(
      "insufficient_permissions",
      "Cross-site request refused: requests that change data with a session cookie must come from this site's own pages (or use an API key).",
    );
  }
  return principalFromSessionToken(token);
}
