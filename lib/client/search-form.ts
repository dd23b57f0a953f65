// The search page's form state, its URL (so a search can be bookmarked, shared and restored by the back
// button after opening a result) and the POST /api/v3/search body it stands for.
// Types only from the contracts: their values pull server modules (Prisma via the filter grammar) into
// the browser bundle.
import type { TSearchRequest } from "@/lib/contracts/search";
import type { TSearchInput } from "./hooks/use-search";

export type TSearchMode = TSearchRequest["search_mode"];
/** SEARCH_MODES of lib/contracts/search.ts (search-form.test.ts checks they agree). */
export const SEARCH_MODES = ["hybrid", "semantic", "lexical"] as const satisfies readonly TSearchMode[];

export interface TSearchForm {
  q: string;
  mode: TSearchMode;
  rerank: boolean;
  topK: number;
  workspaceIds: number[];
  tagIds: number[];
  /** As typed: "pdf, docx". */
  extensions: string;
  contentTypes: string[];
  /** YYYY-MM-DD (UTC days), or "". */
  after: string;
  before: string;
}

export const TOP_K_CHOICES = [10, 20, 50] as const;

export const EMPTY_SEARCH_FORM: TSearchForm = {
  q: "",
  mode: "hybrid",
  rerank: false,
  topK: 10,
  workspaceIds: [],
  tagIds: [],
  extensions: "",
  contentTypes: [],
  after: "",
  before: "",
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ids = (values: string[]) => [...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0))];

export function formFromParams(params: URLSearchParams): TSearchForm {
  const mode = params.get("mode");
  const topK = Number(params.get("top_k"));
  const day = (key: string) => (DAY.test(params.get(key) ?? "") ? params.get(key)! : "");
  return {
    q: params.get("q") ?? "",
    mode: SEARCH_MODES.includes(mode as TSearchMode) ? (mode as TSearchMode) : "hybrid",
    rerank: params.get("rerank") === "1",
    topK: Number.isInteger(topK) && topK >= 1 && topK <= 100 ? topK : EMPTY_SEARCH_FORM.topK,
    workspaceIds: ids(params.getAll("workspace")),
    tagIds: ids(params.getAll("tag")),
    extensions: params.get("ext") ?? "",
    contentTypes: params.getAll("type").filter(Boolean),
    after: day("after"),
    before: day("before"),
  };
}

/** Only what differs from the defaults, so plain searches keep short URLs (`/search?q=refund`). */
export function paramsFromForm(form: TSearchForm): URLSearchParams {
  const p = new URLSearchParams();
  p.set("q", form.q.trim());
  if (form.mode !== "hybrid") p.set("mode", form.mode);
  if (form.rerank) p.set("rerank", "1");
  if (form.topK !== EMPTY_SEARCH_FORM.topK) p.set("top_k", String(form.topK));
  for (const id of form.workspaceIds) p.append("workspace", String(id));
  for (const id of form.tagIds) p.append("tag", String(id));
  if (form.extensions.trim()) p.set("ext", form.extensions.trim());
  for (const path of form.contentTypes) p.append("type", path);
  if (form.after) p.set("after", form.after);
  if (form.before) p.set("before", form.before);
  return p;
}

export function splitExtensions(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** The request body, or null while there is nothing to search for. Empty filters are left out. */
export function requestFromForm(form: TSearchForm): TSearchInput | null {
  const query = form.q.trim();
  if (!query) return null;
  const filters: NonNullable<TSearchInput["filters"]> = {};
  const extensions = splitExtensions(form.extensions);
  if (extensions.length) filters.extension = extensions;
  if (form.contentTypes.length) filters.content_type = form.contentTypes;
  if (form.after) filters.created_at_after = form.after;
  // The chosen day is included: up to its last second (UTC).
  if (form.before) filters.created_at_before = `${form.before}T23:59:59Z`;
  return {
    query,
    search_mode: form.mode,
    rerank: form.rerank,
    top_k: form.topK,
    ...(form.workspaceIds.length ? { workspace_ids: form.workspaceIds } : {}),
    ...(form.tagIds.length ? { tag_ids: form.tagIds } : {}),
    ...(Object.keys(filters).length ? { filters } : {}),
  };
}

/** How many filters narrow the search (shown on the collapsed filter panel). */
export function activeFilterCount(form: TSearchForm): number {
  return (
    (form.workspaceIds.length ? 1 : 0) +
    (form.tagIds.length ? 1 : 0) +
    (splitExtensions(form.extensions).length ? 1 : 0) +
    (form.contentTypes.length ? 1 : 0) +
    (form.after || form.before ? 1 : 0)
  );
}
