import { describe, expect, it } from "vitest";
import { compileFilter, extensionOf, type FolderMap, inScope } from "./filter";

const folders: FolderMap = { root: [null, "root"], a: ["root", "A"], b: ["a", "B"], other: ["root", "Other"] };

describe("sitehost filter", () => {
  it("decides the scope by folder ids, with or without subfolders", () => {
    expect(inScope("b", "a", folders, true)).toBe(true);
    expect(inScope("b", "a", folders, false)).toBe(false);
    expect(inScope("a", "a", folders, false)).toBe(true);
    expect(inScope("other", "a", folders, true)).toBe(false);
    expect(inScope("unknown", "root", folders, true)).toBe(false);
    expect(inScope("b", "root", folders, true)).toBe(true);
  });

  it("applies MIME types, extensions, name patterns, exclusions and modified_after together", () => {
    const f = compileFilter({
      mime_types: ["text/*", "application/pdf"],
      extensions: [".TXT", "pdf"],
      name_patterns: ["report-*"],
      exclude_patterns: ["*draft*"],
      modified_after: "2026-01-01T00:00:00Z",
    });
    const base = { parentId: "root", mimeType: "text/plain", lastModified: "2026-02-01T00:00:00Z" };
    expect(f.refusal({ ...base, name: "report-1.txt" })).toBeNull();
    expect(f.refusal({ ...base, name: "Report-2.PDF", mimeType: "application/pdf" })).toBeNull();
    expect(f.refusal({ ...base, name: "report-1.md" })).toBe("extension");
    expect(f.refusal({ ...base, name: "summary.txt" })).toBe("name pattern");
    expect(f.refusal({ ...base, name: "report-draft.txt" })).toBe("excluded name");
    expect(f.refusal({ ...base, name: "report-1.txt", mimeType: "image/png" })).toMatch(/MIME/);
    expect(f.refusal({ ...base, name: "report-1.txt", lastModified: "2025-12-31T23:59:59Z" })).toMatch(/modified/);
    expect(compileFilter({}).refusal({ name: "anything", parentId: null })).toBeNull();
    expect(compileFilter({}).subfolders).toBe(true);
  });

  it("reads extensions", () => {
    expect(extensionOf("a.Tar.GZ")).toBe("gz");
    expect(extensionOf(".hidden")).toBe("");
    expect(extensionOf("noext")).toBe("");
  });
});
