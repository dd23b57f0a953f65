// Legacy Office files (.doc, .ppt) through LibreOffice headless: converted to docx/pptx in a private temp
// dir, then handed to the docx/pptx converters. `convertWithLibreOffice` is the generic entry point (the
// preview feature uses it to make PDFs). Every run has its own profile (concurrent soffice processes sharing
// one profile fail), a unique input name, a timeout that kills the whole process group, and cleanup always.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { convertDocx } from "@/lib/documents/convert/docx";
import { convertPptx } from "@/lib/documents/convert/pptx";
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
      await copyFile(inputPath, input);
      const args = [
        "--headless",
        "--norestore",
        "--nolockcheck",
        "--nodefault",
        "--nologo",
        "--nofirststartwizard",
        `-env:UserInstallation=${pathToFileURL(path.join(dir, "profile")).href}`,
        "--convert-to",
        target,
        "--outdir",
        outDir,
        input,
      ];
      const { code, stderr } = await run(env().LIBREOFFICE_PATH, args, timeoutMs, signal);
      const output = await readFile(path.join(outDir, `${base}.${targetExt}`)).catch(() => undefined);
      if (!output || output.length === 0) {
        const why = stderr
          .replace(/.*javaldx.*\n?/g, "")
          .trim()
          .split("\n")
          .slice(-3)
          .join(" ")
          .slice(0, 300);
        throw failed(`LibreOffice could not convert the file to ${targetExt}${code ? ` (exit code ${code})` : ""}${why ? `: ${why}` : ""}.`);
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
