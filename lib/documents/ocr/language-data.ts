// Language data and the tesseract worker script. Language data comes from the @tesseract.js-data/<lang>
// packages (4.0.0_best_int, gzip); nothing is fetched from the network. The pool's workers read it through
// one private temp directory of links to every supported language's file (removed on shutdown; directories
// of processes that died without cleaning up are swept when the next one is made).
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { type OcrLanguage, SUPPORTED_OCR_LANGUAGES } from "./languages";

function moduleRequire(): NodeJS.Require {
  // Resolved from the app's directory at run time, not by the bundler.
  return createRequire(path.join(process.cwd(), "package.json"));
}

export function langDataFile(lang: OcrLanguage): string {
  const file = `${lang}.traineddata.gz`;
  try {
    const pkg = moduleRequire().resolve(`@tesseract.js-data/${lang}/package.json`);
    const p = path.join(path.dirname(pkg), "4.0.0_best_int", file);
    if (fs.existsSync(p)) return p;
  } catch {
    // fall through
  }
  const p = path.join(process.cwd(), "node_modules", "@tesseract.js-data", lang, "4.0.0_best_int", file);
  if (fs.existsSync(p)) return p;
  throw new AppError("internal_server_error", `OCR language data for "${lang}" is not installed (package @tesseract.js-data/${lang}).`);
}

export function tesseractWorkerPath(): string | undefined {
  try {
    return moduleRequire().resolve("tesseract.js/src/worker-script/node/index.js");
  } catch {
    return undefined; // tesseract.js's own default
  }
}

const LANG_DIR_PREFIX = "docintel-tessdata-";

/** Removes language-data link directories left by processes that died without cleaning up (killed). */
function sweepStaleLanguageDirs(): void {
  try {
    for (const name of fs.readdirSync(os.tmpdir())) {
      const m = new RegExp(`^${LANG_DIR_PREFIX}(\\d+)-`).exec(name);
      if (!m || Number(m[1]) === process.pid) continue;
      try {
        process.kill(Number(m[1]), 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ESRCH") fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
      }
    }
  } catch {
    // best effort
  }
}

/** A private directory with links to every supported language's data, so one langPath serves all combinations. */
export function linkLanguageDir(): string {
  sweepStaleLanguageDirs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${LANG_DIR_PREFIX}${process.pid}-`));
  for (const lang of SUPPORTED_OCR_LANGUAGES) {
    const target = path.join(dir, `${lang}.traineddata.gz`);
    const source = langDataFile(lang);
    try {
      fs.symlinkSync(source, target);
    } catch {
      fs.copyFileSync(source, target);
    }
  }
  return dir;
}
