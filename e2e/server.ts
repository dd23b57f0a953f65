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

export const STATE_FILE = path.join(process.cwd(), "e2e", "artifacts", "server.json");

export function readServer(): E2EServer {
  return JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as E2EServer;
}
