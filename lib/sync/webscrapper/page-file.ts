// What a fetched page or document becomes as a file: its name, its doc_type when only the URL is known, and
// HTML as UTF-8 (the HTML engine reads UTF-8) transcoded from the charset the server declared.
import fs from "node:fs";
import path from "node:path";
import { removeQuietly, tempPath } from "@/lib/storage/temp";
import { documentType } from "./urls";

/** doc_type of an unchanged item (its Content-Type is not sent with a 304): by extension, else a web page. */
export function docTypeOf(url: URL): string {
  return documentType("", url) ?? "webpage";
}

export function fileNameOf(url: URL, extension: string): string {
  let last = url.pathname.split("/").filter(Boolean).pop() ?? "";
  try {
    last = decodeURIComponent(last);
  } catch {
    // keep it encoded
  }
  const stem = last.replace(/\.[^.]+$/, "") || url.hostname;
  return `${stem.slice(0, 150)}.${extension}`;
}

/** The page as UTF-8 (the HTML engine reads UTF-8): transcoded from the charset the server declared. */
export async function utf8Html(file: string, contentType: string): Promise<{ html: string; file: string }> {
  const bytes = await fs.promises.readFile(file);
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (!charset || charset === "utf-8" || charset === "utf8") return { html: bytes.toString("utf8"), file };
  let html: string;
  try {
    html = new TextDecoder(charset).decode(bytes);
  } catch {
    return { html: bytes.toString("utf8"), file };
  }
  const out = tempPath(path.extname(file));
  await fs.promises.writeFile(out, html, "utf8");
  await removeQuietly(file);
  return { html, file: out };
}
