// Signs in through the real next-auth route (/api/auth/csrf, then /api/auth/callback/<provider>) the way
// the login page does, and returns the session cookie for API calls.
import { BASE } from "../helpers/api";
import { dispatch } from "../helpers/router";

export interface SignInResult {
  status: number;
  /** `name=value` of the session cookie, ready for a Cookie header; null when refused. */
  cookie: string | null;
  /** next-auth's error code (our LoginError codes) when refused. */
  error: string | null;
}

function cookiePairs(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]);
}

export async function signIn(provider: "password" | "ldap", fields: Record<string, string>, opts: { host?: string } = {}): Promise<SignInResult> {
  const host = opts.host ?? new URL(BASE).host;
  const base = `http://${host}`;
  const csrfRes = await dispatch(new Request(`${base}/api/auth/csrf`, { headers: { host } }));
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookies = cookiePairs(csrfRes);
  const res = await dispatch(
    new Request(`${base}/api/auth/callback/${provider}`, {
      method: "POST",
      headers: { host, "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
      body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: "/", json: "true" }),
    }),
  );
  const body = (await res.json()) as { url: string };
  const session = cookiePairs(res).find((c) => /next-auth\.session-token=/.test(c) && !/=$/.test(c)) ?? null;
  const error = new URL(body.url, base).searchParams.get("error");
  return { status: res.status, cookie: session, error };
}
