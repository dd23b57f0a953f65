import fs from "node:fs";
import { readServer, STATE_FILE } from "./server";

export default async function globalTeardown() {
  if (!fs.existsSync(STATE_FILE)) return;
  const { pid, dataDir } = readServer();
  try {
    process.kill(-pid, "SIGTERM"); // the whole process group: npx and the Next.js server
  } catch {
    /* already gone */
  }
  await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(STATE_FILE, { force: true });
}
