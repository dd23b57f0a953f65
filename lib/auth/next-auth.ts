// next-auth v4 (the installed, stable line; v5/Auth.js is not on the registry as a stable release) with two
// Credentials providers: `password` (e-mail + argon2id hash) and `ldap` (company directory). Sessions are
// encrypted JWT cookies (Credentials providers cannot use database sessions in v4); they name the user and
// the company and are re-checked against the database on every API call (lib/auth/session.ts), so a
// deactivated user is signed out at once.
//
// The route handler drives next-auth's request/response API with plain objects instead of its App Router
// entry point: that one reads `next/headers`, which only exists inside a Next.js request, and would keep
// the sign-in flow out of the integration tests.
import NextAuth, { type AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { ldapLogin } from "./ldap-login";
import { LoginError } from "./login-error";
import { passwordLogin } from "./password-login";
import { sessionSecret } from "./secrets";
import { parseCookieHeader } from "./session";
import { endUserSession, startUserSession } from "./user-sessions";

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers | undefined, name: string): string | null {
  const v = headers?.[name];
  return (Array.isArray(v) ? v[0] : v)?.split(",")[0].trim() || null;
}

const hostOf = (h: Headers | undefined) => header(h, "x-forwarded-host") ?? header(h, "host");
const ipOf = (h: Headers | undefined) => header(h, "x-forwarded-for") ?? header(h, "x-real-ip");
const userAgentOf = (h: Headers | undefined) => {
  const v = h?.["user-agent"];
  return (Array.isArray(v) ? v[0] : v) ?? null;
};

/** next-auth turns an Error thrown by `authorize` into `?error=<message>`: only our coarse codes get through. */
async function signInOrThrow<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof LoginError) throw new Error(err.code);
    log.error("sign-in failed unexpectedly", { err });
    throw new Error("directory_unavailable");
  }
}

export function authOptions(): AuthOptions {
  const config = env();
  return {
    secret: sessionSecret(),
    session: { strategy: "jwt", maxAge: config.SESSION_MAX_AGE_HOURS * 3600 },
    // Secure cookies need https; behind a TLS proxy set APP_URL=https://… so the cookie gets the flag.
    useSecureCookies: config.APP_URL?.startsWith("https://") ?? false,
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        id: "password",
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: (credentials, req) =>
          signInOrThrow(async () => {
            const r = await passwordLogin({
              email: String(credentials?.email ?? ""),
              password: String(credentials?.password ?? ""),
              host: hostOf(req.headers),
              ip: ipOf(req.headers),
            });
            return { id: String(r.userId), companyId: r.companyId, userAgent: userAgentOf(req.headers) };
          }),
      }),
      CredentialsProvider({
        id: "ldap",
        name: "Company directory",
        credentials: {
          username: { label: "User name", type: "text" },
          password: { label: "Password", type: "password" },
          client_id: { label: "Client id", type: "text" },
        },
        authorize: (credentials, req) =>
          signInOrThrow(async () => {
            const r = await ldapLogin({
              username: String(credentials?.username ?? ""),
              password: String(credentials?.password ?? ""),
              clientId: credentials?.client_id ? String(credentials.client_id) : null,
              host: hostOf(req.headers),
              ip: ipOf(req.headers),
            });
            return { id: String(r.userId), companyId: r.companyId, userAgent: userAgentOf(req.headers) };
          }),
      }),
    ],
    callbacks: {
      // A sign-in starts a session row (lib/auth/user-sessions.ts); the token names it as `sid`.
      async jwt({ token, user }) {
        if (user) {
          const signedIn = user as { companyId?: number; userAgent?: string | null };
          token.sub = user.id;
          token.cid = signedIn.companyId;
          token.sid = await startUserSession(Number(user.id), Number(signedIn.companyId), signedIn.userAgent ?? null);
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, user: { id: token.sub, companyId: token.cid } } as typeof session;
      },
      // Only same-site paths: the origin next-auth computes is unreliable on custom domains behind proxies.
      redirect({ url, baseUrl }) {
        // Browsers read `\` as `/` and drop tabs and newlines, so `/\evil.example` would leave the site.
        if (/[\u0000-\u001f\u007f\\]/.test(url)) return "/";
        if (url.startsWith("/") && !url.startsWith("//")) return url;
        if (url.startsWith(baseUrl)) return url.slice(baseUrl.length) || "/";
        return "/";
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await endUserSession(token.sid);
      },
    },
    logger: {
      error: (code, metadata) => log.error("next-auth", { code, metadata }),
      // NEXTAUTH_URL is deliberately unused (see redirect above); its warning is noise.
      warn: (code) => log.debug("next-auth", { code }),
      debug: (code, metadata) => log.debug("next-auth", { code, metadata }),
    },
  };
}

interface CapturedResponse {
  status: number;
  headers: Map<string, string | string[]>;
  body: string | null;
}

/** Sign-in forms are a few hundred bytes; anything far larger is refused before parsing. */
const MAX_BODY_BYTES = 16 * 1024;

async function readBody(req: Request): Promise<Record<string, string> | undefined> {
  if (req.method !== "POST") return undefined;
  const type = req.headers.get("content-type") ?? "";
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new Error("body too large");
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new Error("body too large");
  if (type.includes("application/json")) return text ? (JSON.parse(text) as Record<string, string>) : {};
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * The origin next-auth v4 builds absolute URLs from (redirects, provider URLs) when NEXTAUTH_URL is unset, which it
 * is here: it does not know the request's origin unless told to trust proxy headers process-wide.
 */
const NEXT_AUTH_FALLBACK_ORIGIN = /http:\/\/localhost:3000(?![0-9])/g;
const NEXT_AUTH_FALLBACK_ORIGIN_ENCODED = /http%3A%2F%2Flocalhost%3A3000(?![0-9])/g;

/** next-auth's absolute URLs (also URL-encoded ones, as in `callbackUrl=`), moved to the origin the client used. */
function atOrigin(text: string, origin: string): string {
  return text.replace(NEXT_AUTH_FALLBACK_ORIGIN, origin).replace(NEXT_AUTH_FALLBACK_ORIGIN_ENCODED, encodeURIComponent(origin));
}

/**
 * `GET|POST /api/auth/<action>/<provider>`: runs next-auth and turns its answer into a web Response.
 * `origin`: the public origin of the app for this request (APP_URL, else the request's own).
 */
export async function handleNextAuth(req: Request, segments: string[], origin: string): Promise<Response> {
  const url = new URL(req.url);
  let body: Record<string, string> | undefined;
  try {
    body = await readBody(req);
  } catch {
    return new Response(JSON.stringify({ error: "invalid or oversized body" }), { status: 400, headers: { "content-type": "application/json" } });
  }
  const out: CapturedResponse = { status: 200, headers: new Map(), body: null };
  const res = {
    status(code: number) {
      out.status = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      out.headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => out.headers.get(name.toLowerCase()),
    end() {},
    json(value: unknown) {
      out.headers.set("content-type", "application/json");
      out.body = JSON.stringify(value);
    },
    send(value: unknown) {
      out.body = typeof value === "string" ? value : JSON.stringify(value);
      if (typeof value !== "string") out.headers.set("content-type", "application/json");
    },
  };
  const nextReq = {
    method: req.method,
    query: { ...Object.fromEntries(url.searchParams), nextauth: segments },
    body,
    cookies: Object.fromEntries(parseCookieHeader(req.headers.get("cookie"))),
    headers: Object.fromEntries(req.headers),
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: AuthOptions) => Promise<unknown>)(nextReq, res, authOptions());
  const headers = new Headers();
  for (const [k, v] of out.headers) {
    for (const one of Array.isArray(v) ? v : [v]) headers.append(k, k === "location" ? atOrigin(one, origin) : one);
  }
  headers.set("cache-control", "no-store");
  const text = out.body === null ? null : atOrigin(out.body, origin);
  return new Response(out.status === 204 || out.status === 302 ? null : text, { status: out.status, headers });
}
