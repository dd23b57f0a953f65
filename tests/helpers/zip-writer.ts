// ZIP archives written by hand for tests: headers can lie like a hostile file's (declared sizes,
// precomputed deflated bodies for zip bombs), which no ZIP library would write.
import { crc32, deflateRawSync } from "node:zlib";

export interface ZipEntry {
  name: string;
  data?: Buffer;
  /** Precomputed deflated body (with `data` absent, sizes come from `size`). */
  deflated?: Buffer;
  /** Declared uncompressed size (may lie). */
  size?: number;
  store?: boolean;
}

/** A header record of `size` bytes: little-endian [value, offset] fields, 16 and 32 bits wide. */
function record(size: number, u16: [number, number][], u32: [number, number][]): Buffer {
  const b = Buffer.alloc(size);
  for (const [v, at] of u16) b.writeUInt16LE(v, at);
  for (const [v, at] of u32) b.writeUInt32LE(v, at);
  return b;
}

/** A ZIP archive of the given entries (deflated unless `store`), exactly as declared. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = e.data ?? Buffer.alloc(0);
    const body = e.deflated ?? (e.store ? data : deflateRawSync(data));
    const method = e.store ? 0 : 8;
    const size = e.size ?? data.length;
    const crc = crc32(data);
    // Local file header: version needed, method, CRC, compressed size, (declared) uncompressed size, name length.
    const local = record(
      30,
      [
        [20, 4],
        [method, 8],
        [name.length, 26],
      ],
      [
        [0x04034b50, 0],
        [crc, 14],
        [body.length, 18],
        [size, 22],
      ],
    );
    // Central directory header: version made by / needed, the same fields, and the local header's offset.
    const central = record(
      46,
      [
        [20, 4],
        [20, 6],
        [method, 10],
        [name.length, 28],
      ],
      [
        [0x02014b50, 0],
        [crc, 16],
        [body.length, 20],
        [size, 24],
        [offset, 42],
      ],
    );
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  // End of central directory: entry counts (this disk, total), directory size and offset.
  const end = record(
    22,
    [
      [entries.length, 8],
      [entries.length, 10],
    ],
    [
      [0x06054b50, 0],
      [cd.length, 12],
      [offset, 16],
    ],
  );
  return Buffer.concat([...locals, cd, end]);
}

/** A well-formed ZIP of the given files, in order: deflated, except `mimetype`, stored as ODF requires. */
export function zipFiles(files: Record<string, string | Buffer>): Buffer {
  return makeZip(Object.entries(files).map(([name, content]) => ({ name, data: Buffer.from(content), store: name === "mimetype" })));
}
