import { describe, expect, it } from "vitest";
import { SEARCH_MODES as CONTRACT_MODES, ZSearchRequest } from "@/lib/contracts/search";
import { activeFilterCount, EMPTY_SEARCH_FORM, formFromParams, paramsFromForm, requestFromForm, SEARCH_MODES, type TSearchForm } from "./search-form";

const full: TSearchForm = {
  q: " INV-77341 ",
  mode: "lexical",
  rerank: true,
  topK: 20,
  workspaceIds: [3, 1],
  tagIds: [7],
  extensions: ".PDF, docx",
  contentTypes: ["finance:invoice", "legal"],
  after: "2026-01-01",
  before: "2026-01-31",
};

describe("search form", () => {
  it("offers exactly the contract's search modes", () => {
    expect([...SEARCH_MODES].sort()).toEqual([...CONTRACT_MODES].sort());
  });

  it("survives a round trip through the URL", () => {
    expect(formFromParams(paramsFromForm(full))).toEqual({ ...full, q: "INV-77341" });
  });

  it("keeps the URL of a plain search short", () => {
    expect(paramsFromForm({ ...EMPTY_SEARCH_FORM, q: "refund" }).toString()).toBe("q=refund");
  });

  it("ignores malformed URL values instead of sending them", () => {
    const form = formFromParams(new URLSearchParams("q=x&mode=fuzzy&top_k=5000&workspace=abc&workspace=2&after=yesterday"));
    expect(form).toMatchObject({ mode: "hybrid", topK: 10, workspaceIds: [2], after: "" });
  });

  it("builds a request the API contract accepts, with the end day included", () => {
    const request = requestFromForm(full)!;
    const parsed = ZSearchRequest.parse(request);
    expect(parsed).toMatchObject({ query: "INV-77341", search_mode: "lexical", rerank: true, top_k: 20, workspace_ids: [3, 1], tag_ids: [7] });
    expect(parsed.filters?.extension).toEqual(["pdf", "docx"]);
    expect(parsed.filters?.created_at_before?.toISOString()).toBe("2026-01-31T23:59:59.000Z");
    expect(parsed.filters?.content_type).toHaveLength(2);
  });

  it("sends no filters when none are set, and nothing without a query", () => {
    expect(requestFromForm({ ...EMPTY_SEARCH_FORM, q: "refund" })).toEqual({ query: "refund", search_mode: "hybrid", rerank: false, top_k: 10 });
    expect(requestFromForm({ ...EMPTY_SEARCH_FORM, q: "   " })).toBeNull();
  });

  it("counts the active filters", () => {
    expect(activeFilterCount(full)).toBe(5);
    expect(activeFilterCount(EMPTY_SEARCH_FORM)).toBe(0);
  });
});
