// S3-compatible object storage (AWS S3, MinIO, Ceph RGW, Cloudflare R2, Garage…), chosen with
// STORAGE_DRIVER=s3. Uploads stream from the local file (multipart above one part), the SHA-256
// is kept as object metadata (`x-amz-meta-sha256`), and remote objects are downloaded to a temp
// file for `withLocalFile`. The AWS SDK is loaded on first use so that importing lib/storage stays
// cheap when the local driver is in use.
import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PassThrough, pipeline as pipe, type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import { ConfigError, type TEnv } from "@/lib/env";
import { removeQuietly, tempPath } from "./temp";
import type { ObjectStorage, StoredObject } from "./types";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Custom endpoint of an S3-compatible service; unset for AWS. */
  endpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`), what most self-hosted services need. */
  forcePathStyle: boolean;
  /** Static credentials; unset: the SDK's default chain (environment, profile, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key (`prefix/key`), to share a bucket. */
  prefix?: string;
  /** Multipart part size in bytes (S3 minimum 5 MiB); files up to one part go in a single PUT. */
  partSize?: number;
  /** Parts uploaded in parallel (memory use is about queueSize × partSize). */
  queueSize?: number;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const DELETE_BATCH = 1000;
const SHA256_META = "sha256";

type Sdk = typeof import("@aws-sdk/client-s3");
type LibStorage = typeof import("@aws-sdk/lib-storage");

let sdkPromise: Promise<[Sdk, LibStorage]> | undefined;
function loadSdk(): Promise<[Sdk, LibStorage]> {
  sdkPromise ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
  return sdkPromise;
}

/** Same rules as the local driver (relative, no `..`, no NUL), plus no empty key. */
export function safeS3Key(key: string): string {
  const norm = path.posix.normalize(key);
  if (!norm || norm === "." || norm.startsWith("..") || path.posix.isAbsolute(norm) || norm.includes("\0")) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return norm.replace(/\/+$/, "");
}

function notFoundError(key: string, cause?: unknown): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`storage object not found: ${key}`, { cause });
  err.code = "ENOENT";
  return err;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.Code === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}

/** Hashes and counts the bytes flowing through. */
function hashingStream(): Transform & { result(): StoredObject } {
  const hash = createHash("sha256");
  let size = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  }) as Transform & { result(): StoredObject };
  t.result = () => ({ size, sha256: hash.digest("hex") });
  return t;
}

async function hashFile(file: string): Promise<StoredObject> {
  const h = hashingStream();
  await pipeline(fs.createReadStream(file), h, new PassThrough().resume());
  return h.result();
}

export class S3Storage implements ObjectStorage {
  private clientPromise: Promise<S3Client> | undefined;
  private readonly prefix: string;

  constructor(private readonly options: S3StorageOptions) {
    if (!options.bucket) throw new ConfigError("S3 storage needs a bucket (S3_BUCKET).");
    this.prefix = (options.prefix ?? "").replace(/^\/+|\/+$/g, "");
    if (this.prefix) safeS3Key(this.prefix);
  }

  get bucket(): string {
    return this.options.bucket;
  }

  private client(): Promise<S3Client> {
    this.clientPromise ??= loadSdk().then(
      ([{ S3Client }]) =>
        new S3Client({
          region: this.options.region,
          endpoint: this.options.endpoint,
          forcePathStyle: this.options.forcePathStyle,
          credentials: this.options.credentials,
          // Many S3-compatible services reject the SDK's default CRC trailers on uploads; send and
          // check checksums only where the API requires them (e.g. DeleteObjects).
          ...(this.options.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
        }),
    );
    return this.clientPromise;
  }

  private objectKey(key: string): string {
    const k = safeS3Key(key);
    return this.prefix ? `${this.prefix}/${k}` : k;
  }

  async putFile(key: string, file: string): Promise<StoredObject> {
    const Key = this.objectKey(key);
    // Metadata travels in the request headers, before the body: hash the local file first, then
    // hash the bytes again as they stream out so that what was uploaded is known to match.
    const expected = await hashFile(file);
    const [, { Upload }] = await loadSdk();
    const client = await this.client();
    const streamed = hashingStream();
    // Errors of the file stream destroy `streamed`, which fails the upload.
    const body = pipe(fs.createReadStream(file), streamed, () => undefined);
    const upload = new Upload({
      client,
      params: {
        Bucket: this.options.bucket,
        Key,
        Body: body,
        ContentType: "application/octet-stream",
        Metadata: { [SHA256_META]: expected.sha256 },
      },
      partSize: Math.max(this.options.partSize ?? DEFAULT_PART_SIZE, 5 * 1024 * 1024),
      queueSize: this.options.queueSize ?? 4,
      leavePartsOnError: false,
    });
    await upload.done();
    const actual = streamed.result();
    if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) {
      await this.delete(key).catch(() => undefined);
      throw new Error(`storage upload of ${key} changed while streaming (file modified during upload)`);
    }
    await removeQuietly(file);
    return actual;
  }

  async putBytes(key: string, bytes: Uint8Array): Promise<StoredObject> {
    const Key = this.objectKey(key);
    const [{ PutObjectCommand }] = await loadSdk();
    const client = await this.client();
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sha256 = createHash("sha256").update(body).digest("hex");
    await client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key,
        Body: body,
        ContentLength: body.length,
        ContentType: "application/octet-stream",
        Metadata: { [SHA256_META]: sha256 },
      }),
    );
    return { size: body.length, sha256 };
  }

  private async getBody(key: string): Promise<Readable> {
    const Key = this.objectKey(key);
    const [{ GetObjectCommand }] = await loadSdk();
    const client = await this.client();
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key }));
      if (!res.Body) throw new Error(`storage object has no body: ${key}`);
      return res.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw notFoundError(key, err);
      throw err;
    }
  }

  async readBytes(key: string): Promise<Buffer> {
    const body = await this.getBody(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    const file = tempPath(path.posix.extname(safeS3Key(key)));
    try {
      await pipeline(await this.getBody(key), fs.createWriteStream(file));
      return await fn(file);
    } finally {
      await removeQuietly(file);
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    const [{ HeadObjectCommand }] = await loadSdk();
    const client = await this.client();
    try {
      await client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** The SHA-256 recorded at upload (object metadata), or null when the object has none. */
  async storedSha256(key: string): Promise<string | null> {
    const Key = this.objectKey(key);
    const [{ HeadObjectCommand }] = await loadSdk();
    const client = await this.client();
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key }));
      return res.Metadata?.[SHA256_META] ?? null;
    } catch (err) {
      if (isNotFound(err)) throw notFoundError(key, err);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    const [{ DeleteObjectCommand }] = await loadSdk();
    const client = await this.client();
    try {
      await client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    const Prefix = `${this.objectKey(prefix)}/`;
    const [{ ListObjectsV2Command, DeleteObjectsCommand }] = await loadSdk();
    const client = await this.client();
    let pending: string[] = [];
    const flush = async (all: boolean) => {
      while (pending.length >= DELETE_BATCH || (all && pending.length > 0)) {
        const batch = pending.slice(0, DELETE_BATCH);
        pending = pending.slice(DELETE_BATCH);
        const res = await client.send(
          new DeleteObjectsCommand({
            Bucket: this.options.bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = (res.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(
            `storage deletePrefix ${prefix}: ${failed.length} objects not deleted (${first.Key}: ${first.Code} ${first.Message ?? ""})`,
          );
        }
      }
    };
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix, ContinuationToken, MaxKeys: 1000 }));
      for (const o of page.Contents ?? []) if (o.Key) pending.push(o.Key);
      await flush(false);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    await flush(true);
  }

  /** Closes the SDK's sockets (tests, shutdown). */
  async close(): Promise<void> {
    if (this.clientPromise) (await this.clientPromise).destroy();
    this.clientPromise = undefined;
  }
}

/** The S3 driver from configuration, or a readable ConfigError when it is incomplete. */
export function s3StorageFromEnv(e: TEnv): S3Storage {
  const missing: string[] = [];
  if (!e.S3_BUCKET) missing.push("S3_BUCKET");
  if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY) missing.push("S3_SECRET_ACCESS_KEY (S3_ACCESS_KEY_ID is set)");
  if (!e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY) missing.push("S3_ACCESS_KEY_ID (S3_SECRET_ACCESS_KEY is set)");
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - STORAGE_DRIVER=s3 requires ${missing.join(", ")}`);
  }
  return new S3Storage({
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    prefix: e.S3_PREFIX,
  });
}
