// The Drive v3 client (@googleapis/drive) of a datasource: rootUrl from settings.api_base_url, the service
// account's token (auth.ts), requests over the SSRF-vetted transport (transport.ts), and every call through
// one wrapper: gaxios' own retries are off so that 429 and 5xx wait per Retry-After (lib/sync/retry-after.ts),
// a 401 drops the token and retries once with a new one, and other failures come back in Google's error
// shape (status, reason, message) for the caller to map.
import { Readable } from "node:stream";
import { drive, type drive_v3 } from "@googleapis/drive";
import type { TFiledriveSecrets, TFiledriveSettings } from "@/lib/contracts/datasource-filedrive";
import { withRetryAfter } from "../retry-after";
import type { ConnectorLogger } from "../types";
import { type DriveAuth, driveAuth } from "./auth";
import { vettedFetch } from "./transport";

export const GOOGLE_API_ROOT = "https://www.googleapis.com/";
const CALL_TIMEOUT_MS = 120_000;

export interface DriveClient {
  api: drive_v3.Drive;
  auth: DriveAuth;
  settings: TFiledriveSettings;
  signal: AbortSignal;
  log: ConnectorLogger;
}

export function driveClient(settings: TFiledriveSettings, secrets: TFiledriveSecrets, signal: AbortSignal, log: ConnectorLogger): DriveClient {
  const auth = driveAuth(secrets.service_account_json, settings.token_url, settings.impersonate_user);
  const rootUrl = settings.api_base_url ?? GOOGLE_API_ROOT;
  // google-auth-library is a newer copy than the one googleapis-common types against; the client is the same.
  const api = drive({ version: "v3", rootUrl, auth: auth.client as unknown as drive_v3.Options["auth"], fetchImplementation: vettedFetch });
  return { api, auth, settings, signal, log };
}

/** A Drive answer that is not a success, in Google's error shape. */
export class DriveApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = "DriveApiError";
  }
}

interface RawAnswer<T> {
  status: number;
  data: T;
  headers: Record<string, string>;
}

const isStream = (x: unknown): x is Readable => typeof (x as Readable | null)?.pipe === "function";
const isWebStream = (x: unknown): x is ReadableStream => typeof (x as ReadableStream | null)?.getReader === "function";

async function bodyText(data: unknown): Promise<string> {
  if (isStream(data)) {
    const chunks: Buffer[] = [];
    for await (const c of data) chunks.push(Buffer.from(c as Buffer));
    return Buffer.concat(chunks).toString("utf8");
  }
  return typeof data === "string" ? data : JSON.stringify(data ?? "");
}

async function errorOf(answer: RawAnswer<unknown>): Promise<DriveApiError> {
  const text = await bodyText(answer.data);
  let message = text.slice(0, 300) || `HTTP ${answer.status}`;
  let reason = "";
  try {
    const e = (JSON.parse(text) as { error?: { message?: string; errors?: { reason?: string }[]; status?: string } }).error;
    if (e?.message) message = e.message;
    reason = e?.errors?.[0]?.reason ?? e?.status ?? "";
  } catch {
    // not Google's JSON: the text is the message
  }
  return new DriveApiError(answer.status, reason, message);
}

const isRateLimit = (data: unknown) =>
  /rateLimitExceeded/i.test((data as { error?: { errors?: { reason?: string }[] } } | null)?.error?.errors?.[0]?.reason ?? "");

function discard(answer: RawAnswer<unknown>): void {
  if (isStream(answer.data)) answer.data.resume();
}

/**
 * One Drive call with throttling and token renewal handled; returns the data of a 2xx answer, throws
 * DriveApiError for any other (AppError from the token step passes through).
 */
export async function callDrive<T>(
  client: DriveClient,
  call: (options: { validateStatus: () => boolean; retry: false; signal: AbortSignal; timeout: number }) => Promise<unknown>,
): Promise<T> {
  const options = { validateStatus: () => true, retry: false as const, signal: client.signal, timeout: CALL_TIMEOUT_MS };
  for (let renewed = false; ; renewed = true) {
    const answer = await withRetryAfter(
      async () => {
        const res = (await call(options)) as RawAnswer<T>;
        // Stream answers come from the vetted fetch as web streams: Node streams from here on.
        if (isWebStream(res.data)) res.data = Readable.fromWeb(res.data as never) as T;
        // Drive also throttles with 403 rateLimitExceeded / userRateLimitExceeded: retried like a 429.
        const status = res.status === 403 && isRateLimit(res.data) ? 429 : res.status;
        return { status, retryAfter: res.headers?.["retry-after"] ?? null, res };
      },
      (a) => discard(a.res),
      { signal: client.signal },
    );
    const res = answer.res;
    if (res.status >= 200 && res.status < 300) return res.data;
    if (res.status === 401 && !renewed) {
      discard(res);
      client.auth.invalidate();
      continue;
    }
    throw await errorOf(res);
  }
}

/** Parameters every files/changes call needs to see shared drives. */
export function driveScope(settings: TFiledriveSettings) {
  return settings.shared_drive_id
    ? { supportsAllDrives: true, includeItemsFromAllDrives: true, corpora: "drive", driveId: settings.shared_drive_id }
    : { supportsAllDrives: true, includeItemsFromAllDrives: true };
}
