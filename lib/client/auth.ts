// Browser sign-in and sign-out against next-auth's endpoints (/api/auth/csrf, /callback/<provider>,
// /signout). Written against the HTTP API instead of next-auth/react's signIn(), whose error parsing
// needs absolute URLs and NEXTAUTH_URL; here error codes come straight from the `error` parameter.
export type SignInProvider = "password" | "ldap";

export interface SignInOutcome {
  ok: boolean;
  /** A LoginError code (lib/auth/login-error.ts) when refused. */
  error: string | null;
}

async function csrfToken(): Promise<string> {
  const res = await fetch("/api/auth/csrf", { credentials: "same-origin" });
  if (!res.ok) throw new Error("csrf");
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

export async function signInWith(provider: SignInProvider, fields: Record<string, string>): Promise<SignInOutcome> {
  try {
    const res = await fetch(`/api/auth/callback/${provider}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), callbackUrl: "/", json: "true" }),
    });
    const body = (await res.json().catch(() => ({}))) as { url?: string };
    const error = body.url ? new URL(body.url, window.location.origin).searchParams.get("error") : null;
    if (res.ok && !error) return { ok: true, error: null };
    return { ok: false, error: error ?? "invalid_credentials" };
  } catch {
    return { ok: false, error: "network_error" };
  }
}

export async function signOut(): Promise<void> {
  await fetch("/api/auth/signout", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: await csrfToken(), json: "true" }),
  });
}

/** Request header with the console page's path (set by proxy.ts), for returning there after sign-in. */
export const CONSOLE_PATH_HEADER = "x-console-path";

/**
 * Only same-site paths: `?callbackUrl=https://evil.example` must not turn sign-in into an open redirect. The
 * path is resolved the way a browser would (tabs and newlines dropped, `\` read as `/`), and anything that
 * leaves the origin, or is not a plain path, becomes `/`.
 */
export function safeCallbackPath(raw: string | null | undefined): string {
  if (!raw?.startsWith("/") || raw.length > 2000) return "/";
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return "/";
  const probe = "http://same-origin.invalid";
  let url: URL;
  try {
    url = new URL(raw, probe);
  } catch {
    return "/";
  }
  if (url.origin !== probe || !raw.startsWith("/") || raw.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
