// State of the files list's filters: defaults, the address-bar form (read on the server by the page, written
// by the client) and the GET /api/v3/files query it maps to. Plain module: usable from server components.
export interface FileFilterState {
  workspace_id: string;
  status: string;
  extension: string;
  tag_id: string;
  filename: string;
  search: string;
  ordering: string;
  page: number;
  page_size: number;
}

export const DEFAULT_FILTERS: FileFilterState = {
  workspace_id: "",
  status: "",
  extension: "",
  tag_id: "",
  filename: "",
  search: "",
  ordering: "-created_at",
  page: 1,
  page_size: 25,
};

export const PAGE_SIZES = [10, 25, 50, 100];

export function filtersFromParams(params: Record<string, string | string[] | undefined>): FileFilterState {
  const one = (k: string) => {
    const v = params[k];
    return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
  };
  const int = (k: string, d: number) => (Number.parseInt(one(k), 10) > 0 ? Number.parseInt(one(k), 10) : d);
  return {
    workspace_id: one("workspace_id"),
    status: one("status"),
    extension: one("extension"),
    tag_id: one("tag_id"),
    filename: one("filename"),
    search: one("search"),
    ordering: one("ordering") || DEFAULT_FILTERS.ordering,
    page: int("page", 1),
    page_size: int("page_size", DEFAULT_FILTERS.page_size),
  };
}

export function toParams(f: FileFilterState): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== "" && v !== DEFAULT_FILTERS[k as keyof FileFilterState]) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** Filter state → query of GET /api/v3/files (blank values left out; `status` single choices end in "!"). */
export function toFileQuery(f: FileFilterState) {
  return {
    workspace_id: f.workspace_id || undefined,
    status: f.status.replace(/!$/, "") || undefined,
    extension: f.extension.replace(/\s+/g, "") || undefined,
    tag_id: f.tag_id || undefined,
    filename: f.filename.trim() || undefined,
    search: f.search.trim() || undefined,
    search_details: f.search.trim() ? true : undefined,
    ordering: f.search.trim() ? undefined : f.ordering,
    page: f.page,
    page_size: f.page_size,
  };
}
