// Renderers that can follow a document's links (LibreOffice loads linked images, stylesheets, frames and
// templates by URL) run in a network namespace of their own, which has only a loopback interface that is down:
// a request to any host, the server's own loopback services included, fails at connect(). `unshare -n` needs
// CAP_SYS_ADMIN (root); without it `unshare -rn` gets one through a user namespace where the kernel allows
// unprivileged ones. Which works is probed once per process; the contents are neutralised before rendering
// either way (neutralize-references.ts), so isolation is the second layer, not the only one.
//
// Poppler (pdfinfo, pdftoppm, pdfimages) is not wrapped: it has no network client (no libcurl; a PDF's links
// are never fetched), and a namespace costs ~40 ms per process, which per-page rendering would pay hundreds of times.
import { spawn } from "node:child_process";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

export interface IsolatedCommand {
  cmd: string;
  args: string[];
  /** False when the command runs with the machine's network (RENDER_NETWORK_ISOLATION=off, or not possible here). */
  isolated: boolean;
}

const PREFIXES: readonly (readonly string[])[] = [
  ["unshare", "--net", "--"],
  ["unshare", "--map-root-user", "--net", "--"],
];

let probe: Promise<readonly string[] | null> | undefined;

function works(prefix: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(prefix[0], [...prefix.slice(1), "true"], { stdio: "ignore" });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
}

async function findPrefix(): Promise<readonly string[] | null> {
  for (const prefix of PREFIXES) if (await works(prefix)) return prefix;
  return null;
}

/** The command prefix that removes network access here, or null when the machine allows none. */
export function networkIsolationPrefix(): Promise<readonly string[] | null> {
  probe ??= findPrefix().then((prefix) => {
    if (!prefix && env().RENDER_NETWORK_ISOLATION === "auto") {
      log.warn("renderers run with network access: neither `unshare -n` nor `unshare -rn` works on this machine", {});
    }
    return prefix;
  });
  return probe;
}

/**
 * `cmd args` run without network access. RENDER_NETWORK_ISOLATION "off" runs it as it is; "required" refuses
 * (500 file_rendering_failed: the server cannot render safely) when no namespace can be made.
 */
export async function isolatedCommand(cmd: string, args: string[]): Promise<IsolatedCommand> {
  const mode = env().RENDER_NETWORK_ISOLATION;
  if (mode === "off") return { cmd, args, isolated: false };
  const prefix = await networkIsolationPrefix();
  if (!prefix) {
    if (mode === "required") {
      throw new AppError(
        "file_rendering_failed",
        "Rendering needs network isolation (RENDER_NETWORK_ISOLATION=required), which this server cannot set up.",
      );
    }
    return { cmd, args, isolated: false };
  }
  return { cmd: prefix[0], args: [...prefix.slice(1), cmd, ...args], isolated: true };
}

/** unshare reports a command it could not start with exit code 127 (126: not executable) and this message. */
export function isolatedStartFailure(code: number | null, stderr: string): boolean {
  return (code === 127 || code === 126) && /unshare: failed to execute/i.test(stderr);
}

/** Forgets the probe (tests that change the environment). */
export function resetNetworkIsolationForTests(): void {
  probe = undefined;
}
