// One behaviour suite for every storage driver: the local directory driver in a temp dir and the S3
// driver against tests/helpers/s3-server.ts, an in-memory server speaking the S3 wire format. (s3rver was
// tried first: its ListObjectsV2 continuation tokens use DES, which OpenSSL 3 in Node ≥ 17 refuses.)
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, setEnvForTests } from "@/lib/env";
import { startS3Server, type TestS3Server } from "@/tests/helpers/s3-server";
import { LocalStorage } from "./local-storage";
import { S3Storage } from "./s3-storage";
import { setStorageForTests, storage } from "./storage";
import { tempPath, tempRoot } from "./temp";
import type { ObjectStorage } from "./types";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-storage-test-"));
const BUCKET = "docintel-test";
const MiB = 1024 * 1024;

let server: TestS3Server;
let endpoint = "";
let requests: string[] = [];

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: path.join(root, "data"), STORAGE_DRIVER: undefined });
  server = await startS3Server({ buckets: [BUCKET] });
  endpoint = server.endpoint;
  requests = server.requests;
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function s3(options: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}): S3Storage {
  return new S3Storage({
    bucket: BUCKET,
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "test-key", secretAccessKey: "test-secret" },
    partSize: 5 * MiB,
    ...options,
  });
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** Calls that may throw synchronously (the local driver's non-async methods) become rejections. */
const attempt = <T>(fn: () => Promise<T>) => Promise.resolve().then(fn);

function writeTemp(bytes: Uint8Array): string {
  const file = tempPath(".upload");
  fs.writeFileSync(file, bytes);
  return file;
}

function bytesOf(n: number, seed = 1): Buffer {
  const b = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x >>> 16;
  }
  return b;
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const drivers: { name: string; make: () => ObjectStorage; remote: boolean }[] = [
  { name: "local", make: () => new LocalStorage(path.join(root, "local-objects")), remote: false },
  { name: "s3", make: () => s3(), remote: true },
];

describe.each(drivers)("$name storage", ({ make, remote }) => {
  let store: ObjectStorage;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => {
    if (store instanceof S3Storage) await store.close();
  });

  it("round-trips bytes with the right size and sha256", async () => {
    const bytes = bytesOf(70_000);
    const stored = await store.putBytes("rt/one.bin", bytes);
    expect(stored).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect(Buffer.compare(await store.readBytes("rt/one.bin"), bytes)).toBe(0);

    const empty = await store.putBytes("rt/empty", new Uint8Array());
    expect(empty).toEqual({ size: 0, sha256: sha(new Uint8Array()) });
    expect((await store.readBytes("rt/empty")).length).toBe(0);
  });

  it("keeps keys with spaces, plus signs, percent signs and non-ASCII characters apart", async () => {
    const keys = ["odd/a b+c%20d.txt", "odd/a b+c d.txt", "odd/résumé — 日本.pdf"];
    for (const k of keys) await store.putBytes(k, Buffer.from(k));
    for (const k of keys) expect((await store.readBytes(k)).toString()).toBe(k);
    await store.deletePrefix("odd");
    for (const k of keys) expect(await store.exists(k)).toBe(false);
  });

  it("overwrites an existing key", async () => {
    await store.putBytes("rt/over", Buffer.from("first version"));
    await store.putBytes("rt/over", Buffer.from("second"));
    expect((await store.readBytes("rt/over")).toString()).toBe("second");
  });

  it("putFile stores the file's bytes and moves the source file away", async () => {
    const bytes = bytesOf(200_000, 7);
    const file = writeTemp(bytes);
    const stored = await store.putFile("pf/small.bin", file);
    expect(stored).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect(fs.existsSync(file)).toBe(false);
    expect(Buffer.compare(await store.readBytes("pf/small.bin"), bytes)).toBe(0);
  });

  it("putFile stores an empty file", async () => {
    const file = writeTemp(new Uint8Array());
    expect(await store.putFile("pf/empty", file)).toEqual({ size: 0, sha256: sha(new Uint8Array()) });
    expect(fs.existsSync(file)).toBe(false);
    expect((await store.readBytes("pf/empty")).length).toBe(0);
  });

  it("putFile handles files larger than one multipart part", async () => {
    const bytes = bytesOf(12 * MiB + 123, 3);
    const file = writeTemp(bytes);
    const stored = await store.putFile("pf/large.bin", file);
    expect(stored).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect(fs.existsSync(file)).toBe(false);
    const back = await store.readBytes("pf/large.bin");
    expect(back.length).toBe(bytes.length);
    expect(sha(back)).toBe(sha(bytes));
  });

  it("withLocalFile provides the bytes and leaves no temp file behind", async () => {
    const bytes = Buffer.from("%PDF-1.4 local file contents");
    await store.putBytes("wl/doc.pdf", bytes);
    const before = fs.readdirSync(tempRoot()).sort();
    let seen = "";
    const result = await store.withLocalFile("wl/doc.pdf", async (file) => {
      seen = file;
      expect(Buffer.compare(await fs.promises.readFile(file), bytes)).toBe(0);
      return 42;
    });
    expect(result).toBe(42);
    if (remote) {
      expect(seen.startsWith(tempRoot())).toBe(true);
      expect(seen.endsWith(".pdf")).toBe(true);
      expect(fs.existsSync(seen)).toBe(false);
    }
    expect(fs.readdirSync(tempRoot()).sort()).toEqual(before);
    expect(await store.exists("wl/doc.pdf")).toBe(true);
  });

  it("withLocalFile cleans up when the callback throws", async () => {
    await store.putBytes("wl/throws", Buffer.from("x"));
    const before = fs.readdirSync(tempRoot()).sort();
    let seen = "";
    await expect(
      store.withLocalFile("wl/throws", async (file) => {
        seen = file;
        throw new Error("callback failed");
      }),
    ).rejects.toThrow("callback failed");
    if (remote) expect(fs.existsSync(seen)).toBe(false);
    expect(fs.readdirSync(tempRoot()).sort()).toEqual(before);
  });

  it("reports missing objects as ENOENT", async () => {
    await expect(attempt(() => store.readBytes("missing/nothing"))).rejects.toMatchObject({ code: "ENOENT" });
    if (remote) {
      const before = fs.readdirSync(tempRoot()).sort();
      await expect(store.withLocalFile("missing/nothing", async () => 1)).rejects.toMatchObject({ code: "ENOENT" });
      expect(fs.readdirSync(tempRoot()).sort()).toEqual(before);
    }
  });

  it("exists and delete", async () => {
    expect(await store.exists("ed/a")).toBe(false);
    await store.putBytes("ed/a", Buffer.from("a"));
    expect(await store.exists("ed/a")).toBe(true);
    await store.delete("ed/a");
    expect(await store.exists("ed/a")).toBe(false);
    await expect(store.delete("ed/a")).resolves.toBeUndefined(); // deleting twice is fine
  });

  it("deletePrefix removes every object under prefix/ across more than 1000 keys", async () => {
    const keys = Array.from({ length: 1003 }, (_, i) => `bulk/doc/${String(i).padStart(4, "0")}`);
    keys.push("bulk/doc/nested/deeper/x", "bulk/doc/nested/y");
    await mapLimit(keys, 16, (k) => store.putBytes(k, Buffer.from(k)));
    await store.putBytes("bulk/docs/keep", Buffer.from("sibling with the same leading characters"));
    await store.putBytes("bulk/other", Buffer.from("other"));
    requests.length = 0;

    await store.deletePrefix("bulk/doc");

    for (const k of [keys[0]!, keys[999]!, keys[1000]!, keys[1002]!, "bulk/doc/nested/deeper/x"]) {
      expect(await store.exists(k)).toBe(false);
    }
    expect((await store.readBytes("bulk/docs/keep")).toString()).toMatch(/sibling/);
    expect(await store.exists("bulk/other")).toBe(true);
    if (remote) {
      expect(requests.filter((r) => r.startsWith("GET ") && r.includes("list-type=2")).length).toBeGreaterThanOrEqual(2);
      expect(requests.filter((r) => r.startsWith("POST ") && r.includes("delete")).length).toBe(2);
    }
    await expect(store.deletePrefix("bulk/never-existed")).resolves.toBeUndefined();
  });

  it.each(["../escape", "a/../../escape", "/absolute/key", "nul\0byte"])("refuses the invalid key %j", async (key) => {
    const file = writeTemp(Buffer.from("x"));
    const calls: (() => Promise<unknown>)[] = [
      () => store.putBytes(key, Buffer.from("x")),
      () => store.putFile(key, file),
      () => store.readBytes(key),
      () => store.withLocalFile(key, async () => 1),
      () => store.exists(key),
      () => store.delete(key),
      () => store.deletePrefix(key),
    ];
    for (const call of calls) await expect(attempt(call)).rejects.toThrow(/invalid storage key/);
    expect(fs.existsSync(file)).toBe(true);
    fs.rmSync(file);
  });
});

describe("s3 driver specifics", () => {
  let store: S3Storage;
  beforeAll(() => {
    store = s3();
  });
  afterAll(() => store.close());

  it("keeps the sha256 as object metadata", async () => {
    const bytes = bytesOf(1000, 9);
    await store.putBytes("meta/bytes", bytes);
    expect(await store.storedSha256("meta/bytes")).toBe(sha(bytes));
    const big = bytesOf(6 * MiB, 11);
    await store.putFile("meta/file", writeTemp(big));
    expect(await store.storedSha256("meta/file")).toBe(sha(big));
  });

  it("streams large files as a multipart upload and small ones as one PUT", async () => {
    requests.length = 0;
    await store.putFile("mp/large", writeTemp(bytesOf(11 * MiB, 5)));
    expect(requests.filter((r) => r.startsWith("POST ") && r.includes("uploads")).length).toBe(1);
    expect(requests.filter((r) => r.startsWith("PUT ") && r.includes("partNumber=")).length).toBe(3);
    expect(requests.filter((r) => r.startsWith("POST ") && r.includes("uploadId=")).length).toBe(1);
    expect(server.uploadsInProgress()).toBe(0);

    requests.length = 0;
    await store.putFile("mp/small", writeTemp(bytesOf(1000, 5)));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(new RegExp(`^PUT /${BUCKET}/mp/small(\\?|$)`));
    expect(requests[0]).not.toContain("partNumber");
  });

  it("deletePrefix fails loudly when DeleteObjects reports per-key errors", async () => {
    await store.putBytes("deny/a", Buffer.from("a"));
    await store.putBytes("deny/b", Buffer.from("b"));
    server.denyDelete = (key) => key === "deny/b";
    try {
      await expect(store.deletePrefix("deny")).rejects.toThrow(/1 objects not deleted \(deny\/b: AccessDenied/);
    } finally {
      server.denyDelete = () => false;
    }
    expect(await store.exists("deny/a")).toBe(false);
    expect(await store.exists("deny/b")).toBe(true);
  });

  it("reads objects written with the SDK's default streaming checksums (aws-chunked)", async () => {
    const { S3Client, PutObjectCommand } = await import("@aws-sdk/client-s3");
    const client = new S3Client({
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "test-key", secretAccessKey: "test-secret" },
    });
    try {
      const bytes = bytesOf(100_000, 13);
      const file = writeTemp(bytes);
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "chunked/x", Body: fs.createReadStream(file), ContentLength: bytes.length }));
      fs.rmSync(file);
      expect(sha(await store.readBytes("chunked/x"))).toBe(sha(bytes));
    } finally {
      client.destroy();
    }
  });

  it("puts every key under S3_PREFIX when one is configured", async () => {
    const prefixed = s3({ prefix: "/tenant-a/" });
    try {
      await prefixed.putBytes("files/1/original", Buffer.from("prefixed"));
      expect((await store.readBytes("tenant-a/files/1/original")).toString()).toBe("prefixed");
      expect(await prefixed.exists("files/1/original")).toBe(true);
      await prefixed.deletePrefix("files");
      expect(await store.exists("tenant-a/files/1/original")).toBe(false);
    } finally {
      await prefixed.close();
    }
  });
});

describe("storage() driver choice", () => {
  afterEach(() => {
    setStorageForTests(undefined);
    setEnvForTests({ DATA_DIR: path.join(root, "data"), STORAGE_DRIVER: undefined });
  });

  it("is the local driver by default", () => {
    setStorageForTests(undefined);
    setEnvForTests({ DATA_DIR: path.join(root, "data"), STORAGE_DRIVER: undefined });
    expect(storage()).toBeInstanceOf(LocalStorage);
  });

  it("fails readably when STORAGE_DRIVER=s3 has no S3_BUCKET", () => {
    setStorageForTests(undefined);
    setEnvForTests({ STORAGE_DRIVER: "s3", S3_BUCKET: undefined });
    expect(() => storage()).toThrow(ConfigError);
    expect(() => storage()).toThrow(/STORAGE_DRIVER=s3 requires S3_BUCKET/);
  });

  it("builds the S3 driver from configuration", async () => {
    setStorageForTests(undefined);
    setEnvForTests({
      DATA_DIR: path.join(root, "data"),
      STORAGE_DRIVER: "s3",
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "test-key",
      S3_SECRET_ACCESS_KEY: "test-secret",
    });
    const s = storage();
    expect(s).toBeInstanceOf(S3Storage);
    await s.putBytes("env/x", Buffer.from("from env"));
    expect((await s.readBytes("env/x")).toString()).toBe("from env");
    await (s as S3Storage).close();
  });
});
