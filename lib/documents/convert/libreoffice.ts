// Legacy Office files (.doc, .ppt) through LibreOffice headless: converted to docx/pptx in a private temp
// dir, then handed to the docx/pptx converters. `convertWithLibreOffice` is the generic entry point (the
// preview feature uses it to make PDFs). Every run has its own profile (concurrent soffice processes sharing
// one profile fail), a unique input name, a timeout that kills the whole process group, and cleanup always.
//
// LibreOffice must never fetch what a document links (blind SSRF, issue 16): the copy it opens has its external
// references removed (neutralize-markup.ts, neutralize-package.ts), it runs in a network namespace of its own
// (network-isolation.ts), and its profile blocks links from untrusted documents and link updates.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { trackChildProcess } from "@/lib/documents/child-processes";
import { convertDocx } from "@/lib/documents/convert/docx";
import { convertPptx } from "@/lib/documents/convert/pptx";
import { unreadableDocument } from "@/lib/documents/failures";
import { isolatedCommand, isolatedStartFailure } from "@/lib/documents/network-isolation";
import { neutralizeMarkup } from "@/lib/documents/neutralize-markup";
import { isZip, neutralizePackage } from "@/lib/documents/neutralize-package";
import type { Converter, DocumentKind } from "@/lib/documents/types";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export interface LibreOfficeOptions {
  signal?: AbortSignal;
  /** Default: LIBREOFFICE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Extension (without dot) to give the input copy, e.g. "doc"; default: the input path's extension. */
  inputExtension?: string;
}

const failed = (detail: string) => new AppError("file_rendering_failed", detail);

/**
 * Profile settings written before the first start: links from documents outside trusted locations are not
 * loaded (LibreOffice's own SSRF guard; it stops linked images, not stylesheets), links are never updated
 * (Update/Link 2 = never), macros never run.
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
</oor:items>
`;

const MARKUP_EXTENSIONS = new Set(["html", "htm", "xhtml"]);
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Markup by its first character (LibreOffice detects formats by content, whatever the name says): HTML, or
 * XML that is not XHTML (flat ODF, Word 2003 XML, SVG), which keeps its XML syntax.
 */
function markupKind(bytes: Buffer, extension: string): "html" | "xml" | null {
  if (OLE.every((v, i) => bytes[i] === v) || bytes.subarray(0, 5).toString("latin1") === "%PDF-") return null;
  const head = bytes.subarray(0, 4096).toString("utf8");
  if (!/^\uFEFF?\s*</.test(head)) return MARKUP_EXTENSIONS.has(extension) ? "html" : null;
  return !MARKUP_EXTENSIONS.has(extension) && /^\uFEFF?\s*<\?xml/i.test(head) && !/<html[\s>]/i.test(head) ? "xml" : "html";
}

/** The bytes LibreOffice opens: external references removed (see the file header). */
export async function renderableCopy(bytes: Buffer, extension: string): Promise<Buffer> {
  if (isZip(bytes)) return neutralizePackage(bytes);
  const kind = markupKind(bytes, extension);
  if (!kind) return bytes;
  return Buffer.concat([BOM, Buffer.from(neutralizeMarkup(new TextDecoder("utf-8").decode(bytes), { xml: kind === "xml" }), "utf8")]);
}

// soffice takes ~200 MB and a core while it runs: at most one per core in this process.
const MAX_PARALLEL = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  while (running >= MAX_PARALLEL) {
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (signal?.aborted) {
      waiting.shift()?.(); // pass the wake-up on
      signal.throwIfAborted();
    }
  }
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Converts a file with `soffice --headless --convert-to <target>` and returns the output bytes.
 * `target` is an extension with an optional filter, e.g. "pdf", "docx", `docx:"MS Word 2007 XML"`.
 */
export async function convertWithLibreOffice(inputPath: string, target: string, opts: LibreOfficeOptions = {}): Promise<Buffer> {
  const { signal } = opts;
  signal?.throwIfAborted();
  const timeoutMs = opts.timeoutMs ?? env().LIBREOFFICE_TIMEOUT_MS;
  const targetExt = target.split(":")[0].toLowerCase();
  if (!/^[a-z0-9]+$/.test(targetExt)) throw new Error(`Invalid LibreOffice target "${target}"`);
  const inExt = (opts.inputExtension ?? path.extname(inputPath).slice(1)).toLowerCase().replace(/[^a-z0-9]/g, "");
  return slot(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lo-"));
    try {
      const base = randomUUID();
      const input = path.join(dir, inExt ? `${base}.${inExt}` : base);
      const outDir = path.join(dir, "out");
      await writeFile(input, await renderableCopy(await readFile(inputPath), inExt));
      const profile = path.join(dir, "profile");
      await mkdir(path.join(profile, "user"), { recursive: true });
      await writeFile(path.join(profile, "user", "registrymodifications.xcu"), PROFILE_SETTINGS);
      const args = [
        "--headless",
        "--norestore",
        "--nolockcheck",
        "--nodefault",
        "--nologo",
        "--nofirststartwizard",
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        "--convert-to",
        target,
        "--outdir",
        outDir,
        input,
      ];
      const command = await isolatedCommand(env().LIBREOFFICE_PATH, args);
      const { code, stderr } = await run(command.cmd, command.args, timeoutMs, signal);
      if (isolatedStartFailure(code, stderr)) throw failed(`LibreOffice is not installed (${env().LIBREOFFICE_PATH} could not be started).`);
      const output = await readFile(path.join(outDir, `${base}.${targetExt}`)).catch(() => undefined);
      if (!output || output.length === 0) {
        const why = stderr
          .replace(/.*javaldx.*\n?/g, "")
          .trim()
          .split("\n")
          .slice(-3)
          .join(" ")
          .slice(0, 300);
        // "source file could not be loaded": the document itself is unreadable, not the engine broken.
        const make = !code && /source file could not be loaded/i.test(stderr) ? unreadableDocument : failed;
        throw make(`LibreOffice could not convert the file to ${targetExt}${code ? ` (exit code ${code})` : ""}${why ? `: ${why}` : ""}.`);
      }
      return output;
    } finally {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }, signal);
}

function run(cmd: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // detached: the child leads its own process group, so soffice.bin and helpers die with it.
    const child = spawn(cmd, args, { detached: true, stdio: ["ignore", "ignore", "pipe"] });
    trackChildProcess(child, true);
    let stderr = "";
    let settled = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      killGroup();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(failed(`LibreOffice did not finish within ${timeoutMs} ms.`))), timeoutMs);
    const onAbort = () => finish(() => reject(signal?.reason ?? new Error("aborted")));
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stderr?.on("data", (d: Buffer) => {
      if (stderr.length < 65536) stderr += d.toString("utf8");
    });
    child.on("error", (err: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          err.code === "ENOENT"
            ? failed(`LibreOffice is not installed (${cmd} not found).`)
            : failed(`LibreOffice failed to start (${err.message}).`),
        ),
      ),
    );
    child.on("close", (code) => finish(() => resolve({ code, stderr })));
  });
}

const TARGET: Partial<Record<DocumentKind, { kind: "docx" | "pptx"; mimeType: string; converter: Converter }>> = {
  doc: { kind: "docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", converter: convertDocx },
  ppt: { kind: "pptx", mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", converter: convertPptx },
};

/** DOC → DOCX and PPT → PPTX with LibreOffice, then the docx/pptx converter. */
export const convertLegacyOffice: Converter = async (input) => {
  const target = TARGET[input.type.kind];
  if (!target) throw new AppError("unsupported_file_format", `LibreOffice conversion is not set up for ${input.type.kind} files.`);
  const bytes = await convertWithLibreOffice(input.path, target.kind, { signal: input.options.signal, inputExtension: input.type.kind });
  return target.converter({ ...input, bytes, type: { kind: target.kind, mimeType: target.mimeType, extension: target.kind } });
};

export const convertDoc: Converter = (input) => convertLegacyOffice({ ...input, type: { ...input.type, kind: "doc" } });
export const convertPpt: Converter = (input) => convertLegacyOffice({ ...input, type: { ...input.type, kind: "ppt" } });
