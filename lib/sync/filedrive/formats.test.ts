import { describe, expect, it } from "vitest";
import { compileFilter, fileNameOf, formatOf, globToRegExp, versionOf } from "./formats";

describe("filedrive formats", () => {
  it("exports native files to formats the engine reads and leaves unreadable types out", () => {
    expect(formatOf("application/vnd.google-apps.document")).toMatchObject({ docType: "document", extension: "docx" });
    expect(formatOf("application/vnd.google-apps.spreadsheet")).toMatchObject({ docType: "spreadsheet", exportMime: "application/pdf" });
    expect(formatOf("application/vnd.google-apps.presentation")?.extension).toBe("pptx");
    expect(formatOf("application/pdf")).toEqual({ docType: "pdf" });
    expect(formatOf("video/mp4")).toBeNull();
    expect(formatOf("application/vnd.google-apps.form")).toBeNull();
    expect(formatOf("application/vnd.google-apps.folder")).toBeNull();
  });

  it("versions by content hash, else revision and time; exports name their format", () => {
    const pdf = formatOf("application/pdf")!;
    const doc = formatOf("application/vnd.google-apps.document")!;
    expect(versionOf({ md5Checksum: "abc", version: "7" }, pdf)).toBe("md5:abc");
    expect(versionOf({ version: "7", modifiedTime: "2026-01-01T00:00:00.000Z" }, doc)).toBe(
      "v:7@2026-01-01T00:00:00.000Z>application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(fileNameOf({ name: "Plan" }, doc)).toBe("Plan.docx");
    expect(fileNameOf({ name: "Plan.DOCX" }, doc)).toBe("Plan.DOCX");
    expect(fileNameOf({ name: "a.pdf" }, pdf)).toBe("a.pdf");
  });

  it("filters by MIME type (families too), name globs and modification time", () => {
    const f = compileFilter({
      mime_types: ["image/*", "application/pdf"],
      name_patterns: ["report-*.pdf", "*.PNG"],
      modified_after: "2026-01-01T00:00:00Z",
    });
    const at = "2026-02-01T00:00:00.000Z";
    expect(f.refusal({ name: "report-1.pdf", mimeType: "application/pdf", modifiedTime: at })).toBeNull();
    expect(f.refusal({ name: "logo.png", mimeType: "image/png", modifiedTime: at })).toBeNull();
    expect(f.refusal({ name: "notes.txt", mimeType: "text/plain", modifiedTime: at })).toMatch(/mime_types/);
    expect(f.refusal({ name: "other.pdf", mimeType: "application/pdf", modifiedTime: at })).toMatch(/name_patterns/);
    expect(f.refusal({ name: "report-0.pdf", mimeType: "application/pdf", modifiedTime: "2025-12-31T00:00:00Z" })).toMatch(/modified_after/);
    expect(compileFilter({}).refusal({ name: "x", mimeType: "text/plain" })).toBeNull();
    expect(globToRegExp("a?c.(1)").test("abc.(1)")).toBe(true);
  });
});
