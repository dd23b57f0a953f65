import { deflateRawSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { openZip } from "@/lib/documents/zip";
import { AppError } from "@/lib/errors";
import { makeZip } from "@/tests/helpers/zip-writer";

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const MB = 1024 * 1024;
let zeros200mb: Buffer; // 200 MB of zeros, deflated (~200 KB)

beforeAll(() => {
  zeros200mb = deflateRawSync(Buffer.alloc(200 * MB), { level: 9 });
});

describe("openZip", () => {
  it("lists and reads entries", async () => {
    const zip = await openZip(
      makeZip([
        { name: "a.txt", data: Buffer.from("hello") },
        { name: "dir/B.xml", data: Buffer.from("<b/>"), store: true },
      ]),
    );
    expect(zip.listEntries()).toEqual(["a.txt", "dir/B.xml"]);
    expect(zip.has("dir/b.xml")).toBe(true); // part names are case-insensitive
    expect((await zip.readEntry("a.txt")).toString()).toBe("hello");
    expect((await zip.readXml("dir/b.xml")).name).toBe("b");
    const missing = await failure(zip.readEntry("nope"));
    expect(missing.code).toBe("unsupported_file_format");
    zip.close();
  });

  it("refuses what is not a ZIP, or a truncated one", async () => {
    expect((await failure(openZip(Buffer.from("not a zip at all")))).code).toBe("unsupported_file_format");
    const whole = makeZip([{ name: "a.txt", data: Buffer.from("hello".repeat(100)) }]);
    expect((await failure(openZip(whole.subarray(0, whole.length - 10)))).code).toBe("unsupported_file_format");
  });

  it("rejects a zip bomb by its declared ratio without inflating it", async () => {
    const bomb = makeZip([{ name: "word/document.xml", deflated: zeros200mb, size: 200 * MB }]);
    const started = Date.now();
    const err = await failure(openZip(bomb));
    expect(err.code).toBe("unsupported_file_format");
    expect(err.detail).toMatch(/compression ratio/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("stops inflating an entry whose declared size lies", async () => {
    // Declares 1 KB, inflates to 200 MB: opening succeeds, reading aborts just past the declared size.
    const bomb = makeZip([{ name: "content.xml", deflated: zeros200mb, size: 1000 }]);
    const zip = await openZip(bomb);
    const started = Date.now();
    const err = await failure(zip.readEntry("content.xml"));
    expect(err.code).toBe("unsupported_file_format");
    expect(err.detail).toMatch(/content\.xml/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("counts every read against the total budget (no amplification by re-reading a part)", async () => {
    const part = Buffer.alloc(MB, 0x61);
    const zip = await openZip(makeZip([{ name: "slide.xml", data: part }]), { maxUncompressedBytes: 2.5 * MB });
    await zip.readEntry("slide.xml");
    await zip.readEntry("slide.xml");
    const err = await failure(zip.readEntry("slide.xml"));
    expect(err.code).toBe("unsupported_file_format");
  });

  it("rejects too many entries and too many declared bytes", async () => {
    const many = makeZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.txt`, store: true })));
    const err = await failure(openZip(many));
    expect(err.code).toBe("unsupported_file_format");
    expect(err.detail).toMatch(/10001 entries/);
    expect((await failure(openZip(makeZip([{ name: "a" }, { name: "b" }, { name: "c" }]), { maxEntries: 2 }))).code).toBe("unsupported_file_format");
    const big = makeZip([
      { name: "a.bin", data: Buffer.alloc(700_000, 1), store: true },
      { name: "b.bin", data: Buffer.alloc(700_000, 2), store: true },
    ]);
    expect((await failure(openZip(big, { maxUncompressedBytes: MB }))).detail).toMatch(/uncompressed bytes/);
  });

  it("reports damaged entry data as unsupported_file_format (the content's fault, issue 16)", async () => {
    const text = Buffer.from(Array.from({ length: 3000 }, (_, i) => String.fromCharCode(65 + ((i * 7919) % 26))).join(""));
    const damaged = Buffer.from(deflateRawSync(text));
    damaged.fill(0xff, 0, 16); // an invalid block type
    const zip = await openZip(makeZip([{ name: "a.xml", deflated: damaged, size: text.length }]));
    const err = await failure(zip.readEntry("a.xml"));
    expect(err.code).toBe("unsupported_file_format");
    const bad = await openZip(makeZip([{ name: "bad.xml", data: Buffer.from("<a><b></a>") }]));
    const xmlErr = await failure(bad.readXml("bad.xml"));
    expect(xmlErr.code).toBe("unsupported_file_format");
    expect(xmlErr.detail).toMatch(/bad\.xml/);
  });
});
