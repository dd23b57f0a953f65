// "Test connection" on the directory settings page: the steps a sign-in takes, one at a time, each with its
// own verdict, so an admin sees *where* it breaks (host unreachable, TLS, service account refused, wrong
// search base, filter that finds nobody). Read-only: nothing is bound but the service account.
import net from "node:net";
import tls from "node:tls";
import { InvalidCredentialsError, NoSuchObjectError } from "ldapts";
import { buildUserFilter, closeQuietly, type DirectoryConfig, type DirectoryUser, newClient, searchUser, secure, toDirectoryUser } from "./ldap";

export type ProbeStepName = "connect" | "bind" | "search_base" | "find_user";
export interface ProbeStep {
  step: ProbeStepName;
  status: "ok" | "failed" | "skipped";
  detail: string;
}
export interface ProbeResult {
  ok: boolean;
  steps: ProbeStep[];
  user: DirectoryUser | null;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A plain TCP (or TLS, for ldaps://) connection to the server, closed at once. */
function reach(cfg: DirectoryConfig): Promise<void> {
  const url = new URL(cfg.serverUri);
  const isTls = url.protocol === "ldaps:";
  const port = Number(url.port) || (isTls ? 636 : 389);
  return new Promise((resolve, reject) => {
    const socket = isTls ? tls.connect({ host: url.hostname, port, servername: url.hostname }) : net.connect({ host: url.hostname, port });
    socket.once(isTls ? "secureConnect" : "connect", () => {
      socket.destroy();
      resolve();
    });
    socket.once("error", (err) => {
      socket.destroy();
      reject(err);
    });
  });
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)) || "unknown error";

export async function probeDirectorySteps(cfg: DirectoryConfig, login?: string): Promise<ProbeResult> {
  const ms = cfg.connectionTimeout * 1000;
  const steps: ProbeStep[] = [];
  const skipRest = (from: ProbeStepName[]) => {
    for (const step of from) steps.push({ step, status: "skipped", detail: "Not tried: an earlier step failed." });
  };
  try {
    await withTimeout(reach(cfg), ms, "connect");
  } catch (err) {
    steps.push({ step: "connect", status: "failed", detail: `Cannot reach ${cfg.serverUri}: ${message(err)}.` });
    skipRest(["bind", "search_base", "find_user"]);
    return { ok: false, steps, user: null };
  }
  const client = newClient(cfg);
  let user: DirectoryUser | null = null;
  try {
    try {
      await withTimeout(secure(client, cfg), ms, "StartTLS");
      const tlsNote = /^ldaps:/i.test(cfg.serverUri) ? " over TLS (ldaps)" : cfg.useTls ? " and upgraded to TLS (StartTLS)" : " without TLS";
      steps.push({ step: "connect", status: "ok", detail: `Connected to ${cfg.serverUri}${tlsNote}.` });
    } catch (err) {
      steps.push({ step: "connect", status: "failed", detail: `Connected, but StartTLS failed: ${message(err)}.` });
      skipRest(["bind", "search_base", "find_user"]);
      return { ok: false, steps, user: null };
    }
    try {
      await withTimeout(client.bind(cfg.bindDn, cfg.bindPassword), ms, "bind");
      steps.push({ step: "bind", status: "ok", detail: `Signed in as ${cfg.bindDn}.` });
    } catch (err) {
      const why = err instanceof InvalidCredentialsError ? "the server refused the DN or password" : message(err);
      steps.push({ step: "bind", status: "failed", detail: `Service account bind failed: ${why}.` });
      skipRest(["search_base", "find_user"]);
      return { ok: false, steps, user: null };
    }
    try {
      await withTimeout(client.search(cfg.userSearchBase, { scope: "base", filter: "(objectClass=*)", attributes: ["1.1"] }), ms, "search base");
      steps.push({ step: "search_base", status: "ok", detail: `${cfg.userSearchBase} exists and is readable.` });
    } catch (err) {
      const why = err instanceof NoSuchObjectError ? "no such entry in the directory" : message(err);
      steps.push({ step: "search_base", status: "failed", detail: `Search base ${cfg.userSearchBase}: ${why}.` });
      skipRest(["find_user"]);
      return { ok: false, steps, user: null };
    }
    if (!login) {
      steps.push({ step: "find_user", status: "skipped", detail: "Give a user name to look one up with the search filter." });
      return { ok: true, steps, user: null };
    }
    try {
      const filter = buildUserFilter(cfg.userSearchFilter, login);
      const entries = await withTimeout(searchUser(client, cfg, filter), ms, "user search");
      if (entries.length === 1) {
        user = toDirectoryUser(entries[0], cfg);
        const mail = user.email ? `, e-mail ${user.email}` : `, but it has no ${cfg.attrEmail} attribute (sign-in needs one)`;
        steps.push({ step: "find_user", status: user.email ? "ok" : "failed", detail: `Found ${user.dn}${mail}.` });
      } else {
        const why = entries.length ? "the filter matches several entries (sign-in refuses ambiguous matches)" : "no entry matches";
        steps.push({ step: "find_user", status: "failed", detail: `${filter} under ${cfg.userSearchBase}: ${why}.` });
      }
    } catch (err) {
      steps.push({ step: "find_user", status: "failed", detail: `User search failed: ${message(err)}.` });
    }
    return { ok: steps.every((s) => s.status !== "failed"), steps, user };
  } finally {
    closeQuietly(client);
  }
}
