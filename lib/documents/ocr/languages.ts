// OCR languages: the tesseract codes this server has language data for, and the parsing of what requests and
// OCR_DEFAULT_LANGUAGES ask for.
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export const SUPPORTED_OCR_LANGUAGES = ["eng", "deu", "fra"] as const;
export type OcrLanguage = (typeof SUPPORTED_OCR_LANGUAGES)[number];

const LANGUAGE_ALIASES: Record<string, OcrLanguage> = { en: "eng", de: "deu", ger: "deu", fr: "fra", fre: "fra" };

/**
 * Validates and normalises OCR languages: accepts ["eng", "deu"], ["eng+deu"] or "eng+deu" (also `,`), case
 * and ISO 639-1 aliases (en, de, fr); duplicates dropped, order kept (the first language is the primary one).
 * Empty or missing → OCR_DEFAULT_LANGUAGES. Unknown codes → 400 bad_request naming the supported ones.
 */
export function parseOcrLanguages(input?: readonly string[] | string | null): OcrLanguage[] {
  const raw = (typeof input === "string" ? [input] : (input ?? []))
    .flatMap((s) => String(s).split(/[+,\s]+/))
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (raw.length === 0) return defaultOcrLanguages();
  const out: OcrLanguage[] = [];
  const unknown: string[] = [];
  for (const code of raw) {
    const lang = (SUPPORTED_OCR_LANGUAGES as readonly string[]).includes(code) ? (code as OcrLanguage) : LANGUAGE_ALIASES[code];
    if (!lang) unknown.push(code);
    else if (!out.includes(lang)) out.push(lang);
  }
  if (unknown.length) {
    throw new AppError(
      "bad_request",
      `Unsupported OCR language${unknown.length === 1 ? "" : "s"}: ${unknown.map((c) => `"${c}"`).join(", ")}. Supported: ${SUPPORTED_OCR_LANGUAGES.join(", ")}.`,
    );
  }
  return out;
}

/** OCR_DEFAULT_LANGUAGES, validated. */
export function defaultOcrLanguages(): OcrLanguage[] {
  const configured = env().OCR_DEFAULT_LANGUAGES;
  const langs = configured.split(/[+,]/).filter(Boolean);
  return langs.length ? parseOcrLanguages(langs) : ["eng"];
}
