// Safe reading of ZIP containers (OOXML, ODF) and of the XML parts inside them. Hostile input is the norm
// here: entry count, declared sizes and per-entry compression ratio are checked when the archive is
// opened, and inflated bytes are counted while streaming (declared sizes can lie), aborting past the limits.
// Limit violations and data that cannot be read (damaged parts, malformed XML) → 400 unsupported_file_format:
// both are the content's fault (issue 16).
import yauzl from "yauzl";
import { decodeXmlText, parseXml, type XmlElement } from "@/lib/documents/xml";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export interface ZipLimits {
  maxEntries: number;
  /** Total uncompressed bytes: declared sum at open, and bytes actually inflated by all reads. */
  maxUncompressedBytes: number;
  /** Per entry uncompressed/compressed ratio, for entries larger than RATIO_FLOOR_BYTES. */
  maxRatio: number;
}

/** Entries smaller than this are never rejected for their ratio (small XML parts compress very well). */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

export function zipLimitsFromEnv(): ZipLimits {
  const e = env();
  return { maxEntries: e.ZIP_MAX_ENTRIES, maxUncompressedBytes: e.ZIP_MAX_UNCOMPRESSED_BYTES, maxRatio: e.ZIP_MAX_RATIO };
}

export interface ZipArchive {
  /** File names (directories excluded), in central-directory order. */
  listEntries(): string[];
  /** Exact name, or a case-insensitive match (OOXML part names are case-insensitive). */
  has(name: string): boolean;
  readEntry(name: string): Promise<Buffer>;
  readText(name: string): Promise<string>;
  /** Parses an XML part; malformed XML → file_rendering_failed naming the part. */
  readXml(name: string): Promise<XmlElement>;
  close(): void;
}

const refuse = (detail: string) => new AppError("unsupported_file_format", detail);
const broken = (detail: string) => new AppError("unsupported_file_format", detail);

export async function openZip(bytes: Uint8Array, limits: Partial<ZipLimits> = {}): Promise<ZipArchive> {
  const lim: ZipLimits = { ...zipLimitsFromEnv(), ...limits };
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw refuse(`The file is not a readable ZIP container (${(err as Error).message}).`);
  }
  if (zip.entryCount > lim.maxEntries) {
    zip.close();
    throw refuse(`The ZIP container has ${zip.entryCount} entries; at most ${lim.maxEntries} are accepted.`);
  }
  const entries = new Map<string, yauzl.Entry>();
  const lower = new Map<string, yauzl.Entry>();
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      declared += entry.uncompressedSize;
      if (declared > lim.maxUncompressedBytes) {
        return reject(refuse(`The ZIP container declares more than ${lim.maxUncompressedBytes} uncompressed bytes (safety limit).`));
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > lim.maxRatio) {
        return reject(refuse(`ZIP entry "${entry.fileName}" has a compression ratio of ${Math.round(ratio)}:1 (limit ${lim.maxRatio}:1).`));
      }
      if (!entry.fileName.endsWith("/") && !entries.has(entry.fileName)) {
        entries.set(entry.fileName, entry);
        if (!lower.has(entry.fileName.toLowerCase())) lower.set(entry.fileName.toLowerCase(), entry);
      }
      zip.readEntry();
    });
    zip.on("end", () => resolve());
    zip.on("error", (err: Error) => reject(refuse(`The ZIP container is damaged (${err.message}).`)));
    zip.readEntry();
  }).catch((err) => {
    zip.close();
    throw err;
  });

  let inflated = 0;
  const find = (name: string) => entries.get(name) ?? lower.get(name.toLowerCase());

  async function readEntry(name: string): Promise<Buffer> {
    const entry = find(name);
    if (!entry) throw broken(`The container has no part "${name}".`);
    if (entry.isEncrypted()) throw broken(`The container part "${name}" is encrypted.`);
    // Never trust the declared size alone: cap by the ratio and by what is left of the total budget.
    const cap = Math.min(
      entry.uncompressedSize,
      Math.max(RATIO_FLOOR_BYTES, entry.compressedSize * lim.maxRatio),
      lim.maxUncompressedBytes - inflated,
    );
    let stream: import("node:stream").Readable;
    try {
      stream = await zip.openReadStreamPromise(entry);
    } catch (err) {
      throw broken(`The container part "${name}" cannot be read (${(err as Error).message}).`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    return new Promise<Buffer>((resolve, reject) => {
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        inflated += chunk.length;
        if (size > cap) {
          stream.destroy();
          reject(refuse(`ZIP entry "${name}" inflates past its declared size or the safety limits (zip bomb?).`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on("error", (err: Error) => {
        const lying = /too many bytes|not enough bytes/i.test(err.message);
        reject(
          lying
            ? refuse(`ZIP entry "${name}" does not match its declared size (${err.message}).`)
            : broken(`The container part "${name}" is damaged (${err.message}).`),
        );
      });
      stream.on("end", () => resolve(Buffer.concat(chunks, size)));
    });
  }

  return {
    listEntries: () => [...entries.keys()],
    has: (name) => find(name) !== undefined,
    readEntry,
    readText: async (name) => decodeXmlText(await readEntry(name)),
    readXml: async (name) => {
      const data = await readEntry(name);
      try {
        return parseXml(decodeXmlText(data));
      } catch (err) {
        throw broken(`The container part "${name}" is not well-formed XML (${(err as Error).message}).`);
      }
    },
    close: () => zip.close(),
  };
}
