// App-only tokens for Microsoft Graph: msal-node's ConfidentialClientApplication with the client-credentials
// grant (scope `<graph>/.default`). One application object per (authority, client, secret) is kept so its
// token cache lives across the steps of a run; MSAL renews a token before it expires, and `fresh` skips the
// cache after Graph refused a token (revoked or expired early).
import { createHash } from "node:crypto";
import { AuthError, ConfidentialClientApplication, LogLevel } from "@azure/msal-node";
import type { TSitehostSecrets, TSitehostSettings } from "@/lib/contracts/datasource-sitehost";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { msalNetworkClient, msalNetworkErrors } from "./transport";

export const DEFAULT_AUTHORITY_HOST = "https://login.microsoftonline.com";
export const DEFAULT_GRAPH_BASE_URL = "https://graph.microsoft.com";

/** Microsoft's own clouds: MSAL knows their metadata, so no authority needs declaring as known. */
const MICROSOFT_AUTHORITY_HOSTS = new Set(["login.microsoftonline.com", "login.microsoftonline.us", "login.partner.microsoftonline.cn"]);

const MAX_APPS = 100;
const apps = new Map<string, ConfidentialClientApplication>();

export const graphBaseOf = (s: TSitehostSettings) => s.graph_base_url ?? DEFAULT_GRAPH_BASE_URL;

function appFor(settings: TSitehostSettings, secrets: TSitehostSecrets): ConfidentialClientApplication {
  const host = settings.authority_host ?? DEFAULT_AUTHORITY_HOST;
  const authority = `${host}/${encodeURIComponent(settings.tenant_id)}`;
  const key = createHash("sha256")
    .update(JSON.stringify([authority, settings.client_id, secrets.client_secret]))
    .digest("hex");
  const found = apps.get(key);
  if (found) return found;
  const app = new ConfidentialClientApplication({
    auth: {
      clientId: settings.client_id,
      clientSecret: secrets.client_secret,
      authority,
      // Another host (a sovereign cloud's, or a test double's) is trusted as configured: no instance
      // discovery call to login.microsoftonline.com; its OpenID configuration is read from itself.
      knownAuthorities: MICROSOFT_AUTHORITY_HOSTS.has(new URL(host).hostname) ? [] : [new URL(host).host],
    },
    system: {
      networkClient: msalNetworkClient,
      loggerOptions: {
        logLevel: LogLevel.Warning,
        piiLoggingEnabled: false,
        loggerCallback: (level, message) => {
          if (level <= LogLevel.Warning) log.warn("msal", { message });
        },
      },
    },
  });
  if (apps.size >= MAX_APPS) apps.delete(apps.keys().next().value!);
  apps.set(key, app);
  return app;
}

/** A token for Graph; AppError datasource_connection_failed naming the token step when refused. */
export async function graphToken(settings: TSitehostSettings, secrets: TSitehostSecrets, fresh = false): Promise<string> {
  let result: Awaited<ReturnType<ConfidentialClientApplication["acquireTokenByClientCredential"]>>;
  const network: { error?: unknown } = {};
  try {
    result = await msalNetworkErrors.run(network, () =>
      appFor(settings, secrets).acquireTokenByClientCredential({ scopes: [`${graphBaseOf(settings)}/.default`], skipCache: fresh }),
    );
  } catch (err) {
    throw tokenError(network.error ?? err);
  }
  if (!result?.accessToken) throw new AppError("datasource_connection_failed", "Token step: the identity platform returned no access token.");
  return result.accessToken;
}

function tokenError(err: unknown): AppError {
  if (err instanceof AppError) return new AppError("datasource_connection_failed", `Token step: ${err.detail}`);
  const what =
    err instanceof AuthError ? `${err.errorCode}${err.errorMessage ? `: ${err.errorMessage.split("\n")[0]}` : ""}` : (err as Error).message;
  const hint = /invalid_client|7000215|7000222/.test(what)
    ? " (check the client secret: its value, not its id, and that it has not expired)"
    : /unauthorized_client|700016/.test(what)
      ? " (check client_id: no such application in this tenant)"
      : /tenant|90002|endpoints_resolution|openid/i.test(what)
        ? " (check tenant_id and the authority host)"
        : "";
  // A connection that never reached the identity platform is not a refusal of the credentials.
  const unreachable = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|network_error/i.test(what);
  return new AppError(
    "datasource_connection_failed",
    unreachable
      ? `Token step: the identity platform could not be reached (check authority_host): ${what.slice(0, 500)}.`
      : `Token step: the identity platform refused the client credentials: ${what.slice(0, 500)}${hint}.`,
  );
}
