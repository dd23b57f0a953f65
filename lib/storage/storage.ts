// Object storage behind one interface (lib/storage/types.ts), the driver chosen by configuration: a local
// directory by default (local-storage.ts), or an S3-compatible service with STORAGE_DRIVER=s3 (s3-storage.ts).
import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import { LocalStorage } from "./local-storage";
import { s3StorageFromEnv } from "./s3-storage";
import type { ObjectStorage } from "./types";

const g = globalThis as unknown as { __docintelStorage?: ObjectStorage };

export function storage(): ObjectStorage {
  if (!g.__docintelStorage) {
    const e = env();
    g.__docintelStorage = e.STORAGE_DRIVER === "s3" ? s3StorageFromEnv(e) : new LocalStorage(path.join(e.dataDir, "objects"));
  }
  return g.__docintelStorage;
}

export function setStorageForTests(next: ObjectStorage | undefined): void {
  g.__docintelStorage = next;
}
