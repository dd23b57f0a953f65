// An ingested file without running ingestion: stored bytes, parsed pages, status `parsed`. Enough for
// everything that reads a file's stored pages (extract with `file_id`) and for access checks.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

export async function seedParsedFile(
  companyId: number,
  workspaceId: number,
  opts: { filename?: string; pages?: string[]; createdById?: number } = {},
): Promise<number> {
  const filename = opts.filename ?? "notes.html";
  const pages = opts.pages ?? ["# Notes\n\nInvoice number: INV-1"];
  const storageKey = `files/${randomUUID()}/original`;
  const html = `<html><body>${pages.map((p) => `<pre>${p}</pre>`).join("")}</body></html>`;
  const stored = await storage().putBytes(storageKey, new TextEncoder().encode(html));
  const file = await db().file.create({
    data: {
      companyId,
      workspaceId,
      filename,
      title: filename,
      extension: filename.split(".").pop() ?? "",
      mimeType: "text/html",
      size: stored.size,
      sha256: stored.sha256,
      storageKey,
      status: "parsed",
      totalPages: pages.length,
      createdById: opts.createdById ?? null,
      pages: { create: pages.map((markdown, i) => ({ page: i + 1, markdown })) },
    },
  });
  return file.id;
}
