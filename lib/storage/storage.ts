// Object storage behind one interface. The default keeps objects under DATA_DIR/objects with atomic
// writes (temp file + rename) and SHA-256 content hashes; an S3-compatible driver comes with the
// files capability. Keys are slash-separated relative names chosen by the caller.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";
import { s3StorageFromEnv } from "./s3-storage";
import { tempPath } from "./temp";

export interface StoredObject {
  size: number;
  sha256: string;
}

export interface ObjectStorage {
  /** Stores a local file under `key` (the file is moved when possible, else copied). */
  putFile(key: string, file: string): Promise<StoredObject>;
  putBytes(key: string, bytes: Uint8Array): Promise<StoredObject>;
  readBytes(key: string): Promise<Buffer>;
  /** Runs `fn` with a local path holding the object (remote drivers download it first). */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
}

function safeKey(key: string): string {
  const norm = path.posix.normalize(key);
  if (!norm || norm.startsWith("..") || path.posix.isAbsolute(norm) || norm.includes("\0")) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return norm;
}

async function hashFile(file: string): Promise<StoredObject> {
  const hash = createHash("sha256");
  let size = 0;
  await pipeline(fs.createReadStream(file), async function* (source) {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
  });
  return { size, sha256: hash.digest("hex") };
}

export class LocalStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...safeKey(key).split("/"));
  }

  async putFile(key: string, file: string): Promise<StoredObject> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const stats = await hashFile(file);
    const staging = `${target}.${process.pid}.partial`;
    try {
      await fs.promises.rename(file, staging);
    } catch {
      await pipeline(fs.createReadStream(file), fs.createWriteStream(staging));
    }
    await fs.promises.rename(staging, target);
    return stats;
  }

  async putBytes(key: string, bytes: Uint8Array): Promise<StoredObject> {
    const tmp = tempPath();
    await pipeline(Readable.from([Buffer.from(bytes)]), fs.createWriteStream(tmp));
    return this.putFile(key, tmp);
  }

  readBytes(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(key));
  }

  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    return fn(this.pathOf(key));
  }

  async exists(key: string): Promise<boolean> {
    return fs.promises.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.promises.rm(this.pathOf(prefix), { force: true, recursive: true });
  }
}

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
