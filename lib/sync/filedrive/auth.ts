// The service account's access token: the OAuth 2.0 JWT-bearer grant (RFC 7523) signed with the key's RS256
// private key, sent to a configurable token endpoint (settings.token_url, else the key's token_uri, else
// Google's), so sovereign clouds and the test fake work (google-auth-library's gtoken always posts to Google),
// through the SSRF-vetted transport.
// The token lives in an OAuth2Client (google-auth-library) whose refreshHandler runs this grant again before
// the token expires; one client per key and endpoint is kept for the process, so the items of a run share a
// token instead of asking for one each.
import { createHash, createPrivateKey, createSign, type KeyObject } from "node:crypto";
import { OAuth2Client } from "google-auth-library";
import { AppError } from "@/lib/errors";
import { withRetryAfter } from "../retry-after";
import { vettedFetch } from "./transport";

export const DRIVE_SCOPE = "https://www.googleapis.com/auth/drive.readonly";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const TOKEN_TIMEOUT_MS = 30_000;

export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: KeyObject;
  privateKeyId?: string;
  tokenUri?: string;
}

const badKey = (why: string) => new AppError("datasource_connection_failed", `Service-account key: ${why}.`);

/** The JSON key as downloaded from the Cloud console; datasource_connection_failed saying what is wrong. */
export function parseServiceAccountKey(json: string): ServiceAccountKey {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw badKey("not valid JSON (paste the whole key file)");
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw badKey("not a JSON object");
  const k = raw as Record<string, unknown>;
  if (k.type !== undefined && k.type !== "service_account") throw badKey(`type is "${String(k.type)}", not "service_account"`);
  if (typeof k.client_email !== "string" || !k.client_email.includes("@")) throw badKey("client_email is missing");
  if (typeof k.private_key !== "string" || !k.private_key.includes("PRIVATE KEY")) throw badKey("private_key is missing");
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(k.private_key);
  } catch {
    throw badKey("private_key is not a readable PEM private key");
  }
  if (privateKey.asymmetricKeyType !== "rsa") throw badKey("private_key is not an RSA key");
  return {
    clientEmail: k.client_email,
    privateKey,
    privateKeyId: typeof k.private_key_id === "string" ? k.private_key_id : undefined,
    tokenUri: typeof k.token_uri === "string" ? k.token_uri : undefined,
  };
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

export function signAssertion(key: ServiceAccountKey, audience: string, subject?: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = { alg: "RS256", typ: "JWT", ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) };
  const claims = { iss: key.clientEmail, scope: DRIVE_SCOPE, aud: audience, iat, exp: iat + 3600, ...(subject ? { sub: subject } : {}) };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signature = createSign("RSA-SHA256").update(input).sign(key.privateKey);
  return `${input}.${b64url(signature)}`;
}

/** Token endpoint failures, always datasource_connection_failed naming the token step. */
const tokenFailed = (url: string, why: string) => new AppError("datasource_connection_failed", `Token step: ${url} ${why}.`);

export async function requestAccessToken(
  key: ServiceAccountKey,
  tokenUrl: string,
  subject?: string,
): Promise<{ access_token: string; expiry_date: number }> {
  let res: Response;
  try {
    const answer = await withRetryAfter(
      async () => {
        const r = await vettedFetch(tokenUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams({
            grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
            assertion: signAssertion(key, tokenUrl, subject),
          }).toString(),
          signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
        });
        return { status: r.status, retryAfter: r.headers.get("retry-after"), r };
      },
      (a) => a.r.body?.cancel(),
    );
    res = answer.r;
  } catch (err) {
    if (err instanceof AppError) throw tokenFailed(tokenUrl, `is refused: ${err.detail}`);
    throw tokenFailed(tokenUrl, `could not be reached (${(err as Error).message})`);
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // described below
  }
  if (!res.ok || typeof body.access_token !== "string") {
    const why =
      typeof body.error === "string" ? `${body.error}${body.error_description ? `: ${String(body.error_description)}` : ""}` : text.slice(0, 200);
    throw tokenFailed(tokenUrl, `refused the key (HTTP ${res.status}: ${why})`);
  }
  const seconds = Number(body.expires_in) > 0 ? Number(body.expires_in) : 3600;
  // Renewed a little before Google's expiry (a tenth of its life, at most a minute), not on the first 401.
  const margin = Math.min(60_000, seconds * 100);
  return { access_token: body.access_token, expiry_date: Date.now() + seconds * 1000 - margin };
}

export interface DriveAuth {
  client: OAuth2Client;
  key: ServiceAccountKey;
  tokenUrl: string;
  /** Drops the held token (a 401 means it was revoked or expired early): the next request asks for one. */
  invalidate(): void;
}

const clients = new Map<string, DriveAuth>();
const MAX_CLIENTS = 100;

/** The token holder for a key and endpoint (shared by the calls of a process). */
export function driveAuth(keyJson: string, tokenUrlSetting: string | undefined, subject: string | undefined): DriveAuth {
  const cacheKey = createHash("sha256")
    .update(JSON.stringify([keyJson, tokenUrlSetting ?? "", subject ?? ""]))
    .digest("hex");
  const hit = clients.get(cacheKey);
  if (hit) return hit;
  const key = parseServiceAccountKey(keyJson);
  const tokenUrl = tokenUrlSetting ?? key.tokenUri ?? GOOGLE_TOKEN_URL;
  let inflight: Promise<{ access_token: string; expiry_date: number }> | null = null;
  const client = new OAuth2Client({ eagerRefreshThresholdMillis: 0 });
  // Concurrent requests that find the token expired share one grant.
  client.refreshHandler = () =>
    (inflight ??= requestAccessToken(key, tokenUrl, subject).finally(() => {
      inflight = null;
    }));
  const auth: DriveAuth = { client, key, tokenUrl, invalidate: () => client.setCredentials({}) };
  if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
  clients.set(cacheKey, auth);
  return auth;
}

/** Tests start from no cached token. */
export function forgetDriveTokens(): void {
  clients.clear();
}
