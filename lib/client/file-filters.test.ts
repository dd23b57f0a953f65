import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, filtersFromParams, toFileQuery, toParams } from "./file-filters";

describe("files list filters", () => {
  it("map onto the GET /api/v3/files query, leaving blanks out", () => {
    expect(toFileQuery(DEFAULT_FILTERS)).toEqual({ ordering: "-created_at", page: 1, page_size: 25 });
    const q = toFileQuery({
      ...DEFAULT_FILTERS,
      workspace_id: "3",
      status: "embedded!",
      extension: " pdf, docx ",
      tag_id: "7",
      filename: " inv ",
      ordering: "title",
    });
    expect(q).toMatchObject({ workspace_id: "3", status: "embedded", extension: "pdf,docx", tag_id: "7", filename: "inv", ordering: "title" });
  });

  it("drop the ordering and ask for passages when searching", () => {
    const q = toFileQuery({ ...DEFAULT_FILTERS, search: "late payment", ordering: "title" });
    expect(q).toMatchObject({ search: "late payment", search_details: true });
    expect(q.ordering).toBeUndefined();
  });

  it("survive the address bar", () => {
    const f = { ...DEFAULT_FILTERS, status: "parsing_failed,embedding_failed,fail", extension: "pdf", page: 3 };
    const params = Object.fromEntries(new URLSearchParams(toParams(f).slice(1)));
    expect(filtersFromParams(params)).toEqual(f);
    expect(toParams(DEFAULT_FILTERS)).toBe("");
    expect(filtersFromParams({ page: "-2", page_size: "x", status: ["embedded", "fail"] })).toMatchObject({
      page: 1,
      page_size: 25,
      status: "embedded",
    });
  });
});
