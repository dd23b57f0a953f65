// A ZIP writer for containers the engine rewrites (neutralize-package.ts): entries deflated, or stored when
// asked (ODF wants `mimetype` first and stored), names in UTF-8. Sizes stay far below ZIP64 (zip.ts limits).
import { crc32, deflateRawSync } from "node:zlib";

export interface ZipWriteEntry {
  name: string;
  data: Buffer;
  store?: boolean;
}

const UTF8_NAMES = 0x0800;

function header(size: number, fields: [bytes: 2 | 4, offset: number, value: number][]): Buffer {
  const b = Buffer.alloc(size);
  for (const [bytes, at, v] of fields) {
    if (bytes === 2) b.writeUInt16LE(v, at);
    else b.writeUInt32LE(v >>> 0, at);
  }
  return b;
}

export function writeZip(entries: ZipWriteEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const body = e.store ? e.data : deflateRawSync(e.data);
    const method = e.store ? 0 : 8;
    const crc = crc32(e.data);
    // Local header: signature, version 2.0, flags, method, time/date 0, CRC, sizes, name length.
    parts.push(
      header(30, [
        [4, 0, 0x04034b50],
        [2, 4, 20],
        [2, 6, UTF8_NAMES],
        [2, 8, method],
        [4, 14, crc],
        [4, 18, body.length],
        [4, 22, e.data.length],
        [2, 26, name.length],
      ]),
      name,
      body,
    );
    central.push(
      header(46, [
        [4, 0, 0x02014b50],
        [2, 4, 20],
        [2, 6, 20],
        [2, 8, UTF8_NAMES],
        [2, 10, method],
        [4, 16, crc],
        [4, 20, body.length],
        [4, 24, e.data.length],
        [2, 28, name.length],
        [4, 42, offset],
      ]),
      name,
    );
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = header(22, [
    [4, 0, 0x06054b50],
    [2, 8, entries.length],
    [2, 10, entries.length],
    [4, 12, directory.length],
    [4, 16, offset],
  ]);
  return Buffer.concat([...parts, directory, end]);
}
