// Shared state between global setup, the specs and teardown (written to a file: they run in
// different processes).
import fs from "node:fs";
import path from "node:path";

export interface E2EServer {
  baseURL: string;
  apiKey: string;
  companyId: number;
  pid: number;
  dataDir: string;
}

/** The bootstrap admin's console credentials (admin CLI `--password`). */
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password-1" } as const;

/** Artifacts (state, screenshots, results); E2E_ARTIFACTS_DIR separates concurrent runs. */
export const ARTIFACTS_DIR = process.env.E2E_ARTIFACTS_DIR || path.join(process.cwd(), "e2e", "artifacts");

export const STATE_FILE = path.join(ARTIFACTS_DIR, "server.json");

export function readServer(): E2EServer {
  return JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as E2EServer;
}
