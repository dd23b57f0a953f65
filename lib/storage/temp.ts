// Scratch files under DATA_DIR/tmp (same filesystem as the stored files, so moves are renames).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

export function tempRoot(): string {
  const dir = path.join(env().dataDir, "tmp");
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function tempPath(suffix = ""): string {
  return path.join(tempRoot(), `${randomUUID()}${suffix}`);
}

export async function removeQuietly(file: string | undefined | null): Promise<void> {
  if (file) await fs.promises.rm(file, { force: true, recursive: true }).catch(() => undefined);
}
