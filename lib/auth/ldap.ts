// Talking to a company's LDAP directory with ldapts: bind as the service account, find the one entry the
// login name matches, then bind as that entry with the given password. The whole exchange is bounded by
// connection_timeout, so a directory that is down or slow fails fast with `directory_unavailable`.
import { Client, type Entry, Filter, FilterParser, InvalidCredentialsError } from "ldapts";
import { log } from "@/lib/log";
import { LoginError } from "./login-error";

export interface DirectoryConfig {
  serverUri: string;
  bindDn: string;
  bindPassword: string;
  userSearchBase: string;
  userSearchFilter: string;
  attrEmail: string;
  attrFirstName: string;
  attrLastName: string;
  useTls: boolean;
  /** Seconds. */
  connectionTimeout: number;
}

export interface DirectoryUser {
  dn: string;
  email: string;
  firstName: string;
  lastName: string;
}

const USER_PLACEHOLDER = "%(user)s";

/**
 * The search filter for a login name: every `%(user)s` becomes the name escaped per RFC 4515 (`*`, `(`, `)`,
 * `\` and NUL become `\2a`, `\28`, `\29`, `\5c`, `\00`), so `*)(uid=*` matches nobody instead of everybody.
 * The result is parsed once to reject broken templates before they reach the server.
 */
export function buildUserFilter(template: string, login: string): string {
  const filter = template.split(USER_PLACEHOLDER).join(Filter.escape(login));
  FilterParser.parseString(filter);
  return filter;
}

function firstValue(entry: Entry, attr: string): string {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attr.toLowerCase());
  const v = key ? entry[key] : undefined;
  const one = Array.isArray(v) ? v[0] : v;
  if (one === undefined) return "";
  return (Buffer.isBuffer(one) ? one.toString("utf8") : String(one)).trim();
}

export function newClient(cfg: DirectoryConfig): Client {
  const ms = cfg.connectionTimeout * 1000;
  return new Client({ url: cfg.serverUri, timeout: ms, connectTimeout: ms, strictDN: false });
}

export async function secure(client: Client, cfg: DirectoryConfig): Promise<void> {
  // ldaps:// is TLS from the first byte; on ldap:// use_tls upgrades the connection before any password is sent.
  if (cfg.useTls && /^ldap:\/\//i.test(cfg.serverUri)) {
    const host = new URL(cfg.serverUri).hostname;
    await client.startTLS({ servername: host });
  }
}

/** Rejects after `ms` with directory_unavailable; the caller's clients are torn down by `cleanup`. */
function deadline<T>(work: Promise<T>, ms: number, cleanup: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      cleanup();
      reject(new LoginError("directory_unavailable", `no answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function closeQuietly(client: Client): void {
  client.unbind().catch(() => undefined);
}

/** Binds as the service account and runs `fn`; any failure other than a LoginError is the directory's. */
async function withServiceBind<T>(cfg: DirectoryConfig, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = newClient(cfg);
  const run = async () => {
    try {
      await secure(client, cfg);
      await client.bind(cfg.bindDn, cfg.bindPassword);
      return await fn(client);
    } catch (err) {
      if (err instanceof LoginError) throw err;
      const reason = err instanceof InvalidCredentialsError ? "service account bind refused" : (err as Error).message;
      throw new LoginError("directory_unavailable", reason);
    } finally {
      closeQuietly(client);
    }
  };
  return deadline(run(), cfg.connectionTimeout * 1000, () => closeQuietly(client));
}

export function toDirectoryUser(entry: Entry, cfg: DirectoryConfig): DirectoryUser {
  return {
    dn: entry.dn,
    email: firstValue(entry, cfg.attrEmail).toLowerCase(),
    firstName: firstValue(entry, cfg.attrFirstName),
    lastName: firstValue(entry, cfg.attrLastName),
  };
}

/** The entries `login` matches (at most 2: more than one is already an ambiguous filter). */
export async function searchUser(client: Client, cfg: DirectoryConfig, filter: string): Promise<Entry[]> {
  const { searchEntries } = await client.search(cfg.userSearchBase, {
    scope: "sub",
    filter,
    attributes: [cfg.attrEmail, cfg.attrFirstName, cfg.attrLastName],
    sizeLimit: 2,
  });
  return searchEntries;
}

function userFilterOrThrow(cfg: DirectoryConfig, login: string): string {
  try {
    return buildUserFilter(cfg.userSearchFilter, login);
  } catch (err) {
    throw new LoginError("directory_unavailable", `bad user_search_filter: ${(err as Error).message}`);
  }
}

/** Checks a login name and password against the directory and returns the mapped attributes. */
export async function authenticateDirectoryUser(cfg: DirectoryConfig, login: string, password: string): Promise<DirectoryUser> {
  // An empty password would be an "unauthenticated bind", which servers accept as success (RFC 4513 5.1.2).
  if (!login.trim() || !password) throw new LoginError("invalid_credentials", "empty login or password");
  const filter = userFilterOrThrow(cfg, login.trim());
  const userClient = newClient(cfg);
  const started = Date.now();
  const budget = cfg.connectionTimeout * 1000;
  const entry = await withServiceBind(cfg, async (client) => {
    const searchEntries = await searchUser(client, cfg, filter);
    // None: unknown user. Several: an ambiguous filter; refusing is safer than picking one.
    if (searchEntries.length !== 1) {
      throw new LoginError("invalid_credentials", searchEntries.length ? "filter matched several entries" : "no such user");
    }
    return searchEntries[0];
  });
  const userBind = async () => {
    try {
      await secure(userClient, cfg);
      await userClient.bind(entry.dn, password);
    } catch (err) {
      if (err instanceof InvalidCredentialsError) throw new LoginError("invalid_credentials", "wrong password");
      throw new LoginError("directory_unavailable", (err as Error).message);
    } finally {
      closeQuietly(userClient);
    }
  };
  const remaining = Math.max(1000, budget - (Date.now() - started));
  await deadline(userBind(), remaining, () => closeQuietly(userClient));
  const user = toDirectoryUser(entry, cfg);
  log.debug("ldap user authenticated", { dn: user.dn });
  return user;
}
