// Boots the built app on a fresh embedded database in a temp DATA_DIR, as a user would after the
// Quick start: bootstrap a company/admin/key with the admin CLI, then `next start`.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN, STATE_FILE } from "./server";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-e2e-"));
  // IS_LDAP_ON: e2e/sign-in.spec.ts signs in through a throwaway slapd directory.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", IS_LDAP_ON: "true" };
  delete env.DATABASE_URL;
  env.DOCUMENT_URL_ALLOWLIST = "127.0.0.1,::1,localhost"; // e2e/datasource-sync.spec.ts crawls a site it serves on loopback
  const out = execFileSync(
    "npx",
    [
      "tsx",
      "--conditions=react-server",
      "scripts/admin.ts",
      "bootstrap",
      "--company",
      "E2E Company",
      "--email",
      E2E_ADMIN.email,
      "--password",
      E2E_ADMIN.password,
      "--instance-admin",
    ],
    { env, encoding: "utf8" },
  );
  const creds = JSON.parse(out.trim().split("\n").pop()!);
  const port = await freePort();
  const logFile = fs.openSync(path.join(dataDir, "server.log"), "w");
  const child = spawn("npx", ["next", "start", "-p", String(port)], { env, stdio: ["ignore", logFile, logFile], detached: true });
  child.unref();
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/v3/system/status`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${fs.readFileSync(path.join(dataDir, "server.log"), "utf8")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify({ baseURL, apiKey: creds.api_key, companyId: creds.company_id, pid: child.pid, dataDir }));
}
