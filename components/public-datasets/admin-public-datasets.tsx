"use client";
// Instance administration, public datasets: which companies are opted in (their members read every public
// dataset; their admins may grant one to a workspace-scoped key), and which instance-level users hold the
// public-dataset management permission (they publish and manage the datasets).
import { useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import {
  useCompanies,
  usePublicDatasetManagers,
  useSetCompanyPublicDatasets,
  useSetPublicDatasetManager,
} from "@/lib/client/hooks/use-public-datasets-admin";

const PAGE_SIZE = 20;
const checkbox = "h-4 w-4 rounded border-slate-400";

export function AdminPublicDatasets({ onChanged }: { onChanged: (message: string) => void }) {
  const [companyPage, setCompanyPage] = useState(1);
  const [managerPage, setManagerPage] = useState(1);
  const companies = useCompanies({ page: companyPage, page_size: PAGE_SIZE });
  const managers = usePublicDatasetManagers({ page: managerPage, page_size: PAGE_SIZE });
  const optIn = useSetCompanyPublicDatasets();
  const permission = useSetPublicDatasetManager();
  // The asked-for state, shown from the click until the saved list is back: set in the change handler itself,
  // so the controlled checkbox never flips back while the mutation's pending state is still on its way.
  const [askedOptIn, setAskedOptIn] = useState<{ id: number; value: boolean } | null>(null);
  const [askedManager, setAskedManager] = useState<{ id: number; value: boolean } | null>(null);
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">Companies opted in</h3>
        <ApiErrorAlert error={optIn.error} />
        <QueryStatus
          isPending={companies.isPending}
          error={companies.error}
          isEmpty={companies.data?.count === 0}
          noun="companies"
          empty="No companies."
        >
          <DataTable caption="Companies and their public-datasets opt-in" columns={["Company", "Tier", "Public datasets"]} flat>
            {companies.data?.results.map((c) => (
              <tr key={c.id} data-testid="company-row">
                <td className="px-4 py-2 font-medium text-slate-900">{c.name}</td>
                <td className="px-4 py-2 text-slate-600">{c.tier}</td>
                <td className="px-4 py-2">
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className={checkbox}
                      checked={askedOptIn?.id === c.id ? askedOptIn.value : c.public_datasets}
                      disabled={optIn.isPending}
                      aria-label={`${c.name} reads public datasets`}
                      onChange={(e) => {
                        setAskedOptIn({ id: c.id, value: e.target.checked });
                        optIn.mutate(
                          { id: c.id, publicDatasets: e.target.checked },
                          {
                            // The list refreshes before the mutation settles.
                            onSettled: () => setAskedOptIn(null),
                            onSuccess: (u) => onChanged(`${u.name} ${u.public_datasets ? "now reads" : "no longer reads"} public datasets.`),
                          },
                        );
                      }}
                    />
                    {c.public_datasets ? <Badge tone="green">Opted in</Badge> : <Badge>Not opted in</Badge>}
                  </label>
                </td>
              </tr>
            ))}
          </DataTable>
          <Pagination page={companyPage} pageSize={PAGE_SIZE} count={companies.data?.count ?? 0} onPageChange={setCompanyPage} label="Companies" />
        </QueryStatus>
      </div>
      <div className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">Public-dataset managers</h3>
        <p className="text-sm text-slate-600">
          Instance-level users only. Managers publish datasets, upload or sync their documents and may delete them.
        </p>
        <ApiErrorAlert error={permission.error} />
        <QueryStatus
          isPending={managers.isPending}
          error={managers.error}
          isEmpty={managers.data?.count === 0}
          noun="instance users"
          empty="No instance-level users."
        >
          <DataTable
            caption="Instance-level users and the public-dataset management permission"
            columns={["User", "Instance role", "Manages public datasets"]}
            flat
          >
            {managers.data?.results.map((m) => {
              const name = [m.first_name, m.last_name].filter(Boolean).join(" ") || m.username;
              return (
                <tr key={m.user_id} data-testid="manager-row">
                  <td className="px-4 py-2">
                    <span className="font-medium text-slate-900">{name}</span>
                    <span className="block text-xs text-slate-600">{m.email}</span>
                  </td>
                  <td className="px-4 py-2 text-slate-600">{m.instance_role.replace("_", " ")}</td>
                  <td className="px-4 py-2">
                    <input
                      type="checkbox"
                      className={checkbox}
                      checked={askedManager?.id === m.user_id ? askedManager.value : m.manages_public_datasets}
                      disabled={permission.isPending}
                      aria-label={`${name} manages public datasets`}
                      onChange={(e) => {
                        setAskedManager({ id: m.user_id, value: e.target.checked });
                        permission.mutate(
                          { userId: m.user_id, manages: e.target.checked },
                          {
                            onSettled: () => setAskedManager(null),
                            onSuccess: (_, v) => onChanged(`${name} ${v.manages ? "now manages" : "no longer manages"} public datasets.`),
                          },
                        );
                      }}
                    />
                  </td>
                </tr>
              );
            })}
          </DataTable>
          <Pagination
            page={managerPage}
            pageSize={PAGE_SIZE}
            count={managers.data?.count ?? 0}
            onPageChange={setManagerPage}
            label="Instance users"
          />
        </QueryStatus>
      </div>
    </div>
  );
}
