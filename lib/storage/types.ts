// The object storage contract every driver implements (lib/storage/local-storage.ts, s3-storage.ts);
// lib/storage/storage.ts chooses one by configuration. Keys are slash-separated relative names chosen by the caller.
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
