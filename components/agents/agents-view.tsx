"use client";
// Agents page: the agents visible to the caller (search by name, filter by visibility, paged).
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import { SearchField } from "@/components/ui/search-field";
import { Select } from "@/components/ui/select";
import { formatDate } from "@/lib/client/format";
import { useAgents } from "@/lib/client/hooks/use-agents";
import { useDebouncedValue } from "@/lib/client/hooks/use-debounced-value";
import type { TAgent } from "@/lib/contracts/agents";

const PAGE_SIZE = 20;

function scopeSummary(a: TAgent): string {
  const ws = a.workspace_ids.length ? `${a.workspace_ids.length} workspace${a.workspace_ids.length === 1 ? "" : "s"}` : "All readable workspaces";
  const tags = a.tag_ids.length ? `, ${a.tag_ids.length} tag${a.tag_ids.length === 1 ? "" : "s"}` : "";
  return ws + tags;
}

export function AgentsView() {
  const [search, setSearch] = useState("");
  const name = useDebouncedValue(search.trim());
  const [visibility, setVisibility] = useState<"" | TAgent["visibility"]>("");
  const [page, setPage] = useState(1);
  const agents = useAgents({ name, visibility, page, page_size: PAGE_SIZE });
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Agents"
        description="Saved settings for Ask: instructions, answer model and which documents to draw on. Private agents are yours; company agents are shared with everyone in the company."
        actions={
          <Link
            href="/agents/new"
            className="inline-flex items-center rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            New agent
          </Link>
        }
      />
      <div className="flex flex-wrap gap-4">
        <SearchField
          id="agent-search"
          label="Search agents"
          className="w-full max-w-sm"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <div className="w-48">
          <label htmlFor="agent-visibility" className="block text-sm font-medium text-slate-800">
            Visibility
          </label>
          <Select
            id="agent-visibility"
            value={visibility}
            onChange={(e) => {
              setVisibility(e.target.value as "" | TAgent["visibility"]);
              setPage(1);
            }}
          >
            <option value="">All</option>
            <option value="private">Private</option>
            <option value="company">Company</option>
          </Select>
        </div>
      </div>
      <QueryStatus
        isPending={agents.isPending}
        error={agents.error}
        isEmpty={agents.data?.count === 0}
        noun="agents"
        empty={name || visibility ? "No agent matches these filters." : "No agents yet. Create one to give Ask standing instructions and a scope."}
      >
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Agents">
          {agents.data?.results.map((a) => (
            <li key={a.id} data-testid="agent-card" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-base font-semibold">
                  <Link
                    href={`/agents/${a.id}`}
                    className="text-blue-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
                  >
                    {a.name}
                  </Link>
                </h2>
                <Badge tone={a.visibility === "company" ? "blue" : "neutral"}>{a.visibility === "company" ? "Company" : "Private"}</Badge>
              </div>
              {a.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{a.description}</p>}
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
                <dt className="font-medium text-slate-700">Model</dt>
                <dd>{a.model ?? "Default"}</dd>
                <dt className="font-medium text-slate-700">Scope</dt>
                <dd>{scopeSummary(a)}</dd>
                <dt className="font-medium text-slate-700">Retrieval</dt>
                <dd>
                  top_k {a.top_k ?? "default"} · {a.rerank ? "reranked" : "no rerank"}
                </dd>
                <dt className="font-medium text-slate-700">Updated</dt>
                <dd>{formatDate(a.updated_at)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <Pagination label="Agents" page={page} pageSize={PAGE_SIZE} count={agents.data?.count ?? 0} onPageChange={setPage} />
      </QueryStatus>
    </main>
  );
}
