// The default driver: objects under DATA_DIR/objects, written atomically (temp file + rename), with
// SHA-256 content hashes.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { tempPath } from "./temp";
import type { ObjectStorage, StoredObject } from "./types";

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
  // biome-ignore lint/correctness/useYield: the pipeline's sink consumes the bytes and yields nothing
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
